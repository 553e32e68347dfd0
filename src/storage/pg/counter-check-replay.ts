/**
 * The PostgreSQL counter check's first half: every counter recomputed from the raw record of plays,
 * read in chunks inside the caller's transaction. Split from counter-check.ts so reading the
 * record sits apart from comparing and rewriting the tables.
 */
import { asc, count, gt } from 'drizzle-orm';
import type { CounterDifference } from '../contract';
import { forEachAnswer } from '../encoding/answer-codec';
import { browserCode, deviceCode, playModeCode } from '../encoding/codes';
import {
  type AnswerKey,
  answerKeyNumber,
  type Counters,
  createRecompute,
  type Firsts,
  type RecordedAnswer,
} from '../encoding/recompute';
import { type LongRunOptions, nextChunk } from '../long-work';
import { FIRST_OF_PLAYER, FIRST_THIS_HOUR, FIRST_TODAY } from './aggregator';
import type { PgRunner } from './running-totals';
import { answerKeys, pendingPlays, plays } from './schema';

/** Plays read per chunk; between chunks the event loop turns (Ctrl-C, progress output). */
const CHUNK = 5_000;

/** Every counter recomputed from the raw record, and what the pending plays tell apart. */
export interface Replayed {
  /** Every play: the memberships, and what a rebuild writes. */
  all: Counters;
  /** The plays folded in (not pending), each counted with the firsts `all` gave it: what the counters hold. */
  folded: Counters;
  /** Pending rows whose firsts differ from the recompute's, or whose play is not in the record. */
  pendingDifferences: CounterDifference[];
}

const firstsBits = (f: Firsts) =>
  (f.firstOfPlayer ? FIRST_OF_PLAYER : 0) |
  (f.firstOfPlayerToday ? FIRST_TODAY : 0) |
  (f.firstOfPlayerThisHour ? FIRST_THIS_HOUR : 0);

/**
 * Every counter recomputed from the raw record. Refills `keyIdOf` (answer key number →
 * answer_keys id), which the cumulative_answers table is keyed by.
 */
export async function replayRecord(
  tx: PgRunner,
  options: LongRunOptions,
  keyIdOf: Map<number, number>,
): Promise<Replayed> {
  const pending = new Map(
    (await tx.select({ id: pendingPlays.playId, firsts: pendingPlays.firsts }).from(pendingPlays)).map(
      (p) => [p.id, p.firsts],
    ),
  );
  const pendingDifferences: CounterDifference[] = [];
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
  const folded = createRecompute();
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
      const play = {
        playerId: row.playerId,
        day: row.day,
        hour: row.hour,
        mode: playModeCode.name(row.mode),
        deviceClass: deviceCode.name(row.deviceClass),
        browser: browserCode.name(row.browser),
        score: row.score,
        answers,
      };
      const firsts = accumulator.add(play);
      const stored = pending.get(row.id);
      if (stored === undefined) folded.add(play, firsts);
      else {
        pending.delete(row.id);
        if (stored !== firstsBits(firsts))
          pendingDifferences.push({
            table: 'pending_plays',
            key: row.id,
            column: 'firsts',
            stored,
            recomputed: firstsBits(firsts),
          });
      }
      after = row.id;
    }
    done += rows.length;
    options.onProgress?.(done, total);
    await nextChunk(options.signal);
  }
  for (const [id, stored] of pending)
    pendingDifferences.push({ table: 'pending_plays', key: id, column: 'play_id', stored, recomputed: 0 });
  return { all: accumulator.counters, folded: folded.counters, pendingDifferences };
}
