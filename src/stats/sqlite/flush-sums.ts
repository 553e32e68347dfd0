import { forEachAnswer } from '../answer-codec';
import type { AnswerKey } from '../recompute';

/**
 * The sums of one flush of the deferred counters (docs/decisions/025), kept flat for speed: a
 * flush of 1,000 plays adds 30,000 answers, and the nested maps of `DeferredSums` (the verify's
 * shape) cost ~25 µs a play here (bench/flush-stages.ts). Counts per id are typed arrays indexed
 * by id; a (line or song, wrong song) pair is one number, `id * PAIR + wrong song`. The all-time
 * line confusions are the days' pairs summed (the same picks), so they are not counted twice.
 */
const PAIR = 2 ** 21;

/** Occurrences and correct answers per id, and the ids touched, in first-touched order. */
class IdCounts {
  occurrences = new Uint32Array(1024);
  correct = new Uint32Array(1024);
  touched: number[] = [];
  add(id: number, right: boolean): void {
    if (id >= this.occurrences.length) this.grow(id);
    if (this.occurrences[id] === 0) this.touched.push(id);
    this.occurrences[id]!++;
    if (right) this.correct[id]!++;
  }
  private grow(id: number): void {
    const size = 2 ** Math.ceil(Math.log2(id + 1));
    const occurrences = new Uint32Array(size);
    occurrences.set(this.occurrences);
    const correct = new Uint32Array(size);
    correct.set(this.correct);
    this.occurrences = occurrences;
    this.correct = correct;
  }
  /** `[id, occurrences, correct]` rows in id order (the tables' key order), as the set-based writes take them. */
  rows(): number[][] {
    return [...new Float64Array(this.touched).sort()].map((id) => [
      id,
      this.occurrences[id]!,
      this.correct[id]!,
    ]);
  }
}

const bump = (pairs: Map<number, number>, pair: number) => pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
/**
 * `[id, wrong song, times]` rows in key order: the upserts then walk each B-tree (the table's
 * key, cumulative_confusions' pair index) from one end to the other instead of jumping between
 * pages (measured: rows in first-touched order made a flush of 3,000 plays ~1.5× dearer).
 */
const pairRows = (pairs: Map<number, number>): number[][] => {
  const order = new Float64Array(pairs.keys()).sort();
  const out: number[][] = new Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const pair = order[i]!;
    out[i] = [Math.floor(pair / PAIR), pair % PAIR, pairs.get(pair)!];
  }
  return out;
};

export function createFlushSums() {
  const lyrics = new IdCounts();
  const songs = new IdCounts();
  const albums = new IdCounts();
  const songPairs = new Map<number, number>();
  const days = new Map<string, { keys: IdCounts; pairs: Map<number, number> }>();
  return {
    /** Adds one play's packed answers (`keyOf`: answer_keys id → the line, song, album). */
    add(day: string, packed: Uint8Array, keyOf: (keyId: number) => AnswerKey): void {
      let ofDay = days.get(day);
      if (!ofDay) {
        ofDay = { keys: new IdCounts(), pairs: new Map() };
        days.set(day, ofDay);
      }
      const { keys, pairs } = ofDay;
      forEachAnswer(packed, (keyId, wrongSongId) => {
        const key = keyOf(keyId);
        const right = wrongSongId === undefined;
        keys.add(keyId, right);
        lyrics.add(key.lyricId, right);
        songs.add(key.songId, right);
        albums.add(key.albumId, right);
        if (!right) {
          if (wrongSongId >= PAIR) throw new Error(`song id ${wrongSongId} is too large for a flush pair`);
          bump(pairs, key.lyricId * PAIR + wrongSongId);
          bump(songPairs, key.songId * PAIR + wrongSongId);
        }
      });
    },
    lyrics: () => lyrics.rows(),
    songs: () => songs.rows(),
    albums: () => albums.rows(),
    songConfusions: () => pairRows(songPairs),
    /** Every day's line confusions summed: the all-time `lyric_confusions` deltas. */
    lyricConfusions: (): number[][] => {
      if (days.size === 1) return pairRows([...days.values()][0]!.pairs);
      const all = new Map<number, number>();
      for (const { pairs } of days.values())
        for (const [pair, times] of pairs) all.set(pair, (all.get(pair) ?? 0) + times);
      return pairRows(all);
    },
    /** Per day in day order: `[day, answer key rows, line confusion rows]`. */
    days: (): [string, number[][], number[][]][] =>
      [...days.keys()].sort().map((day) => {
        const { keys, pairs } = days.get(day)!;
        return [day, keys.rows(), pairRows(pairs)];
      }),
  };
}

export type FlushSums = ReturnType<typeof createFlushSums>;
