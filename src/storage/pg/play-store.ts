import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { GradedPlay } from '../../play/grade';
import type { PlayStore, PlayToRecord, RecordOutcome } from '../contract';
import { decodeAnswers, encodeAnswers } from '../encoding/answer-codec';
import { browserCode, deviceCode, difficultyCode } from '../encoding/codes';
import { confusionDayRows } from '../encoding/counter-rows';
import { dayCounterKeys, daysRow, scoreCounterKeys, scoresRow } from '../encoding/day-rows';
import { playerHash } from '../encoding/player-hash';
import { answerKeyNumber, type BatchSums, createBatchSums } from '../encoding/recompute';
import type { PgDb } from './client';
import { addToConfusionDays } from './confusion-days';
import { createPgCounterCheck } from './counter-check';
import { checkIntegrityPg } from './integrity';
import { BATCH_LOCK } from './locks';
import { type PgRunner, runningTotals } from './running-totals';
import {
  albumStats,
  answerKeys,
  cumulativeAnswers,
  cumulativeDays,
  cumulativeQuizzes,
  cumulativeScores,
  dailyLines,
  dailyPlayers,
  dailyScores,
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
} from './schema';

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

const n = (column: PgColumn) => sql.identifier(column.name);

/** A play that found its nonce taken by a concurrent commit: its savepoint rolls back, the first result is returned. */
class DuplicateNonce extends Error {}

/**
 * The PostgreSQL write side: the same rows and counters as the SQLite store
 * (src/storage/sqlite/play-store.ts), one transaction a batch with a savepoint a
 * play. Idempotent across instances: the nonce is unique, and a play whose
 * insert finds it taken (another instance committed the same token first, or
 * is committing it: the insert waits for that) records nothing and answers
 * the first result.
 */
export function createPgPlayStore(db: PgDb, playerSalt: string, onCommit: () => void = () => {}): PlayStore {
  const keyIds = new Map<number, number>();
  const keyNumber = answerKeyNumber;
  const addToDays = runningTotals(cumulativeDays, dayCounterKeys);
  const addToScores = runningTotals(cumulativeScores, scoreCounterKeys, 'difficulty');
  const addToQuizzes = runningTotals(cumulativeQuizzes, ['issued']);

  const existing = async (tx: PgRunner, nonce: string) =>
    (
      await tx
        .select({
          id: plays.id,
          score: plays.score,
          totalQuestions: plays.totalQuestions,
          difficulty: plays.difficulty,
          answers: plays.answers,
        })
        .from(plays)
        .where(eq(plays.nonce, nonce))
    )[0];
  /** The first result of a token recorded before (a daily play says whether it ranked). */
  const duplicateOf = (found: NonNullable<Awaited<ReturnType<typeof existing>>>): RecordOutcome => {
    const mode = difficultyCode.name(found.difficulty);
    return {
      playId: found.id,
      score: found.score,
      totalQuestions: found.totalQuestions,
      duplicate: true,
      recordedAnswers: found.answers,
      ...(mode === 'daily' || mode === 'daily_practice' ? { ranked: mode === 'daily' } : {}),
    };
  };

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
    // No look-up of the nonce first: the play's insert finds it taken (DuplicateNonce), its
    // savepoint undoes what came before, and the caller answers the first result.
    const hash = playerHash(playerSalt, play.sessionId);
    // The player found or created in one round trip (`new` says which).
    const player = (
      (await tx.execute(
        sql`WITH ins AS (INSERT INTO ${players} (${n(players.hash)}, ${n(players.firstSeen)}) VALUES (${hash}, ${play.createdAtMs}) ON CONFLICT (${n(players.hash)}) DO NOTHING RETURNING ${n(players.id)}) SELECT ${n(players.id)} AS id, true AS new FROM ins UNION ALL SELECT ${players.id} AS id, false AS new FROM ${players} WHERE ${players.hash} = ${hash} AND NOT EXISTS (SELECT 1 FROM ins)`,
      )) as unknown as { id: number; new: boolean }[]
    )[0]!;
    const playerId = player.id;
    // The daily challenge (docs/decisions/021): a token of a past day is never ranked, and a
    // player ranks once a day (the primary key of daily_players decides, across instances too).
    const ranked =
      play.dailyDay === undefined
        ? undefined
        : play.dailyDay === play.day &&
          (
            await tx
              .insert(dailyPlayers)
              .values({ playerId, day: play.day })
              .onConflictDoNothing()
              .returning({ day: dailyPlayers.day })
          ).length === 1;
    const mode = ranked === undefined ? play.difficulty : ranked ? 'daily' : 'daily_practice';
    const keyIdsOfPlay = await keysOf(tx, play.answers, own, batch);
    const answers = play.answers.map((a, i) => ({
      keyId: keyIdsOfPlay[i]!,
      wrongSongId: a.isCorrect ? undefined : a.selectedSongId,
    }));
    // The play and its hour and day memberships in one statement: the memberships are
    // inserted only when the play is (a taken nonce inserts nothing).
    const written = (
      (await tx.execute(
        sql`WITH p AS (INSERT INTO ${plays} (${n(plays.nonce)}, ${n(plays.playerId)}, ${n(plays.createdAt)}, ${n(plays.day)}, ${n(plays.hour)}, ${n(plays.difficulty)}, ${n(plays.deviceClass)}, ${n(plays.browser)}, ${n(plays.score)}, ${n(plays.totalQuestions)}, ${n(plays.answers)}) VALUES (${play.nonce}, ${playerId}, ${play.createdAtMs}, ${play.day}, ${play.hour}, ${difficultyCode.code(mode)}, ${deviceCode.code(play.deviceClass)}, ${browserCode.code(play.browser)}, ${play.score}, ${play.answers.length}, ${encodeAnswers(answers)}) ON CONFLICT (${n(plays.nonce)}) DO NOTHING RETURNING ${n(plays.id)}), h AS (INSERT INTO ${hourPlayers} (${n(hourPlayers.hour)}, ${n(hourPlayers.playerId)}) SELECT ${play.hour}::int, ${playerId}::int FROM p ON CONFLICT DO NOTHING RETURNING 1), d AS (INSERT INTO ${dayPlayers} (${n(dayPlayers.day)}, ${n(dayPlayers.playerId)}) SELECT ${play.day}::text, ${playerId}::int FROM p ON CONFLICT DO NOTHING RETURNING 1) SELECT (SELECT ${n(plays.id)} FROM p) AS id, (SELECT count(*) FROM h)::int AS new_in_hour, (SELECT count(*) FROM d)::int AS new_today`,
      )) as unknown as { id: number | null; new_in_hour: number; new_today: number }[]
    )[0]!;
    if (written.id === null) throw new DuplicateNonce();
    if (ranked) {
      // At most one ranked play a player and day: written with the play, not summed over the batch.
      await tx
        .insert(dailyScores)
        .values({ day: play.day, score: play.score, plays: 1 })
        .onConflictDoUpdate({
          target: [dailyScores.day, dailyScores.score],
          set: { plays: sql`${dailyScores.plays} + 1` },
        });
      await tx
        .insert(dailyLines)
        .values(
          play.answers.map((a) => ({
            day: play.day,
            lyricId: a.lyricId,
            occurrences: 1,
            correct: a.isCorrect ? 1 : 0,
          })),
        )
        .onConflictDoUpdate({
          target: [dailyLines.day, dailyLines.lyricId],
          set: addingUp(dailyLines, ['occurrences', 'correct']),
        });
    }
    sums.add(
      { ...play, difficulty: mode },
      {
        firstOfPlayer: player.new,
        firstOfPlayerToday: written.new_today === 1,
        firstOfPlayerThisHour: written.new_in_hour === 1,
      },
    );
    return {
      playId: written.id,
      score: play.score,
      totalQuestions: play.answers.length,
      duplicate: false,
      ...(ranked === undefined ? {} : { ranked }),
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

  /**
   * Adds a batch's answer counts of a day to cumulative_answers, all keys in two statements
   * (the running totals of src/storage/sqlite/play-store.ts): every stored row of a key from
   * that day on gets the counts, then the keys without a row for the day get one, their row
   * before the day plus the counts. Under the batch lock, so no other instance adds between.
   */
  const addToAnswers = async (
    tx: PgRunner,
    day: string,
    rows: { keyId: number; occurrences: number; correct: number }[],
  ) => {
    const t = cumulativeAnswers;
    const arrays = sql`unnest(${`{${rows.map((r) => r.keyId)}}`}::int[], ${`{${rows.map((r) => r.occurrences)}}`}::bigint[], ${`{${rows.map((r) => r.correct)}}`}::bigint[]) AS v(key_id, occurrences, correct)`;
    await tx.execute(
      sql`UPDATE ${t} SET ${n(t.occurrences)} = ${t.occurrences} + v.occurrences, ${n(t.correct)} = ${t.correct} + v.correct FROM ${arrays} WHERE ${t.keyId} = v.key_id AND ${t.day} >= ${day}`,
    );
    const before = (column: PgColumn) =>
      sql`coalesce((SELECT p.${n(column)} FROM ${t} p WHERE p.${n(t.keyId)} = v.key_id AND p.${n(t.day)} < ${day} ORDER BY p.${n(t.day)} DESC LIMIT 1), 0)`;
    await tx.execute(
      sql`INSERT INTO ${t} (${n(t.keyId)}, ${n(t.day)}, ${n(t.occurrences)}, ${n(t.correct)}) SELECT v.key_id, ${day}, ${before(t.occurrences)} + v.occurrences, ${before(t.correct)} + v.correct FROM ${arrays} WHERE NOT EXISTS (SELECT 1 FROM ${t} d WHERE d.${n(t.day)} = ${day} AND d.${n(t.keyId)} = v.key_id)`,
    );
  };

  const writeCounts = async (tx: PgRunner, sums: BatchSums, batchKeys: Map<number, number>) => {
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
    for (const [day, rows] of confusionDayRows(sums)) await addToConfusionDays(tx, day, rows);
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
    for (const day of [...sums.answerDays.keys()].sort())
      await addToAnswers(
        tx,
        day,
        [...sums.answerDays.get(day)!].map(([k, counts]) => ({
          keyId: keyIds.get(k) ?? batchKeys.get(k)!,
          ...counts,
        })),
      );
  };

  const counters = createPgCounterCheck(db);

  return {
    async findRecorded(nonce) {
      const found = await existing(db, nonce);
      return found ? duplicateOf(found) : undefined;
    },
    async recordedSelections(answers) {
      const packed = decodeAnswers(answers);
      const keys = new Map(
        (
          await db
            .select({ id: answerKeys.id, lyricId: answerKeys.lyricId, songId: answerKeys.songId })
            .from(answerKeys)
            .where(inArray(answerKeys.id, [...new Set(packed.map((a) => a.keyId))]))
        ).map((k) => [k.id, k]),
      );
      return new Map(
        packed.flatMap(({ keyId, wrongSongId }) => {
          const key = keys.get(keyId);
          return key ? [[key.lyricId, wrongSongId ?? key.songId] as [number, number]] : [];
        }),
      );
    },
    async recordPlays(batch, quizzesIssued) {
      const created = new Map<number, number>();
      const outcomes = await db.transaction(async (tx) => {
        // One batch at a time across instances: see locks.ts.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BATCH_LOCK})`);
        const sums = createBatchSums(true);
        const results: (RecordOutcome | Error)[] = [];
        for (const play of batch) {
          const own = new Map<number, number>();
          try {
            results.push(await tx.transaction((sp) => writePlay(sp, play, own, created, sums)));
            for (const [k, id] of own) created.set(k, id);
          } catch (error) {
            if (error instanceof DuplicateNonce) {
              results.push(duplicateOf((await existing(tx, play.nonce))!));
            } else results.push(error instanceof Error ? error : new Error(String(error)));
          }
        }
        const issued = [...(quizzesIssued ?? [])].filter(([, n]) => n > 0);
        if (sums.totals.plays > 0 || issued.length > 0) {
          for (const [day, count] of issued) await addToQuizzes(tx, day, { issued: count });
          await writeCounts(tx, sums, created);
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
    // Every counter is written in the play's transaction here (docs/decisions/025: not deferred on PostgreSQL yet).
    flushCounters: async () => 0,
    verifyCounters: (options) => counters.verify(options),
    rebuildCounters: async (options) => {
      await counters.rebuild(options);
      onCommit();
    },
    checkIntegrity: () => checkIntegrityPg(db),
  };
}
