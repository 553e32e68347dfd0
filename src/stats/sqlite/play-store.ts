import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { excluded, multiRowInsert, prepare } from '../../db/prepared';
import {
  albumStats,
  hourPlayers,
  hourStats,
  lyricStats,
  playAnswers,
  players,
  plays,
  scoreStats,
  songStats,
  totals,
} from '../../db/schema';
import type { GradedPlay } from '../grade';
import type { PlayStore, PlayToRecord, RecordOutcome } from '../store';
import { createCounterCheck } from './counter-check';

/** Salted hash of a session id: players are counted without their id ever being stored. */
export function playerHash(salt: string, sessionId: string): string {
  return createHmac('sha256', salt).update(sessionId.toLowerCase()).digest('base64url');
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

/**
 * The SQLite write side. A play's raw record (play + answers) and every counter
 * are written in one transaction (a savepoint inside a batch), so a play is
 * complete or absent, never half-counted. About a dozen statements a play,
 * each prepared once (docs/decisions/006-statistics-counters.md).
 * `onCommit` runs after every committed batch (the local statistics version).
 */
export function createSqlitePlayStore(
  db: Db,
  playerSalt: string,
  onCommit: () => void = () => {},
): PlayStore {
  const ph = sql.placeholder;
  // Selects go through drizzle's prepared queries: they map columns to the schema's names.
  const findPlay = db
    .select({ id: plays.id, score: plays.score, totalQuestions: plays.totalQuestions })
    .from(plays)
    .where(eq(plays.nonce, ph('nonce')))
    .prepare();
  const insertPlayer = prepare(
    db,
    db
      .insert(players)
      .values({ hash: ph('hash'), firstSeen: ph('firstSeen') })
      .onConflictDoNothing({ target: players.hash }),
  );
  const findPlayer = db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.hash, ph('hash')))
    .prepare();
  const insertPlay = prepare<{ id: number }>(
    db,
    db
      .insert(plays)
      .values({
        nonce: ph('nonce'),
        playerId: ph('playerId'),
        score: ph('score'),
        totalQuestions: ph('totalQuestions'),
        createdAt: ph('createdAt'),
        hour: ph('hour'),
        deviceInfo: ph('deviceInfo'),
      })
      .returning({ id: plays.id }),
  );
  const answerKeys = [
    'playId',
    'position',
    'lyricId',
    'songId',
    'albumId',
    'selectedSongId',
    'isCorrect',
  ] as const;
  const insertAnswers = multiRowInsert(db, (rows) => db.insert(playAnswers).values(rows), answerKeys);
  // Counter rows add this play's counts to the stored ones.
  const addCounts = (table: typeof lyricStats | typeof songStats | typeof albumStats) => ({
    occurrences: sql`${table.occurrences} + ${excluded(table.occurrences)}`,
    correct: sql`${table.correct} + ${excluded(table.correct)}`,
  });
  const counterKeys = ['id', 'occurrences', 'correct'] as const;
  const upsertLyrics = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(lyricStats)
        .values(rows.map(({ id, ...counts }) => ({ lyricId: id, ...counts })))
        .onConflictDoUpdate({ target: lyricStats.lyricId, set: addCounts(lyricStats) }),
    counterKeys,
  );
  const upsertSongs = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(songStats)
        .values(rows.map(({ id, ...counts }) => ({ songId: id, ...counts })))
        .onConflictDoUpdate({ target: songStats.songId, set: addCounts(songStats) }),
    counterKeys,
  );
  const upsertAlbums = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(albumStats)
        .values(rows.map(({ id, ...counts }) => ({ albumId: id, ...counts })))
        .onConflictDoUpdate({ target: albumStats.albumId, set: addCounts(albumStats) }),
    counterKeys,
  );
  const upsertScore = prepare(
    db,
    db
      .insert(scoreStats)
      .values({ score: ph('score'), plays: 1 })
      .onConflictDoUpdate({ target: scoreStats.score, set: { plays: sql`${scoreStats.plays} + 1` } }),
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
        set: {
          plays: sql`${totals.plays} + 1`,
          players: sql`${totals.players} + ${excluded(totals.players)}`,
          answers: sql`${totals.answers} + ${excluded(totals.answers)}`,
          correct: sql`${totals.correct} + ${excluded(totals.correct)}`,
          scoreSum: sql`${totals.scoreSum} + ${excluded(totals.scoreSum)}`,
        },
      }),
  );

  const writePlay = (play: PlayToRecord): RecordOutcome => {
    const existing = findPlay.get({ nonce: play.nonce });
    if (existing)
      return {
        playId: existing.id,
        score: existing.score,
        totalQuestions: existing.totalQuestions,
        duplicate: true,
      };

    const hash = playerHash(playerSalt, play.sessionId);
    const newPlayer = insertPlayer.run({ hash, firstSeen: play.createdAtMs }).changes;
    const playerId = findPlayer.get({ hash })!.id;
    const total = play.answers.length;
    const { id: playId } = insertPlay.get({
      nonce: play.nonce,
      playerId,
      score: play.score,
      totalQuestions: total,
      createdAt: play.createdAtMs,
      hour: play.hour,
      deviceInfo: play.deviceInfo,
    })!;
    insertAnswers(play.answers.map((a) => ({ ...a, playId, isCorrect: a.isCorrect ? 1 : 0 })));
    upsertLyrics(tally(play.answers, 'lyricId'));
    upsertSongs(tally(play.answers, 'songId'));
    upsertAlbums(tally(play.answers, 'albumId'));
    upsertScore.run({ score: play.score });
    const newInHour = insertHourPlayer.run({ hour: play.hour, playerId }).changes;
    upsertHour.run({ hour: play.hour, newPlayer: newInHour });
    upsertTotals.run({ newPlayer, answers: total, correct: play.score, score: play.score });
    return { playId, score: play.score, totalQuestions: total, duplicate: false };
  };

  const sqlite = db.$client;
  // Inside the batch transaction each play has its own savepoint (a nested
  // transaction): a play that fails is rolled back alone and reported alone.
  const writeInSavepoint = sqlite.transaction(writePlay);
  const writeBatch = sqlite.transaction((batch: PlayToRecord[]): (RecordOutcome | Error)[] =>
    batch.map((play) => {
      try {
        return writeInSavepoint(play);
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    }),
  );
  const counters = createCounterCheck(db);

  return {
    async recordPlays(batch) {
      const outcomes = writeBatch.immediate(batch);
      onCommit();
      return outcomes;
    },
    verifyCounters: async () => counters.verify(),
    async checkIntegrity() {
      const rows = db.$client.query<{ integrity_check: string }, []>('PRAGMA integrity_check').all();
      return rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    },
    async rebuildCounters() {
      counters.rebuild();
      onCommit();
    },
  };
}
