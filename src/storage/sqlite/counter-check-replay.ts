/**
 * The counter check's first half: every counter recomputed from the raw record of plays, and the
 * deferred counters as they should be stored. Split from counter-check.ts so reading the record
 * (chunked, positional, interruptible) sits apart from comparing and rewriting the tables.
 */
import { count, gt } from 'drizzle-orm';
import { forEachAnswer } from '../encoding/answer-codec';
import { browserCode, deviceCode, playModeCode } from '../encoding/codes';
import {
  type AnswerKey,
  answerKeyNumber,
  type Counters,
  createRecompute,
  type ItemCounts,
  type RecordedAnswer,
} from '../encoding/recompute';
import { type LongRunOptions, nextChunk } from '../long-work';
import type { Db } from './client';
import { addDeferred, type DeferredSums, emptyDeferredSums, type FlushCursor } from './deferred-counters';
import { FLUSH_STEPS, reached } from './deferred-writes';
import { pairKey } from './flush-sums';
import { answerKeys, plays } from './schema';

/** Plays read per chunk; between chunks the event loop turns (Ctrl-C, progress output). */
const CHUNK = 5_000;

/**
 * Every counter recomputed from the raw record; with `watermark`, also the deferred counts of
 * the plays past it (recorded, not yet flushed: docs/decisions/025). Each run refills `keyIdOf`
 * (answer key number → answer_keys id), which the cumulative_answers table is keyed by.
 */
export function createRecordReplay(db: Db, keyIdOf: Map<number, number>) {
  const sqlite = db.$client;
  const playCount = db.select({ n: count() }).from(plays);
  const chunkQuery = db
    .select({
      id: plays.id,
      playerId: plays.playerId,
      day: plays.day,
      hour: plays.hour,
      mode: plays.mode,
      deviceClass: plays.deviceClass,
      browser: plays.browser,
      score: plays.score,
      answers: plays.answers,
    })
    .from(plays)
    .where(gt(plays.id, 0))
    .orderBy(plays.id)
    .limit(CHUNK)
    .toSQL();
  // Run positionally: [after id, limit]. drizzle's mapping of 5,000 rows a chunk costs more than the decoding.
  type PlayTuple = [number, number, string, number, number, number, number, number, Uint8Array];
  const chunk = sqlite.prepare<PlayTuple, [number, number]>(chunkQuery.sql);

  async function recompute(
    options: LongRunOptions,
    watermark = Number.POSITIVE_INFINITY,
    /** The last play of a flush under way in chunks: its pending plays are collected apart too. */
    flushThrough = Number.POSITIVE_INFINITY,
  ) {
    const keys = new Map<number, AnswerKey>(
      db
        .select()
        .from(answerKeys)
        .all()
        .map((k) => [k.id, { lyricId: k.lyricId, songId: k.songId, albumId: k.albumId }]),
    );
    keyIdOf.clear();
    for (const [id, key] of keys) keyIdOf.set(answerKeyNumber(key), id);
    const total = playCount.get()?.n ?? 0;
    const accumulator = createRecompute();
    const pending = emptyDeferredSums();
    const pendingAfterFlush = emptyDeferredSums();
    const keyOf = (keyId: number) => keys.get(keyId)!;
    let done = 0;
    let after = 0;
    options.onProgress?.(0, total);
    for (;;) {
      const rows = chunk.values(after, CHUNK) as unknown as PlayTuple[];
      if (rows.length === 0) break;
      for (const [id, playerId, day, hour, mode, device, browser, score, packed] of rows) {
        const answers: RecordedAnswer[] = [];
        forEachAnswer(packed, (keyId, wrongSongId) => {
          const key = keys.get(keyId);
          if (!key) throw new Error(`play ${id}: unknown answer key ${keyId}`);
          answers.push({ key, selectedSongId: wrongSongId ?? key.songId });
        });
        accumulator.add({
          playerId,
          day,
          hour,
          mode: playModeCode.name(mode),
          deviceClass: deviceCode.name(device),
          browser: browserCode.name(browser),
          score,
          answers,
        });
        if (id > watermark) addDeferred(pending, day, packed, keyOf);
        if (id > flushThrough) addDeferred(pendingAfterFlush, day, packed, keyOf);
        after = id;
      }
      done += rows.length;
      options.onProgress?.(done, total);
      await nextChunk(options.signal);
    }
    return { counters: accumulator.counters, pending, pendingAfterFlush, keys };
  }
  return recompute;
}

/**
 * The plays a deferred counter row does not count yet: those past the watermark; with a flush
 * under way in chunks (docs/decisions/041), the rows it has written count its plays too, and
 * only the plays past its last one are missing from them.
 */
export interface Uncounted {
  pending: DeferredSums;
  flush?: { cursor: FlushCursor; pending: DeferredSums };
}

/** The deferred counters as stored: the recompute without each row's uncounted plays. */
export function counted(c: Counters, uncounted: Uncounted, keys: Map<number, AnswerKey>): Counters {
  const { flush } = uncounted;
  const step = (name: (typeof FLUSH_STEPS)[number]) => FLUSH_STEPS.indexOf(name);
  /** The uncounted sums of a row (step, day or '', key as `Deltas.key` orders it). */
  const minus = (rowStep: number, day: string, key: number): DeferredSums =>
    flush && reached(flush.cursor, rowStep, day, key) ? flush.pending : uncounted.pending;
  const items = (
    all: Map<number, ItemCounts>,
    rowStep: number,
    day: string,
    of: (sums: DeferredSums) => Map<number, ItemCounts> | undefined,
    keyOf: (id: number) => number = (id) => id,
  ) => {
    const out = new Map<number, ItemCounts>();
    for (const [id, counts] of all) {
      const key = keyOf(id);
      const less = of(minus(rowStep, day, key))?.get(key);
      const occurrences = counts.occurrences - (less?.occurrences ?? 0);
      if (occurrences !== 0) out.set(id, { occurrences, correct: counts.correct - (less?.correct ?? 0) });
    }
    return out;
  };
  const picks = (
    all: Map<number, Map<number, number>>,
    rowStep: number,
    day: string,
    of: (sums: DeferredSums) => Map<number, Map<number, number>> | undefined,
  ) =>
    new Map(
      [...all].map(([id, bySong]) => [
        id,
        new Map(
          [...bySong]
            .map(
              ([song, times]) =>
                [
                  song,
                  times -
                    (of(minus(rowStep, day, pairKey(id, song)))
                      ?.get(id)
                      ?.get(song) ?? 0),
                ] as const,
            )
            .filter(([, times]) => times !== 0),
        ),
      ]),
    );
  // cumulative_answers rows are keyed by answer_keys id; the recompute by answer key number.
  const idOfNumber = new Map<number, number>();
  for (const [keyId, key] of keys) idOfNumber.set(answerKeyNumber(key), keyId);
  const answerDays = new Map<string, Map<number, ItemCounts>>();
  for (const [day, byNumber] of c.answerDays)
    answerDays.set(
      day,
      items(
        byNumber,
        step('answerDays'),
        day,
        (sums) => sums.answerDays.get(day),
        (number) => idOfNumber.get(number)!,
      ),
    );
  const confusionDays = new Map(
    [...c.confusionDays].map(([day, byLine]) => [
      day,
      picks(byLine, step('confusionDays'), day, (sums) => sums.confusionDays.get(day)),
    ]),
  );
  return {
    ...c,
    confusionDays,
    lyrics: items(c.lyrics, step('lyrics'), '', (sums) => sums.lyrics),
    songs: items(c.songs, step('songs'), '', (sums) => sums.songs),
    albums: items(c.albums, step('albums'), '', (sums) => sums.albums),
    lyricConfusions: picks(c.lyricConfusions, step('lyricConfusions'), '', (sums) => sums.lyricConfusions),
    songConfusions: picks(c.songConfusions, step('songConfusions'), '', (sums) => sums.songConfusions),
    answerDays,
  };
}
