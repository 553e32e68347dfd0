import { eq, inArray, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { GradedPlay } from '../../play/grade';
import type { PlayStore, PlayToRecord, QuizzesIssued, RecordOutcome } from '../contract';
import { decodeAnswers, encodeAnswers } from '../encoding/answer-codec';
import { browserCode, deviceCode, difficultyCode } from '../encoding/codes';
import { dayCounterKeys, daysRow, scoreCounterKeys, scoresRow } from '../encoding/day-rows';
import { playerHash } from '../encoding/player-hash';
import { answerKeyNumber, type BatchSums, createBatchSums } from '../encoding/recompute';
import type { Db } from './client';
import { createCounterCheck } from './counter-check';
import { addingUp, createDeferredCounters, type DeferredCounters } from './deferred-counters';
import { multiRowInsert, onFirstUse, prepare, statement } from './prepared';
import {
  answerKeys,
  cumulativeDays,
  cumulativeQuizzes,
  cumulativeScores,
  dailyLines,
  dailyPlayers,
  dailyScores,
  dayPlayers,
  hourPlayers,
  hourStats,
  players,
  plays,
  scoreStats,
  totals,
} from './schema';

const CANONICAL_NONCE = /^[A-Za-z0-9_-]{16}$/;

/**
 * How a nonce is stored: the 12 random bytes of a canonical one (16 base64url
 * characters, as `newNonce` makes them) as a BLOB, anything else as TEXT.
 * Decoding is one-to-one for 16 characters, and SQLite never equates a BLOB
 * with a TEXT, so two different nonces never share a key.
 */
export function nonceKey(nonce: string): Uint8Array | string {
  return CANONICAL_NONCE.test(nonce) ? Buffer.from(nonce, 'base64url') : nonce;
}

/** Answer keys made in this batch by plays that held, and by the play being written. */
interface PlayKeys {
  batch: Map<number, number>;
  own: Map<number, number>;
}

/**
 * Adds counts of a day to running totals (cumulative_days, cumulative_scores,
 * cumulative_quizzes): the day's row is made, if missing, as a copy of the row
 * before it (within `group`), then every row from that day on gets the counts.
 * Plays land on the last day, so that is one row; a play on an earlier day (a
 * clock or time-zone change) updates the days after it too, and stays exact.
 */
function runningTotals<
  Table extends typeof cumulativeDays | typeof cumulativeScores | typeof cumulativeQuizzes,
>(
  db: Db,
  table: Table,
  keys: readonly (keyof Table & string)[],
  /** The property of a column that splits the totals (cumulative_scores: per difficulty). */
  groupKey?: keyof Table & string,
) {
  const ph = sql.placeholder;
  const column = (key: string) => (table as unknown as Record<string, SQLiteColumn>)[key]!;
  const day = table.day as SQLiteColumn;
  const group = groupKey ? column(groupKey) : undefined;
  const inGroup = group ? sql` AND ${sql.identifier(group.name)} = ${ph('group')}` : sql``;
  const open = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(table)
        .values({ day: ph('day'), ...(groupKey ? { [groupKey]: ph('group') } : {}) } as never)
        .onConflictDoNothing(),
    ),
  );
  const names = sql.join(
    keys.map((key) => sql.identifier(column(key).name)),
    sql`, `,
  );
  const dayName = sql.identifier(day.name);
  const carry = onFirstUse(() =>
    prepare(
      db,
      statement(
        sql`UPDATE ${table} SET (${names}) = (SELECT ${names} FROM ${table} WHERE ${dayName} < ${ph('day')}${inGroup} ORDER BY ${dayName} DESC LIMIT 1) WHERE ${dayName} = ${ph('day')}${inGroup} AND EXISTS (SELECT 1 FROM ${table} WHERE ${dayName} < ${ph('day')}${inGroup})`,
      ),
    ),
  );
  const add = onFirstUse(() =>
    prepare(
      db,
      db
        .update(table)
        .set(Object.fromEntries(keys.map((key) => [key, sql`${column(key)} + ${ph(key)}`])) as never)
        .where(
          group ? sql`${day} >= ${ph('day')} AND ${group} = ${ph('group')}` : sql`${day} >= ${ph('day')}`,
        ),
    ),
  );
  return (dayValue: string, counts: Record<string, unknown>, groupValue?: string) => {
    const values = { ...(counts as Record<string, number>), day: dayValue, group: groupValue ?? '' };
    if (open().run(values).changes === 1) carry().run(values);
    add().run(values);
  };
}

/**
 * The SQLite write side. A play's raw record (one `plays` row with its packed
 * answers), its memberships and the counters its response and the day totals read
 * (score histogram, hours, totals, running day totals, the daily challenge's) are
 * written in one transaction, so a play is complete or absent, never half-counted; a
 * batch in which a play fails is written again with a savepoint per play, so that play
 * alone is refused. The per-line, per-song and per-album counters, confusions and
 * per-key day totals are written by `flushCounters`, from the raw record past a
 * watermark (deferred-counters.ts, docs/decisions/025). Six statements a play and
 * about ten a batch, each prepared once (docs/decisions/006, 014).
 * `onCommit` runs after every committed batch (the local statistics version).
 */
export function createSqlitePlayStore(
  db: Db,
  playerSalt: string,
  onCommit: () => void = () => {},
  deferred: DeferredCounters = createDeferredCounters(db),
): PlayStore {
  const ph = sql.placeholder;
  const findPlay = onFirstUse(() =>
    prepare<{ id: number; score: number; total_questions: number; difficulty: number; answers: Uint8Array }>(
      db,
      db
        .select({
          id: plays.id,
          score: plays.score,
          totalQuestions: plays.totalQuestions,
          difficulty: plays.difficulty,
          answers: plays.answers,
        })
        .from(plays)
        .where(eq(plays.nonce, ph('nonce'))),
    ),
  );
  /** The first result of a token recorded before, with its answers (a daily play says whether it ranked). */
  const duplicateOf = (
    existing: NonNullable<ReturnType<ReturnType<typeof findPlay>['get']>>,
  ): RecordOutcome => {
    const mode = difficultyCode.name(existing.difficulty);
    return {
      playId: existing.id,
      score: existing.score,
      totalQuestions: existing.total_questions,
      duplicate: true,
      recordedAnswers: existing.answers,
      ...(mode === 'daily' || mode === 'daily_practice' ? { ranked: mode === 'daily' } : {}),
    };
  };
  const insertPlayer = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(players)
        .values({ hash: ph('hash'), firstSeen: ph('firstSeen') })
        .onConflictDoNothing({ target: players.hash }),
    ),
  );
  const findPlayer = onFirstUse(() =>
    prepare<{ id: number }>(
      db,
      db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.hash, ph('hash'))),
    ),
  );
  const insertKey = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(answerKeys)
        .values({ lyricId: ph('lyricId'), songId: ph('songId'), albumId: ph('albumId') })
        .onConflictDoNothing(),
    ),
  );
  const findKey = onFirstUse(() =>
    prepare<{ id: number }>(
      db,
      db
        .select({ id: answerKeys.id })
        .from(answerKeys)
        .where(
          sql`${answerKeys.lyricId} = ${ph('lyricId')} AND ${answerKeys.songId} = ${ph('songId')} AND ${answerKeys.albumId} = ${ph('albumId')}`,
        ),
    ),
  );
  const insertPlay = onFirstUse(() =>
    prepare<{ id: number }>(
      db,
      db
        .insert(plays)
        .values({
          nonce: ph('nonce'),
          playerId: ph('playerId'),
          createdAt: ph('createdAt'),
          day: ph('day'),
          hour: ph('hour'),
          difficulty: ph('difficulty'),
          deviceClass: ph('deviceClass'),
          browser: ph('browser'),
          score: ph('score'),
          totalQuestions: ph('totalQuestions'),
          answers: ph('answers'),
        })
        .returning({ id: plays.id }),
    ),
  );
  const upsertScore = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(scoreStats)
        .values({ difficulty: ph('difficulty'), score: ph('score'), plays: ph('plays') })
        .onConflictDoUpdate({
          target: [scoreStats.difficulty, scoreStats.score],
          set: addingUp(scoreStats, ['plays']),
        }),
    ),
  );
  const insertHourPlayer = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(hourPlayers)
        .values({ hour: ph('hour'), playerId: ph('playerId') })
        .onConflictDoNothing(),
    ),
  );
  const upsertHour = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(hourStats)
        .values({ hour: ph('hour'), attempts: ph('attempts'), uniquePlayers: ph('uniquePlayers') })
        .onConflictDoUpdate({
          target: hourStats.hour,
          set: addingUp(hourStats, ['attempts', 'uniquePlayers']),
        }),
    ),
  );
  const upsertTotals = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(totals)
        .values({
          id: 1,
          plays: ph('plays'),
          players: ph('players'),
          answers: ph('answers'),
          correct: ph('correct'),
          scoreSum: ph('scoreSum'),
        })
        .onConflictDoUpdate({
          target: totals.id,
          set: addingUp(totals, ['plays', 'players', 'answers', 'correct', 'scoreSum']),
        }),
    ),
  );
  const insertDayPlayer = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(dayPlayers)
        .values({ day: ph('day'), playerId: ph('playerId') })
        .onConflictDoNothing(),
    ),
  );
  // The daily challenge (docs/decisions/021): a ranked play is at most one per player and
  // day, so its counters are written with the play rather than summed over the batch.
  const insertDailyPlayer = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(dailyPlayers)
        .values({ playerId: ph('playerId'), day: ph('day') })
        .onConflictDoNothing(),
    ),
  );
  const upsertDailyScore = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(dailyScores)
        .values({ day: ph('day'), score: ph('score'), plays: 1 })
        .onConflictDoUpdate({
          target: [dailyScores.day, dailyScores.score],
          set: { plays: sql`${dailyScores.plays} + 1` },
        }),
    ),
  );
  const upsertDailyLines = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(dailyLines)
        .values(rows)
        .onConflictDoUpdate({
          target: [dailyLines.day, dailyLines.lyricId],
          set: addingUp(dailyLines, ['occurrences', 'correct']),
        }),
    ['day', 'lyricId', 'occurrences', 'correct'] as const,
  );
  const addToDays = runningTotals(db, cumulativeDays, dayCounterKeys);
  const addToScores = runningTotals(db, cumulativeScores, scoreCounterKeys, 'difficulty');
  const addToQuizzes = runningTotals(db, cumulativeQuizzes, ['issued']);

  /** Answer keys by lyric, song and album (one number). Only committed keys enter it. */
  const keyIds = new Map<number, number>();
  const keyNumber = answerKeyNumber;
  /**
   * The answer key of an answer, found or created in the play's savepoint. Keys created go
   * into `created` (the play's own): the batch keeps them only if the play's savepoint holds,
   * and the cache only once the transaction commits.
   */
  const keyOf = (a: GradedPlay['answers'][number], keys: PlayKeys) => {
    const k = keyNumber(a);
    let id = keyIds.get(k) ?? keys.batch.get(k) ?? keys.own.get(k);
    if (id === undefined) {
      const values = { lyricId: a.lyricId, songId: a.songId, albumId: a.albumId };
      insertKey().run(values);
      id = findKey().get(values)!.id;
      keys.own.set(k, id);
    }
    return id;
  };

  /**
   * One play's raw record and memberships (player, hour, day), in its savepoint; its counts
   * go into the batch's sums, written once for the whole batch (`writeCounts`): a batch of
   * fifty plays touches each counter row once instead of fifty times.
   */
  const writePlay = (play: PlayToRecord, keys: PlayKeys, sums: BatchSums): RecordOutcome => {
    const nonce = nonceKey(play.nonce);
    const existing = findPlay().get({ nonce });
    if (existing) return duplicateOf(existing);

    const hash = playerHash(playerSalt, play.sessionId);
    const newPlayer = insertPlayer().run({ hash, firstSeen: play.createdAtMs }).changes;
    const playerId = findPlayer().get({ hash })!.id;
    const total = play.answers.length;
    // A token of a past day is never ranked, whatever the player did that day.
    const ranked =
      play.dailyDay === undefined
        ? undefined
        : play.dailyDay === play.day && insertDailyPlayer().run({ playerId, day: play.day }).changes === 1;
    const mode = ranked === undefined ? play.difficulty : ranked ? 'daily' : 'daily_practice';
    const { id: playId } = insertPlay().get({
      nonce,
      playerId,
      createdAt: play.createdAtMs,
      day: play.day,
      hour: play.hour,
      difficulty: difficultyCode.code(mode),
      deviceClass: deviceCode.code(play.deviceClass),
      browser: browserCode.code(play.browser),
      score: play.score,
      totalQuestions: total,
      answers: encodeAnswers(
        play.answers.map((a) => ({
          keyId: keyOf(a, keys),
          wrongSongId: a.isCorrect ? undefined : a.selectedSongId,
        })),
      ),
    })!;
    const newInHour = insertHourPlayer().run({ hour: play.hour, playerId }).changes;
    const newToday = insertDayPlayer().run({ day: play.day, playerId }).changes;
    // Counted only once the savepoint holds: a play that fails adds nothing.
    if (ranked) {
      upsertDailyScore().run({ day: play.day, score: play.score });
      upsertDailyLines(
        play.answers.map((a) => ({
          day: play.day,
          lyricId: a.lyricId,
          occurrences: 1,
          correct: a.isCorrect ? 1 : 0,
        })),
      );
    }
    sums.add(
      { ...play, difficulty: mode },
      {
        firstOfPlayer: newPlayer === 1,
        firstOfPlayerToday: newToday === 1,
        firstOfPlayerThisHour: newInHour === 1,
      },
    );
    return {
      playId,
      score: play.score,
      totalQuestions: total,
      duplicate: false,
      ...(ranked === undefined ? {} : { ranked }),
    };
  };

  /** The counters written with the batch (what a response to one of its plays reads, and the day totals). */
  const writeCounts = (sums: BatchSums) => {
    if (sums.totals.plays === 0) return;
    for (const [difficulty, byScore] of sums.scores)
      byScore.forEach((plays, score) => {
        if (plays > 0) upsertScore().run({ difficulty, score, plays });
      });
    sums.hours.attempts.forEach((attempts, hour) => {
      if (attempts > 0) upsertHour().run({ hour, attempts, uniquePlayers: sums.hours.uniquePlayers[hour]! });
    });
    upsertTotals().run(sums.totals);
    for (const [day, counts] of sums.days) addToDays(day, daysRow(day, counts));
    for (const [day, byDifficulty] of sums.dayScores)
      for (const [difficulty, counts] of byDifficulty)
        addToScores(day, scoresRow(day, difficulty, counts), difficulty);
  };

  const sqlite = db.$client;
  /**
   * A batch in one transaction. `isolated`: each play in its own savepoint (a nested
   * transaction), so a play that fails is rolled back alone and reported alone. Not isolated:
   * no savepoint (two statements a play fewer), and a play that fails aborts the transaction;
   * `recordPlays` then runs the batch again isolated. Plays that fail are rare (a bug, a
   * database error), so the batch nearly always commits on the first run.
   */
  const writeInSavepoint = sqlite.transaction(writePlay);
  const writeBatch = sqlite.transaction(
    (batch: PlayToRecord[], issued: QuizzesIssued | undefined, isolated: boolean) => {
      for (const [day, count] of issued ?? []) if (count > 0) addToQuizzes(day, { issued: count });
      const created = new Map<number, number>();
      const sums = createBatchSums();
      const outcomes = batch.map((play): RecordOutcome | Error => {
        const keys: PlayKeys = { batch: created, own: new Map() };
        if (!isolated) {
          const outcome = writePlay(play, keys, sums);
          for (const [k, id] of keys.own) created.set(k, id);
          return outcome;
        }
        try {
          const outcome = writeInSavepoint(play, keys, sums);
          for (const [k, id] of keys.own) created.set(k, id);
          return outcome;
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      });
      writeCounts(sums);
      return { outcomes, created };
    },
  );
  const counters = onFirstUse(() => createCounterCheck(db, deferred));

  return {
    async findRecorded(nonce) {
      const existing = findPlay().get({ nonce: nonceKey(nonce) });
      return existing ? duplicateOf(existing) : undefined;
    },
    async recordedSelections(answers) {
      const packed = decodeAnswers(answers);
      const keys = new Map(
        db
          .select({ id: answerKeys.id, lyricId: answerKeys.lyricId, songId: answerKeys.songId })
          .from(answerKeys)
          .where(inArray(answerKeys.id, [...new Set(packed.map((a) => a.keyId))]))
          .all()
          .map((k) => [k.id, k]),
      );
      return new Map(
        packed.flatMap(({ keyId, wrongSongId }) => {
          const key = keys.get(keyId);
          return key ? [[key.lyricId, wrongSongId ?? key.songId] as [number, number]] : [];
        }),
      );
    },
    async recordPlays(batch, quizzesIssued) {
      let written: ReturnType<typeof writeBatch.immediate>;
      try {
        written = writeBatch.immediate(batch, quizzesIssued, false);
      } catch {
        // Rolled back whole: again, each play alone, so only the failing one is refused.
        written = writeBatch.immediate(batch, quizzesIssued, true);
      }
      const { outcomes, created } = written;
      for (const [k, id] of created) keyIds.set(k, id);
      onCommit();
      return outcomes;
    },
    // No commit count: every read of the deferred counters flushes first (stats-store.ts), so no
    // cached answer was computed without the plays a flush writes (docs/decisions/025).
    async flushCounters() {
      return deferred.flush();
    },
    verifyCounters: (options) => counters().verify(options),
    async checkIntegrity() {
      const rows = db.$client.query<{ integrity_check: string }, []>('PRAGMA integrity_check').all();
      return rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    },
    async rebuildCounters(options) {
      await counters().rebuild(options);
      onCommit();
    },
  };
}
