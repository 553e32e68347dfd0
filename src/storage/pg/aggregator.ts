/**
 * The aggregator (docs/decisions/030): folds pending plays into every counter, one transaction at
 * a time across all instances (AGGREGATOR_LOCK, locks.ts). In one transaction it reads the pending
 * plays with their raw record, sums them (the same sums the recompute of verify uses), adds the
 * sums to the counters, deletes the pending rows and bumps the statistics version: a play is
 * counted exactly once, whichever instance folds it, and a fold that dies counts nothing.
 * The pending quizzes issued are folded the same way.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { forEachAnswer } from '../encoding/answer-codec';
import { browserCode, deviceCode, playModeCode } from '../encoding/codes';
import { type AnswerKey, answerKeyNumber, type CountedAnswer, createBatchSums } from '../encoding/recompute';
import type { PgDb } from './client';
import { AGGREGATOR_LOCK } from './locks';
import { numberArray } from './pg-arrays';
import { createBatchCounters, upsertMany } from './play-batch-counters';
import type { PgRunner } from './running-totals';
import {
  answerKeys,
  dailyLines,
  dailyScores,
  pendingPlays,
  pendingQuizzes,
  plays,
  statsVersion,
} from './schema';

/** Plays folded in one transaction at most (a backlog after an outage is folded in several). */
const FOLD_LIMIT = 20_000;

/** The `firsts` bits of a pending row (play-batch-write.ts). */
export const FIRST_OF_PLAYER = 1;
export const FIRST_TODAY = 2;
export const FIRST_THIS_HOUR = 4;

type DailySums = {
  scores: Map<string, number>;
  lines: Map<string, { occurrences: number; correct: number }>;
};

interface PendingRow {
  firsts: number;
  day: string;
  hour: number;
  mode: number;
  deviceClass: number;
  browser: number;
  score: number;
  answers: Uint8Array;
}

/** The sums of the pending plays read (their answer keys in `keys`): every counter's deltas. */
function sumPending(rows: PendingRow[], keys: ReadonlyMap<number, AnswerKey>) {
  const sums = createBatchSums(true);
  const daily: DailySums = { scores: new Map(), lines: new Map() };
  const keyIds = new Map<number, number>();
  for (const row of rows) {
    const answers: CountedAnswer[] = [];
    forEachAnswer(row.answers, (keyId, wrongSongId) => {
      const key = keys.get(keyId)!;
      keyIds.set(answerKeyNumber(key), keyId);
      answers.push({ ...key, selectedSongId: wrongSongId ?? key.songId });
    });
    const mode = playModeCode.name(row.mode);
    sums.add(
      {
        day: row.day,
        hour: row.hour,
        mode,
        deviceClass: deviceCode.name(row.deviceClass),
        browser: browserCode.name(row.browser),
        score: row.score,
        answers,
      },
      {
        firstOfPlayer: (row.firsts & FIRST_OF_PLAYER) !== 0,
        firstOfPlayerToday: (row.firsts & FIRST_TODAY) !== 0,
        firstOfPlayerThisHour: (row.firsts & FIRST_THIS_HOUR) !== 0,
      },
    );
    if (mode === 'daily') {
      const k = `${row.day}|${row.score}`;
      daily.scores.set(k, (daily.scores.get(k) ?? 0) + 1);
      for (const a of answers) {
        const line = `${row.day}|${a.lyricId}`;
        const c = daily.lines.get(line) ?? { occurrences: 0, correct: 0 };
        c.occurrences++;
        if (a.selectedSongId === a.songId) c.correct++;
        daily.lines.set(line, c);
      }
    }
  }
  return { sums, daily, keyIds };
}

/** Whether any play or quiz count waits to be folded in (one indexed probe each). */
async function anythingPending(db: PgDb): Promise<boolean> {
  const [row] = (await db.execute(
    sql`SELECT EXISTS (SELECT 1 FROM ${pendingPlays}) OR EXISTS (SELECT 1 FROM ${pendingQuizzes}) AS any`,
  )) as unknown as { any: boolean }[];
  return row?.any === true;
}

/**
 * No JIT in the fold's transaction: its statements over a few thousand rows were estimated costly
 * enough to be compiled (17 ms a statement), on the one serial transaction of the cluster
 * (docs/decisions/043).
 */
const FOLD_PLANS = sql`SELECT set_config('jit', 'off', true)`;

/** The `meta` key holding when the last fold began (epoch ms, the database's clock). */
const FOLDED_AT = 'aggregator_folded_at';

/**
 * Whether this turn folds: the aggregator's lock is free, and the last fold of any instance began
 * at least `spacingMs` ago. The spacing keeps one fold per turn's length for the whole cluster,
 * not per instance: with each instance folding on its own timer, n instances folded n times as
 * often, each fold 1/n of the plays but about as many counter rows (the rows are shared between
 * plays), so every instance added fold work per play (issue 31; docs/decisions/030's second
 * amendment). Read after the lock is held, so a fold that just committed is seen.
 */
async function mayFold(tx: PgRunner, spacingMs: number): Promise<boolean> {
  const [lock] = (await tx.execute(
    sql`SELECT pg_try_advisory_xact_lock(${AGGREGATOR_LOCK}) AS got`,
  )) as unknown as { got: boolean }[];
  if (!lock?.got) return false;
  if (spacingMs <= 0) return true;
  const [last] = (await tx.execute(
    sql`SELECT extract(epoch FROM clock_timestamp()) * 1000 - value::bigint AS age FROM meta WHERE key = ${FOLDED_AT}`,
  )) as unknown as { age: string | number }[];
  return last === undefined || Number(last.age) >= spacingMs;
}

export function createAggregator(db: PgDb) {
  const counters = createBatchCounters();
  /** Answer keys by id (a key never changes once written). */
  const keys = new Map<number, AnswerKey>();

  const loadKeys = async (tx: PgRunner, answers: Uint8Array[]) => {
    const missing = new Set<number>();
    for (const bytes of answers)
      forEachAnswer(bytes, (keyId) => {
        if (!keys.has(keyId)) missing.add(keyId);
      });
    if (missing.size === 0) return;
    for (const k of await tx
      .select()
      .from(answerKeys)
      .where(inArray(answerKeys.id, [...missing])))
      keys.set(k.id, { lyricId: k.lyricId, songId: k.songId, albumId: k.albumId });
  };

  const writeDaily = async (tx: PgRunner, daily: DailySums) => {
    await upsertMany(
      tx,
      dailyScores,
      [...daily.scores].map(([k, n]) => ({
        day: k.split('|')[0]!,
        score: Number(k.split('|')[1]),
        plays: n,
      })),
      [dailyScores.day, dailyScores.score],
      ['plays'],
    );
    await upsertMany(
      tx,
      dailyLines,
      [...daily.lines].map(([k, c]) => ({
        day: k.split('|')[0]!,
        lyricId: Number(k.split('|')[1]),
        ...c,
      })),
      [dailyLines.day, dailyLines.lyricId],
      ['occurrences', 'correct'],
    );
  };

  /** One fold in the caller's transaction (the lock held): the plays folded, and whether any counter changed. */
  const foldIn = async (tx: PgRunner): Promise<{ plays: number; changed: boolean }> => {
    await tx.execute(FOLD_PLANS);
    const rows = await tx
      .select({
        id: pendingPlays.playId,
        firsts: pendingPlays.firsts,
        day: plays.day,
        hour: plays.hour,
        mode: plays.mode,
        deviceClass: plays.deviceClass,
        browser: plays.browser,
        score: plays.score,
        answers: plays.answers,
      })
      .from(pendingPlays)
      .innerJoin(plays, eq(plays.id, pendingPlays.playId))
      .orderBy(asc(pendingPlays.playId))
      .limit(FOLD_LIMIT);
    const issued = (await tx.execute(
      sql`DELETE FROM ${pendingQuizzes} RETURNING day, issued`,
    )) as unknown as {
      day: string;
      issued: number;
    }[];
    if (rows.length === 0 && issued.length === 0) return { plays: 0, changed: false };
    await loadKeys(
      tx,
      rows.map((r) => r.answers),
    );
    const { sums, daily, keyIds } = sumPending(rows, keys);
    const byDay = new Map<string, number>();
    for (const { day, issued: n } of issued) byDay.set(day, (byDay.get(day) ?? 0) + Number(n));
    await counters.addQuizzesIssued(tx, [...byDay].sort());
    await counters.writeCounts(tx, sums, (k) => keyIds.get(k)!);
    await writeDaily(tx, daily);
    if (rows.length > 0)
      await tx.execute(
        sql`DELETE FROM pending_plays WHERE play_id = ANY(${numberArray(rows.map((r) => r.id))}::int[])`,
      );
    await tx
      .update(statsVersion)
      .set({ version: sql`${statsVersion.version} + 1` })
      .where(eq(statsVersion.id, 1));
    // When this fold's transaction began, on the database's clock (one clock for every instance).
    await tx.execute(
      sql`INSERT INTO meta (key, value) VALUES (${FOLDED_AT}, (extract(epoch FROM now()) * 1000)::bigint::text) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    return { plays: rows.length, changed: true };
  };

  /**
   * Folds the pending plays in. `wait`: wait for another instance's fold to end, then fold
   * everything left (a flush that must leave nothing pending); otherwise an instance that finds
   * the lock taken returns at once and leaves the work to its holder, and so does one that finds
   * the last fold of any instance began less than `spacingMs` ago. `onChanged` runs after each
   * committed fold that changed a counter.
   */
  const fold = async (wait: boolean, onChanged: () => void, spacingMs = 0): Promise<number> => {
    // Nothing pending in a snapshot taken now: every play committed before is folded (a fold in
    // progress elsewhere still shows its plays as pending until it commits).
    if (!(await anythingPending(db))) return 0;
    let total = 0;
    for (let first = true; ; first = false) {
      const folded = await db.transaction(async (tx) => {
        if (wait) await tx.execute(sql`SELECT pg_advisory_xact_lock(${AGGREGATOR_LOCK})`);
        else if (!(await mayFold(tx, first ? spacingMs : 0))) return { plays: 0, changed: false };
        return foldIn(tx);
      });
      if (folded.changed) onChanged();
      total += folded.plays;
      if (folded.plays < FOLD_LIMIT) return total;
    }
  };

  return { fold };
}
