/**
 * The PostgreSQL counter check's first half: every counter recomputed from the raw record of plays,
 * read in chunks inside the caller's transaction. Split from counter-check.ts so reading the
 * record sits apart from comparing and rewriting the tables.
 */
import { asc, count, gt } from 'drizzle-orm';
import { forEachAnswer } from '../encoding/answer-codec';
import { browserCode, deviceCode, playModeCode } from '../encoding/codes';
import {
  type AnswerKey,
  answerKeyNumber,
  type Counters,
  createRecompute,
  type RecordedAnswer,
} from '../encoding/recompute';
import { type LongRunOptions, nextChunk } from '../long-work';
import type { PgRunner } from './running-totals';
import { answerKeys, plays } from './schema';

/** Plays read per chunk; between chunks the event loop turns (Ctrl-C, progress output). */
const CHUNK = 5_000;

/**
 * Every counter recomputed from the raw record. Refills `keyIdOf` (answer key number →
 * answer_keys id), which the cumulative_answers table is keyed by.
 */
export async function replayRecord(
  tx: PgRunner,
  options: LongRunOptions,
  keyIdOf: Map<number, number>,
): Promise<Counters> {
  const keys = new Map<number, AnswerKey>(
    (await tx.select().from(answerKeys)).map((k) => [
      k.id,
      { lyricId: k.lyricId, songId: k.songId, albumId: k.albumId },
    ]),
  );
  keyIdOf.clear();
  for (const [id, key] of keys) keyIdOf.set(answerKeyNumber(key), id);
  const total = (await tx.select({ n: count() }).from(plays))[0]?.n ?? 0;
  const accumulator = createRecompute();
  let done = 0;
  let after = 0;
  options.onProgress?.(0, total);
  for (;;) {
    const rows = await tx
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
      .where(gt(plays.id, after))
      .orderBy(asc(plays.id))
      .limit(CHUNK);
    if (rows.length === 0) break;
    for (const row of rows) {
      const answers: RecordedAnswer[] = [];
      forEachAnswer(row.answers, (keyId, wrongSongId) => {
        const key = keys.get(keyId);
        if (!key) throw new Error(`play ${row.id}: unknown answer key ${keyId}`);
        answers.push({ key, selectedSongId: wrongSongId ?? key.songId });
      });
      accumulator.add({
        playerId: row.playerId,
        day: row.day,
        hour: row.hour,
        mode: playModeCode.name(row.mode),
        deviceClass: deviceCode.name(row.deviceClass),
        browser: browserCode.name(row.browser),
        score: row.score,
        answers,
      });
      after = row.id;
    }
    done += rows.length;
    options.onProgress?.(done, total);
    await nextChunk(options.signal);
  }
  return accumulator.counters;
}
