import { forEachAnswer } from '../encoding/answer-codec';
import type { AnswerKey } from '../encoding/recompute';

/**
 * The sums of one flush of the deferred counters (docs/decisions/025), kept flat for speed and
 * memory: a flush of a saturated server's second counts ~10,000 plays, ~150,000 wrong picks over
 * ~100,000 (line, wrong song) pairs. Counts per id are typed arrays indexed by id; a wrong pick
 * is one number, `id * PAIR + wrong song`, appended to a typed array and counted by sorting (no
 * `Map` entry and no row array per pair: those made each flush megabytes of garbage, the
 * high-water mark of a loaded server's memory: docs/decisions/025, its amendment on the flush's sums).
 * Each table's deltas come out in key order, each row three numbers (`[id, occurrences,
 * correct]` or `[id, wrong song, times]`) and one number for its key (the id, or the pair
 * number), for any run of rows: a flush is written in chunks of rows (docs/decisions/041). The
 * all-time line confusions of a one-day flush are that day's rows, the same deltas.
 */
const PAIR = 2 ** 21;

/** The key of a (line or song, wrong song) row as one number, in the tables' key order. */
export const pairKey = (id: number, wrongSongId: number): number => id * PAIR + wrongSongId;

/** A table's deltas of one flush, in key order. */
export interface Deltas {
  rows: number;
  /** Rows `[from, to)` (all by default), each as its three numbers. */
  each(row: (a: number, b: number, c: number) => void, from?: number, to?: number): void;
  /** Row i's key as one number (an id, or `pairKey`): increasing with i. */
  key(i: number): number;
}

const NONE: Deltas = { rows: 0, each: () => {}, key: () => Number.NaN };

/** Occurrences and correct answers per id, and the ids touched. */
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
  /** `[id, occurrences, correct]` rows in id order (the tables' key order). */
  deltas(): Deltas {
    if (this.touched.length === 0) return NONE;
    const ids = new Float64Array(this.touched).sort();
    const { occurrences, correct } = this;
    return {
      rows: ids.length,
      key: (i) => ids[i]!,
      each(row, from = 0, to = ids.length) {
        for (let i = from; i < to; i++) {
          const id = ids[i]!;
          row(id, occurrences[id]!, correct[id]!);
        }
      },
    };
  }
}

/** Wrong picks as pair numbers, appended; counted per pair by `deltas`. */
class Picks {
  pairs = new Float64Array(4096);
  length = 0;
  add(pair: number): void {
    this.reserve(1);
    this.pairs[this.length++] = pair;
  }
  /** Appends every pick of `other`. */
  append(other: Picks): void {
    this.reserve(other.length);
    this.pairs.set(other.pairs.subarray(0, other.length), this.length);
    this.length += other.length;
  }
  private reserve(more: number): void {
    if (this.length + more <= this.pairs.length) return;
    const grown = new Float64Array(2 ** Math.ceil(Math.log2(this.length + more)));
    grown.set(this.pairs.subarray(0, this.length));
    this.pairs = grown;
  }
  /**
   * `[id, wrong song, times]` rows in key order: the upserts then walk each B-tree from one end
   * to the other instead of jumping between pages (rows in first-touched order made a flush
   * dearer: docs/decisions/025, its first amendment).
   */
  deltas(): Deltas {
    if (this.length === 0) return NONE;
    const sorted = this.pairs.subarray(0, this.length).sort();
    // Each distinct pair once, with its count.
    const pairs = new Float64Array(sorted.length);
    const times = new Uint32Array(sorted.length);
    let rows = 0;
    for (let i = 0; i < sorted.length; ) {
      const pair = sorted[i]!;
      let j = i + 1;
      while (j < sorted.length && sorted[j] === pair) j++;
      pairs[rows] = pair;
      times[rows++] = j - i;
      i = j;
    }
    return {
      rows,
      key: (i) => pairs[i]!,
      each(row, from = 0, to = rows) {
        for (let i = from; i < to; i++) {
          const pair = pairs[i]!;
          row(Math.floor(pair / PAIR), pair % PAIR, times[i]!);
        }
      },
    };
  }
}

export function createFlushSums() {
  const lyrics = new IdCounts();
  const songs = new IdCounts();
  const albums = new IdCounts();
  const songPicks = new Picks();
  /** Per day: its answer keys, its wrong picks, and their deltas once made (the same rows feed the all-time table on a one-day flush). */
  const days = new Map<string, { keys: IdCounts; picks: Picks; pairs?: Deltas }>();
  const pairsOf = (day: string): Deltas => {
    const ofDay = days.get(day)!;
    ofDay.pairs ??= ofDay.picks.deltas();
    return ofDay.pairs;
  };
  return {
    /** Adds one play's packed answers (`keyOf`: answer_keys id → the line, song, album). */
    add(day: string, packed: Uint8Array, keyOf: (keyId: number) => AnswerKey): void {
      let ofDay = days.get(day);
      if (!ofDay) {
        ofDay = { keys: new IdCounts(), picks: new Picks() };
        days.set(day, ofDay);
      }
      const { keys, picks } = ofDay;
      forEachAnswer(packed, (keyId, wrongSongId) => {
        const key = keyOf(keyId);
        const right = wrongSongId === undefined;
        keys.add(keyId, right);
        lyrics.add(key.lyricId, right);
        songs.add(key.songId, right);
        albums.add(key.albumId, right);
        if (!right) {
          if (wrongSongId >= PAIR) throw new Error(`song id ${wrongSongId} is too large for a flush pair`);
          picks.add(pairKey(key.lyricId, wrongSongId));
          songPicks.add(pairKey(key.songId, wrongSongId));
        }
      });
    },
    lyrics: () => lyrics.deltas(),
    songs: () => songs.deltas(),
    albums: () => albums.deltas(),
    songConfusions: () => songPicks.deltas(),
    /** Every day's line confusions summed: the all-time `lyric_confusions` deltas. */
    lyricConfusions: (): Deltas => {
      if (days.size === 1) return pairsOf(days.keys().next().value!);
      const all = new Picks();
      for (const { picks } of days.values()) all.append(picks);
      return all.deltas();
    },
    /** Per day in day order: `[day, answer key deltas, line confusion deltas]`. */
    days: (): [string, Deltas, Deltas][] =>
      [...days.keys()].sort().map((day) => [day, days.get(day)!.keys.deltas(), pairsOf(day)]),
  };
}

export type FlushSums = ReturnType<typeof createFlushSums>;
