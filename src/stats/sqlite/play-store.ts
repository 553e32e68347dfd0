import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { excluded, multiRowInsert, prepare, statement } from '../../db/prepared';
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
  totals,
} from '../../db/schema';
import { encodeAnswers } from '../answer-codec';
import { dayCountsOfPlay, scoreCountsOfPlay } from '../day-counts';
import type { GradedPlay } from '../grade';
import type { PlayStore, PlayToRecord, QuizzesIssued, RecordOutcome } from '../store';
import { browserCode, deviceCode, difficultyCode } from './codes';
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

type CounterKey = 'lyricId' | 'songId' | 'albumId';

/** One counter row per distinct id: how often it was asked and answered right in this play. */
function tally(answers: GradedPlay['answers'], key: CounterKey) {
  const rows = new Map<number, { id: number; occurrences: number; correct: number }>();
  for (const answer of answers) {
    const row = rows.get(answer[key]) ?? { id: answer[key], occurrences: 0, correct: 0 };
    row.occurrences++;
    if (answer.isCorrect) row.correct++;
    rows.set(answer[key], row);
  }
  return [...rows.values()];
}

/** The wrong picks of a play, one row per (right item, wrong song): an upsert may not touch a row twice. */
function confusions(answers: GradedPlay['answers'], key: 'lyricId' | 'songId') {
  const rows = new Map<string, { id: number; selectedSongId: number; times: number }>();
  for (const answer of answers) {
    if (answer.isCorrect) continue;
    const k = `${answer[key]}:${answer.selectedSongId}`;
    const row = rows.get(k) ?? { id: answer[key], selectedSongId: answer.selectedSongId, times: 0 };
    row.times++;
    rows.set(k, row);
  }
  return [...rows.values()];
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
 * The SQLite write side. A play's raw record (one `plays` row with its packed
 * answers) and every counter are written in one transaction (a savepoint inside
 * a batch), so a play is complete or absent, never half-counted. About sixteen
 * statements a play, each prepared once (docs/decisions/006, 014).
 * `onCommit` runs after every committed batch (the local statistics version).
 */
export function createSqlitePlayStore(
  db: Db,
  playerSalt: string,
  onCommit: () => void = () => {},
): PlayStore {
  const ph = sql.placeholder;
  const findPlay = prepare<{ id: number; score: number; total_questions: number }>(
    db,
    db
      .select({ id: plays.id, score: plays.score, totalQuestions: plays.totalQuestions })
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
      .values({ difficulty: ph('difficulty'), score: ph('score'), plays: 1 })
      .onConflictDoUpdate({
        target: [scoreStats.difficulty, scoreStats.score],
        set: { plays: sql`${scoreStats.plays} + 1` },
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
      .values({ hour: ph('hour'), attempts: 1, uniquePlayers: ph('newPlayer') })
      .onConflictDoUpdate({
        target: hourStats.hour,
        set: {
          attempts: sql`${hourStats.attempts} + 1`,
          uniquePlayers: sql`${hourStats.uniquePlayers} + ${excluded(hourStats.uniquePlayers)}`,
        },
      }),
  );
  const upsertTotals = prepare(
    db,
    db
      .insert(totals)
      .values({
        id: 1,
        plays: 1,
        players: ph('newPlayer'),
        answers: ph('answers'),
        correct: ph('correct'),
        scoreSum: ph('score'),
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
  const addToDays = runningTotals(db, cumulativeDays, dayCounterKeys);
  const addToScores = runningTotals(db, cumulativeScores, scoreCounterKeys, 'difficulty');
  const addToQuizzes = runningTotals(db, cumulativeQuizzes, ['issued']);

  /** Answer keys by `lyric:song:album`. Only committed keys enter it (see `ensureKeys`). */
  const keyIds = new Map<string, number>();
  /**
   * Finds or creates the answer keys of a batch, in the batch's transaction but
   * outside any play's savepoint (a key made for a play that fails stays, unused).
   * Returns the keys created, which join the cache once the transaction commits.
   */
  const ensureKeys = (batch: PlayToRecord[]) => {
    const created = new Map<string, number>();
    for (const play of batch)
      for (const a of play.answers) {
        const k = `${a.lyricId}:${a.songId}:${a.albumId}`;
        if (keyIds.has(k) || created.has(k)) continue;
        const values = { lyricId: a.lyricId, songId: a.songId, albumId: a.albumId };
        insertKey.run(values);
        created.set(k, findKey.get(values)!.id);
      }
    return created;
  };
  const keyOf = (a: GradedPlay['answers'][number], created: Map<string, number>) => {
    const k = `${a.lyricId}:${a.songId}:${a.albumId}`;
    return keyIds.get(k) ?? created.get(k)!;
  };

  const writePlay = (play: PlayToRecord, created: Map<string, number>): RecordOutcome => {
    const nonce = nonceKey(play.nonce);
    const existing = findPlay.get({ nonce });
    if (existing)
      return {
        playId: existing.id,
        score: existing.score,
        totalQuestions: existing.total_questions,
        duplicate: true,
      };

    const hash = playerHash(playerSalt, play.sessionId);
    const newPlayer = insertPlayer.run({ hash, firstSeen: play.createdAtMs }).changes;
    const playerId = findPlayer.get({ hash })!.id;
    const total = play.answers.length;
    const correct = play.answers.reduce((n, a) => n + (a.isCorrect ? 1 : 0), 0);
    const { id: playId } = insertPlay.get({
      nonce,
      playerId,
      createdAt: play.createdAtMs,
      day: play.day,
      hour: play.hour,
      difficulty: difficultyCode.code(play.difficulty),
      deviceClass: deviceCode.code(play.deviceClass),
      browser: browserCode.code(play.browser),
      score: play.score,
      totalQuestions: total,
      answers: encodeAnswers(
        play.answers.map((a) => ({
          keyId: keyOf(a, created),
          wrongSongId: a.isCorrect ? undefined : a.selectedSongId,
        })),
      ),
    })!;
    upsertLyrics(tally(play.answers, 'lyricId'));
    upsertSongs(tally(play.answers, 'songId'));
    upsertAlbums(tally(play.answers, 'albumId'));
    const lyricPicks = confusions(play.answers, 'lyricId');
    if (lyricPicks.length > 0) {
      upsertLyricConfusions(lyricPicks);
      upsertSongConfusions(confusions(play.answers, 'songId'));
    }
    upsertScore.run({ difficulty: play.difficulty, score: play.score });
    const newInHour = insertHourPlayer.run({ hour: play.hour, playerId }).changes;
    upsertHour.run({ hour: play.hour, newPlayer: newInHour });
    upsertTotals.run({ newPlayer, answers: total, correct, score: play.score });
    const newToday = insertDayPlayer.run({ day: play.day, playerId }).changes;
    addToDays(
      play.day,
      daysRow(
        play.day,
        dayCountsOfPlay({
          ...play,
          answers: total,
          correct,
          firstOfPlayer: newPlayer === 1,
          firstOfPlayerToday: newToday === 1,
        }),
      ),
    );
    addToScores(
      play.day,
      scoresRow(play.day, play.difficulty, scoreCountsOfPlay(play.score)),
      play.difficulty,
    );
    return { playId, score: play.score, totalQuestions: total, duplicate: false };
  };

  const sqlite = db.$client;
  // Inside the batch transaction each play has its own savepoint (a nested
  // transaction): a play that fails is rolled back alone and reported alone.
  const writeInSavepoint = sqlite.transaction(writePlay);
  const writeBatch = sqlite.transaction((batch: PlayToRecord[], issued: QuizzesIssued | undefined) => {
    for (const [day, count] of issued ?? []) if (count > 0) addToQuizzes(day, { issued: count });
    const created = ensureKeys(batch);
    const outcomes = batch.map((play): RecordOutcome | Error => {
      try {
        return writeInSavepoint(play, created);
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    });
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
