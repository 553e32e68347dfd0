import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PgDb } from '../../db/pg/client';
import {
  albumStats,
  answerKeys,
  cumulativeDays,
  cumulativeQuizzes,
  cumulativeScores,
  dayPlayers,
  hourPlayers,
  hourStats,
  lyricConfusions,
  lyricStats,
  players,
  plays,
  scoreStats,
  songConfusions,
  songStats,
  statsVersion,
  totals,
} from '../../db/pg/schema';
import { encodeAnswers } from '../answer-codec';
import type { GradedPlay } from '../grade';
import { type BatchSums, createBatchSums } from '../recompute';
import { browserCode, deviceCode, difficultyCode } from '../sqlite/codes';
import { dayCounterKeys, daysRow, scoreCounterKeys, scoresRow } from '../sqlite/day-rows';
import { playerHash } from '../sqlite/play-store';
import type { PlayStore, PlayToRecord, RecordOutcome } from '../store';
import { createPgCounterCheck } from './counter-check';
import { BATCH_LOCK } from './locks';
import { type PgRunner, runningTotals } from './running-totals';

/** The rows of one multi-row upsert at most (3 parameters a row, PostgreSQL allows 65,535). */
const ROWS_PER_UPSERT = 5_000;

/** `SET column = table.column + excluded.column` for each counter column. */
function addingUp(table: PgTable, props: string[]) {
  return Object.fromEntries(
    props.map((prop) => {
      const column = (table as unknown as Record<string, PgColumn>)[prop]!;
      return [prop, sql`${column} + excluded.${sql.identifier(column.name)}`];
    }),
  );
}

/** A play that found its nonce taken by a concurrent commit: its savepoint rolls back, the first result is returned. */
class DuplicateNonce extends Error {}

/**
 * The PostgreSQL write side: the same rows and counters as the SQLite store
 * (src/stats/sqlite/play-store.ts), one transaction a batch with a savepoint a
 * play. Idempotent across instances: the nonce is unique, and a play whose
 * insert finds it taken (another instance committed the same token first, or
 * is committing it: the insert waits for that) records nothing and answers
 * the first result.
 */
export function createPgPlayStore(db: PgDb, playerSalt: string, onCommit: () => void = () => {}): PlayStore {
  const keyIds = new Map<number, number>();
  const keyNumber = (a: { lyricId: number; songId: number; albumId: number }) =>
    (a.lyricId * 16_384 + a.songId) * 16_384 + a.albumId;
  const addToDays = runningTotals(cumulativeDays, dayCounterKeys);
  const addToScores = runningTotals(cumulativeScores, scoreCounterKeys, 'difficulty');
  const addToQuizzes = runningTotals(cumulativeQuizzes, ['issued']);

  const existing = async (tx: PgRunner, nonce: string) =>
    (
      await tx
        .select({ id: plays.id, score: plays.score, totalQuestions: plays.totalQuestions })
        .from(plays)
        .where(eq(plays.nonce, nonce))
    )[0];

  /**
   * The answer keys of a play's answers, those missing created: two statements
   * for the whole play (one round trip per answer would cost 60 a play).
   */
  const keysOf = async (
    tx: PgRunner,
    answers: GradedPlay['answers'],
    own: Map<number, number>,
    batch: Map<number, number>,
  ): Promise<number[]> => {
    const known = (a: GradedPlay['answers'][number]) => {
      const k = keyNumber(a);
      return keyIds.get(k) ?? batch.get(k) ?? own.get(k);
    };
    const missing = answers.filter((a) => known(a) === undefined);
    if (missing.length > 0) {
      const arrays = sql`unnest(${`{${missing.map((a) => a.lyricId)}}`}::int[], ${`{${missing.map((a) => a.songId)}}`}::int[], ${`{${missing.map((a) => a.albumId)}}`}::int[])`;
      await tx.execute(
        sql`INSERT INTO ${answerKeys} (${sql.identifier(answerKeys.lyricId.name)}, ${sql.identifier(answerKeys.songId.name)}, ${sql.identifier(answerKeys.albumId.name)}) SELECT * FROM ${arrays} ON CONFLICT DO NOTHING`,
      );
      const found = await tx
        .select()
        .from(answerKeys)
        .where(
          sql`(${answerKeys.lyricId}, ${answerKeys.songId}, ${answerKeys.albumId}) IN (SELECT * FROM ${arrays})`,
        );
      for (const row of found) own.set(keyNumber(row), row.id);
    }
    return answers.map((a) => known(a)!);
  };

  const writePlay = async (
    tx: PgRunner,
    play: PlayToRecord,
    own: Map<number, number>,
    batch: Map<number, number>,
    sums: BatchSums,
  ): Promise<RecordOutcome> => {
    const found = await existing(tx, play.nonce);
    if (found)
      return { playId: found.id, score: found.score, totalQuestions: found.totalQuestions, duplicate: true };
    const hash = playerHash(playerSalt, play.sessionId);
    const newPlayer = await tx
      .insert(players)
      .values({ hash, firstSeen: play.createdAtMs })
      .onConflictDoNothing({ target: players.hash })
      .returning({ id: players.id });
    const playerId =
      newPlayer[0]?.id ??
      (await tx.select({ id: players.id }).from(players).where(eq(players.hash, hash)))[0]!.id;
    const keyIdsOfPlay = await keysOf(tx, play.answers, own, batch);
    const answers = play.answers.map((a, i) => ({
      keyId: keyIdsOfPlay[i]!,
      wrongSongId: a.isCorrect ? undefined : a.selectedSongId,
    }));
    const inserted = await tx
      .insert(plays)
      .values({
        nonce: play.nonce,
        playerId,
        createdAt: play.createdAtMs,
        day: play.day,
        hour: play.hour,
        difficulty: difficultyCode.code(play.difficulty),
        deviceClass: deviceCode.code(play.deviceClass),
        browser: browserCode.code(play.browser),
        score: play.score,
        totalQuestions: play.answers.length,
        answers: encodeAnswers(answers),
      })
      .onConflictDoNothing({ target: plays.nonce })
      .returning({ id: plays.id });
    if (inserted.length === 0) throw new DuplicateNonce();
    const newInHour = await tx
      .insert(hourPlayers)
      .values({ hour: play.hour, playerId })
      .onConflictDoNothing()
      .returning({ hour: hourPlayers.hour });
    const newToday = await tx
      .insert(dayPlayers)
      .values({ day: play.day, playerId })
      .onConflictDoNothing()
      .returning({ day: dayPlayers.day });
    sums.add(play, {
      firstOfPlayer: newPlayer.length === 1,
      firstOfPlayerToday: newToday.length === 1,
      firstOfPlayerThisHour: newInHour.length === 1,
    });
    return {
      playId: inserted[0]!.id,
      score: play.score,
      totalQuestions: play.answers.length,
      duplicate: false,
    };
  };

  const upsertMany = async (
    tx: PgRunner,
    table: PgTable,
    rows: Record<string, unknown>[],
    target: PgColumn[],
    props: string[],
  ) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_UPSERT)
      await tx
        .insert(table)
        .values(rows.slice(i, i + ROWS_PER_UPSERT) as never)
        .onConflictDoUpdate({ target, set: addingUp(table, props) });
  };

  const writeCounts = async (tx: PgRunner, sums: BatchSums) => {
    if (sums.totals.plays === 0) return;
    const items = (map: Map<number, { occurrences: number; correct: number }>, key: string) =>
      [...map].map(([id, c]) => ({ [key]: id, ...c }));
    await upsertMany(
      tx,
      lyricStats,
      items(sums.lyrics, 'lyricId'),
      [lyricStats.lyricId],
      ['occurrences', 'correct'],
    );
    await upsertMany(
      tx,
      songStats,
      items(sums.songs, 'songId'),
      [songStats.songId],
      ['occurrences', 'correct'],
    );
    await upsertMany(
      tx,
      albumStats,
      items(sums.albums, 'albumId'),
      [albumStats.albumId],
      ['occurrences', 'correct'],
    );
    const picks = (map: Map<number, Map<number, number>>, key: string) =>
      [...map].flatMap(([id, bySong]) =>
        [...bySong].map(([selectedSongId, times]) => ({ [key]: id, selectedSongId, times })),
      );
    await upsertMany(
      tx,
      lyricConfusions,
      picks(sums.lyricConfusions, 'lyricId'),
      [lyricConfusions.lyricId, lyricConfusions.selectedSongId],
      ['times'],
    );
    await upsertMany(
      tx,
      songConfusions,
      picks(sums.songConfusions, 'songId'),
      [songConfusions.songId, songConfusions.selectedSongId],
      ['times'],
    );
    const scoreRows = [...sums.scores].flatMap(([difficulty, byScore]) =>
      byScore.flatMap((n, score) => (n > 0 ? [{ difficulty, score, plays: n }] : [])),
    );
    await upsertMany(tx, scoreStats, scoreRows, [scoreStats.difficulty, scoreStats.score], ['plays']);
    const hourRows = sums.hours.attempts.flatMap((attempts, hour) =>
      attempts > 0 ? [{ hour, attempts, uniquePlayers: sums.hours.uniquePlayers[hour]! }] : [],
    );
    await upsertMany(tx, hourStats, hourRows, [hourStats.hour], ['attempts', 'uniquePlayers']);
    await upsertMany(
      tx,
      totals,
      [{ id: 1, ...sums.totals }],
      [totals.id],
      ['plays', 'players', 'answers', 'correct', 'scoreSum'],
    );
    for (const [day, counts] of sums.days) await addToDays(tx, day, daysRow(day, counts) as never);
    for (const [day, byDifficulty] of sums.dayScores)
      for (const [difficulty, counts] of byDifficulty)
        await addToScores(tx, day, scoresRow(day, difficulty, counts) as never, difficulty);
  };

  const counters = createPgCounterCheck(db);

  return {
    async recordPlays(batch, quizzesIssued) {
      const created = new Map<number, number>();
      const outcomes = await db.transaction(async (tx) => {
        // One batch at a time across instances: see locks.ts.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BATCH_LOCK})`);
        const sums = createBatchSums();
        const results: (RecordOutcome | Error)[] = [];
        for (const play of batch) {
          const own = new Map<number, number>();
          try {
            results.push(await tx.transaction((sp) => writePlay(sp, play, own, created, sums)));
            for (const [k, id] of own) created.set(k, id);
          } catch (error) {
            if (error instanceof DuplicateNonce) {
              const first = (await existing(tx, play.nonce))!;
              results.push({
                playId: first.id,
                score: first.score,
                totalQuestions: first.totalQuestions,
                duplicate: true,
              });
            } else results.push(error instanceof Error ? error : new Error(String(error)));
          }
        }
        const issued = [...(quizzesIssued ?? [])].filter(([, n]) => n > 0);
        if (sums.totals.plays > 0 || issued.length > 0) {
          for (const [day, count] of issued) await addToQuizzes(tx, day, { issued: count });
          await writeCounts(tx, sums);
          await tx
            .update(statsVersion)
            .set({ version: sql`${statsVersion.version} + 1` })
            .where(eq(statsVersion.id, 1));
        }
        return results;
      });
      for (const [k, id] of created) keyIds.set(k, id);
      onCommit();
      return outcomes;
    },
    verifyCounters: (options) => counters.verify(options),
    rebuildCounters: async (options) => {
      await counters.rebuild(options);
      onCommit();
    },
    async checkIntegrity() {
      // PostgreSQL checks its pages itself (checksums when enabled, amcheck for indexes as an operator's job);
      // what the application can check cheaply is that the one-row tables are whole.
      const problems: string[] = [];
      const version = await db.select().from(statsVersion);
      if (version.length !== 1) problems.push(`stats_version holds ${version.length} rows, not 1`);
      return problems;
    },
  };
}
