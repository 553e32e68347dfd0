import { createHmac } from 'node:crypto';
import { eq, type Placeholder, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { excluded, multiRowInsert, prepare, statement } from '../../db/prepared';
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
  totals,
} from '../../db/schema';
import { encodeAnswers } from '../answer-codec';
import { confusionDayRows } from '../counter-rows';
import type { GradedPlay } from '../grade';
import { answerKeyNumber, type BatchSums, createBatchSums } from '../recompute';
import type { PlayStore, PlayToRecord, QuizzesIssued, RecordOutcome } from '../store';
import { browserCode, deviceCode, difficultyCode } from './codes';
import { confusionRunningTotals } from './confusion-days';
import { createCounterCheck } from './counter-check';
import { dayCounterKeys, daysRow, scoreCounterKeys, scoresRow } from './day-rows';

/** Salted hash of a session id: players are counted without their id ever being stored. */
export function playerHash(salt: string, sessionId: string): string {
  return createHmac('sha256', salt).update(sessionId.toLowerCase()).digest('base64url');
}

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

/** `SET column = column + excluded.column` for each counter column, keyed by property as drizzle's `set` wants. */
function addingUp<Table extends object>(table: Table, props: readonly (keyof Table & string)[]) {
  return Object.fromEntries(
    props.map((prop) => {
      const column = table[prop] as SQLiteColumn;
      return [prop, sql`${column} + ${excluded(column)}`];
    }),
  );
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
  const open = prepare(
    db,
    db
      .insert(table)
      .values({ day: ph('day'), ...(groupKey ? { [groupKey]: ph('group') } : {}) } as never)
      .onConflictDoNothing(),
  );
  const names = sql.join(
    keys.map((key) => sql.identifier(column(key).name)),
    sql`, `,
  );
  const dayName = sql.identifier(day.name);
  const carry = prepare(
    db,
    statement(
      sql`UPDATE ${table} SET (${names}) = (SELECT ${names} FROM ${table} WHERE ${dayName} < ${ph('day')}${inGroup} ORDER BY ${dayName} DESC LIMIT 1) WHERE ${dayName} = ${ph('day')}${inGroup} AND EXISTS (SELECT 1 FROM ${table} WHERE ${dayName} < ${ph('day')}${inGroup})`,
    ),
  );
  const add = prepare(
    db,
    db
      .update(table)
      .set(Object.fromEntries(keys.map((key) => [key, sql`${column(key)} + ${ph(key)}`])) as never)
      .where(group ? sql`${day} >= ${ph('day')} AND ${group} = ${ph('group')}` : sql`${day} >= ${ph('day')}`),
  );
  return (dayValue: string, counts: Record<string, unknown>, groupValue?: string) => {
    const values = { ...(counts as Record<string, number>), day: dayValue, group: groupValue ?? '' };
    if (open.run(values).changes === 1) carry.run(values);
    add.run(values);
  };
}

/**
 * Adds a day's answer counts per answer key to cumulative_answers (running totals, like
 * `runningTotals` above, but many keys in one statement): first every stored row of a key
 * from that day on gets the counts (the day's own row when it exists, and any later day's);
 * then the keys without a row for the day get one, the key's row before the day plus the
 * counts (one multi-row INSERT per 64 keys; the look-up of the row before runs only for a
 * key's first answers of a day).
 */
function answerRunningTotals(db: Db) {
  const t = cumulativeAnswers;
  const col = (column: SQLiteColumn) => sql.identifier(column.name);
  const before = (column: SQLiteColumn) =>
    sql`coalesce((SELECT p.${col(column)} FROM ${t} p WHERE p.${col(t.keyId)} = v.column1 AND p.${col(t.day)} < v.column2 ORDER BY p.${col(t.day)} DESC LIMIT 1), 0)`;
  type Row = Record<'keyId' | 'day' | 'occurrences' | 'correct', Placeholder>;
  const values = (rows: Row[]) =>
    sql.join(
      rows.map((r) => sql`(${r.keyId}, ${r.day}, ${r.occurrences}, ${r.correct})`),
      sql`, `,
    );
  const keys = ['keyId', 'day', 'occurrences', 'correct'] as const;
  // One statement per key: measured faster here than a multi-row UPDATE … FROM (VALUES …).
  const ph = sql.placeholder;
  const addOne = prepare(
    db,
    statement(
      sql`UPDATE ${t} SET ${col(t.occurrences)} = ${col(t.occurrences)} + ${ph('occurrences')}, ${col(t.correct)} = ${col(t.correct)} + ${ph('correct')} WHERE ${col(t.keyId)} = ${ph('keyId')} AND ${col(t.day)} >= ${ph('day')}`,
    ),
  );
  const open = multiRowInsert(
    db,
    (rows) =>
      statement(
        sql`INSERT INTO ${t} (${col(t.keyId)}, ${col(t.day)}, ${col(t.occurrences)}, ${col(t.correct)}) SELECT v.column1, v.column2, ${before(t.occurrences)} + v.column3, ${before(t.correct)} + v.column4 FROM (VALUES ${values(rows)}) v WHERE NOT EXISTS (SELECT 1 FROM ${t} d WHERE d.${col(t.day)} = v.column2 AND d.${col(t.keyId)} = v.column1) ON CONFLICT DO NOTHING`,
      ),
    keys,
  );
  return (day: string, rows: { keyId: number; occurrences: number; correct: number }[]) => {
    const withDay = rows.map((r) => ({ ...r, day }));
    for (const row of withDay) addOne.run(row);
    open(withDay);
  };
}

/**
 * The SQLite write side. A play's raw record (one `plays` row with its packed
 * answers), its memberships and every counter are written in one transaction (a
 * savepoint per play inside the batch), so a play is complete or absent, never
 * half-counted. Six statements a play and about fifteen a batch for the counters,
 * each prepared once (docs/decisions/006, 014).
 * `onCommit` runs after every committed batch (the local statistics version).
 */
export function createSqlitePlayStore(
  db: Db,
  playerSalt: string,
  onCommit: () => void = () => {},
): PlayStore {
  const ph = sql.placeholder;
  const findPlay = prepare<{ id: number; score: number; total_questions: number; difficulty: number }>(
    db,
    db
      .select({
        id: plays.id,
        score: plays.score,
        totalQuestions: plays.totalQuestions,
        difficulty: plays.difficulty,
      })
      .from(plays)
      .where(eq(plays.nonce, ph('nonce'))),
  );
  const insertPlayer = prepare(
    db,
    db
      .insert(players)
      .values({ hash: ph('hash'), firstSeen: ph('firstSeen') })
      .onConflictDoNothing({ target: players.hash }),
  );
  const findPlayer = prepare<{ id: number }>(
    db,
    db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.hash, ph('hash'))),
  );
  const insertKey = prepare(
    db,
    db
      .insert(answerKeys)
      .values({ lyricId: ph('lyricId'), songId: ph('songId'), albumId: ph('albumId') })
      .onConflictDoNothing(),
  );
  const findKey = prepare<{ id: number }>(
    db,
    db
      .select({ id: answerKeys.id })
      .from(answerKeys)
      .where(
        sql`${answerKeys.lyricId} = ${ph('lyricId')} AND ${answerKeys.songId} = ${ph('songId')} AND ${answerKeys.albumId} = ${ph('albumId')}`,
      ),
  );
  const insertPlay = prepare<{ id: number }>(
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
  );
  const counterKeys = ['id', 'occurrences', 'correct'] as const;
  const upsertLyrics = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(lyricStats)
        .values(rows.map(({ id, ...counts }) => ({ lyricId: id, ...counts })))
        .onConflictDoUpdate({
          target: lyricStats.lyricId,
          set: addingUp(lyricStats, ['occurrences', 'correct']),
        }),
    counterKeys,
  );
  const upsertSongs = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(songStats)
        .values(rows.map(({ id, ...counts }) => ({ songId: id, ...counts })))
        .onConflictDoUpdate({
          target: songStats.songId,
          set: addingUp(songStats, ['occurrences', 'correct']),
        }),
    counterKeys,
  );
  const upsertAlbums = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(albumStats)
        .values(rows.map(({ id, ...counts }) => ({ albumId: id, ...counts })))
        .onConflictDoUpdate({
          target: albumStats.albumId,
          set: addingUp(albumStats, ['occurrences', 'correct']),
        }),
    counterKeys,
  );
  const confusionKeys = ['id', 'selectedSongId', 'times'] as const;
  const upsertLyricConfusions = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(lyricConfusions)
        .values(rows.map(({ id, ...rest }) => ({ lyricId: id, ...rest })))
        .onConflictDoUpdate({
          target: [lyricConfusions.lyricId, lyricConfusions.selectedSongId],
          set: addingUp(lyricConfusions, ['times']),
        }),
    confusionKeys,
  );
  const upsertSongConfusions = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(songConfusions)
        .values(rows.map(({ id, ...rest }) => ({ songId: id, ...rest })))
        .onConflictDoUpdate({
          target: [songConfusions.songId, songConfusions.selectedSongId],
          set: addingUp(songConfusions, ['times']),
        }),
    confusionKeys,
  );
  const upsertScore = prepare(
    db,
    db
      .insert(scoreStats)
      .values({ difficulty: ph('difficulty'), score: ph('score'), plays: ph('plays') })
      .onConflictDoUpdate({
        target: [scoreStats.difficulty, scoreStats.score],
        set: addingUp(scoreStats, ['plays']),
      }),
  );
  const insertHourPlayer = prepare(
    db,
    db
      .insert(hourPlayers)
      .values({ hour: ph('hour'), playerId: ph('playerId') })
      .onConflictDoNothing(),
  );
  const upsertHour = prepare(
    db,
    db
      .insert(hourStats)
      .values({ hour: ph('hour'), attempts: ph('attempts'), uniquePlayers: ph('uniquePlayers') })
      .onConflictDoUpdate({
        target: hourStats.hour,
        set: addingUp(hourStats, ['attempts', 'uniquePlayers']),
      }),
  );
  const upsertTotals = prepare(
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
  );
  const insertDayPlayer = prepare(
    db,
    db
      .insert(dayPlayers)
      .values({ day: ph('day'), playerId: ph('playerId') })
      .onConflictDoNothing(),
  );
  // The daily challenge (docs/decisions/021): a ranked play is at most one per player and
  // day, so its counters are written with the play rather than summed over the batch.
  const insertDailyPlayer = prepare(
    db,
    db
      .insert(dailyPlayers)
      .values({ playerId: ph('playerId'), day: ph('day') })
      .onConflictDoNothing(),
  );
  const upsertDailyScore = prepare(
    db,
    db
      .insert(dailyScores)
      .values({ day: ph('day'), score: ph('score'), plays: 1 })
      .onConflictDoUpdate({
        target: [dailyScores.day, dailyScores.score],
        set: { plays: sql`${dailyScores.plays} + 1` },
      }),
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
  const addToAnswers = answerRunningTotals(db);
  const addToConfusionDays = confusionRunningTotals(db);

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
      insertKey.run(values);
      id = findKey.get(values)!.id;
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
    const existing = findPlay.get({ nonce });
    if (existing) {
      const mode = difficultyCode.name(existing.difficulty);
      return {
        playId: existing.id,
        score: existing.score,
        totalQuestions: existing.total_questions,
        duplicate: true,
        ...(mode === 'daily' || mode === 'daily_practice' ? { ranked: mode === 'daily' } : {}),
      };
    }

    const hash = playerHash(playerSalt, play.sessionId);
    const newPlayer = insertPlayer.run({ hash, firstSeen: play.createdAtMs }).changes;
    const playerId = findPlayer.get({ hash })!.id;
    const total = play.answers.length;
    // A token of a past day is never ranked, whatever the player did that day.
    const ranked =
      play.dailyDay === undefined
        ? undefined
        : play.dailyDay === play.day && insertDailyPlayer.run({ playerId, day: play.day }).changes === 1;
    const mode = ranked === undefined ? play.difficulty : ranked ? 'daily' : 'daily_practice';
    const { id: playId } = insertPlay.get({
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
    const newInHour = insertHourPlayer.run({ hour: play.hour, playerId }).changes;
    const newToday = insertDayPlayer.run({ day: play.day, playerId }).changes;
    // Counted only once the savepoint holds: a play that fails adds nothing.
    if (ranked) {
      upsertDailyScore.run({ day: play.day, score: play.score });
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

  /** The id of a key number: committed, or made by a play of this batch that held. */
  const writeCounts = (sums: BatchSums, batchKeys: Map<number, number>) => {
    if (sums.totals.plays === 0) return;
    upsertLyrics([...sums.lyrics].map(([id, c]) => ({ id, ...c })));
    upsertSongs([...sums.songs].map(([id, c]) => ({ id, ...c })));
    upsertAlbums([...sums.albums].map(([id, c]) => ({ id, ...c })));
    const picks = (map: Map<number, Map<number, number>>) =>
      [...map].flatMap(([id, bySong]) =>
        [...bySong].map(([selectedSongId, times]) => ({ id, selectedSongId, times })),
      );
    const lyricPicks = picks(sums.lyricConfusions);
    if (lyricPicks.length > 0) upsertLyricConfusions(lyricPicks);
    const songPicks = picks(sums.songConfusions);
    if (songPicks.length > 0) upsertSongConfusions(songPicks);
    for (const [day, rows] of confusionDayRows(sums)) addToConfusionDays(day, rows);
    for (const [difficulty, byScore] of sums.scores)
      byScore.forEach((plays, score) => {
        if (plays > 0) upsertScore.run({ difficulty, score, plays });
      });
    sums.hours.attempts.forEach((attempts, hour) => {
      if (attempts > 0) upsertHour.run({ hour, attempts, uniquePlayers: sums.hours.uniquePlayers[hour]! });
    });
    upsertTotals.run(sums.totals);
    for (const [day, counts] of sums.days) addToDays(day, daysRow(day, counts));
    for (const [day, byDifficulty] of sums.dayScores)
      for (const [difficulty, counts] of byDifficulty)
        addToScores(day, scoresRow(day, difficulty, counts), difficulty);
    for (const day of [...sums.answerDays.keys()].sort())
      addToAnswers(
        day,
        [...sums.answerDays.get(day)!].map(([k, counts]) => ({
          keyId: keyIds.get(k) ?? batchKeys.get(k)!,
          ...counts,
        })),
      );
  };

  const sqlite = db.$client;
  // Inside the batch transaction each play has its own savepoint (a nested
  // transaction): a play that fails is rolled back alone and reported alone.
  const writeInSavepoint = sqlite.transaction(writePlay);
  const writeBatch = sqlite.transaction((batch: PlayToRecord[], issued: QuizzesIssued | undefined) => {
    for (const [day, count] of issued ?? []) if (count > 0) addToQuizzes(day, { issued: count });
    const created = new Map<number, number>();
    const sums = createBatchSums();
    const outcomes = batch.map((play): RecordOutcome | Error => {
      const keys: PlayKeys = { batch: created, own: new Map() };
      try {
        const outcome = writeInSavepoint(play, keys, sums);
        for (const [k, id] of keys.own) created.set(k, id);
        return outcome;
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    });
    writeCounts(sums, created);
    return { outcomes, created };
  });
  const counters = createCounterCheck(db);

  return {
    async recordPlays(batch, quizzesIssued) {
      const { outcomes, created } = writeBatch.immediate(batch, quizzesIssued);
      for (const [k, id] of created) keyIds.set(k, id);
      onCommit();
      return outcomes;
    },
    verifyCounters: (options) => counters.verify(options),
    async checkIntegrity() {
      const rows = db.$client.query<{ integrity_check: string }, []>('PRAGMA integrity_check').all();
      return rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    },
    async rebuildCounters(options) {
      await counters.rebuild(options);
      onCommit();
    },
  };
}
