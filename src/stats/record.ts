import { createHmac } from 'node:crypto';
import type { Db } from '../db/client';
import type { GradedPlay } from './grade';
import type { SubmitResult } from './model';

export interface PlayToRecord extends GradedPlay {
  nonce: string;
  sessionId: string;
  deviceInfo: string;
  createdAtMs: number;
  hour: number;
}

export type RecordOutcome = SubmitResult & { duplicate: boolean };

/** Salted hash of a session id: players are counted without their id ever being stored. */
export function playerHash(salt: string, sessionId: string): string {
  return createHmac('sha256', salt).update(sessionId.toLowerCase()).digest('base64url');
}

/** [id, occurrences, correct] rows for the counter upserts, one per distinct id. */
function tally(
  answers: GradedPlay['answers'],
  key: 'lyricId' | 'songId' | 'albumId',
): [number, number, number][] {
  const rows = new Map<number, [number, number, number]>();
  for (const answer of answers) {
    const row = rows.get(answer[key]) ?? [answer[key], 0, 0];
    row[1]++;
    if (answer.isCorrect) row[2]++;
    rows.set(answer[key], row);
  }
  return [...rows.values()];
}

/**
 * An INSERT of many rows in one statement (`VALUES (…), (…), …`), prepared once
 * per row count and cached. Measured here: 30 answers in one such statement
 * cost about half of the same rows inserted through `json_each`.
 */
function multiRowInsert(sqlite: Db['$client'], head: string, width: number, tail = '') {
  const byCount = new Map<number, ReturnType<typeof sqlite.prepare>>();
  const row = `(${Array(width).fill('?').join(',')})`;
  return (rows: number[][]) => {
    let statement = byCount.get(rows.length);
    if (!statement) {
      statement = sqlite.prepare(`${head} VALUES ${Array(rows.length).fill(row).join(',')} ${tail}`);
      byCount.set(rows.length, statement);
    }
    statement.run(...rows.flat());
  };
}

const counterUpsert = (sqlite: Db['$client'], table: string, idColumn: string) =>
  multiRowInsert(
    sqlite,
    `INSERT INTO ${table} (${idColumn}, occurrences, correct)`,
    3,
    `ON CONFLICT (${idColumn}) DO UPDATE SET occurrences = occurrences + excluded.occurrences, correct = correct + excluded.correct`,
  );

/**
 * Records graded plays. A play's raw record (play + answers) and every counter
 * are written in one transaction (a savepoint inside a batch), so a play is
 * complete or absent, never half-counted. The hot path uses bun:sqlite
 * statements prepared once, each table's rows written by one multi-row
 * statement: about a dozen statements per play instead of a hundred
 * (docs/decisions/006-statistics-counters.md).
 */
export function createPlayRecorder(db: Db, playerSalt: string) {
  const sqlite = db.$client;
  const findPlay = sqlite.prepare<{ id: number; score: number; total_questions: number }, [string]>(
    'SELECT id, score, total_questions FROM plays WHERE nonce = ?',
  );
  const insertPlayer = sqlite.prepare(
    'INSERT INTO players (hash, first_seen) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING',
  );
  const findPlayer = sqlite.prepare<{ id: number }, [string]>('SELECT id FROM players WHERE hash = ?');
  const insertPlay = sqlite.prepare<{ id: number }, [string, number, number, number, number, number, string]>(
    `INSERT INTO plays (nonce, player_id, score, total_questions, created_at, hour, device_info)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const insertAnswers = multiRowInsert(
    sqlite,
    'INSERT INTO play_answers (play_id, position, lyric_id, song_id, album_id, selected_song_id, is_correct)',
    7,
  );
  const upsertLyrics = counterUpsert(sqlite, 'lyric_stats', 'lyric_id');
  const upsertSongs = counterUpsert(sqlite, 'song_stats', 'song_id');
  const upsertAlbums = counterUpsert(sqlite, 'album_stats', 'album_id');
  const upsertScore = sqlite.prepare(
    'INSERT INTO score_stats (score, plays) VALUES (?, 1) ON CONFLICT (score) DO UPDATE SET plays = plays + 1',
  );
  const insertHourPlayer = sqlite.prepare(
    'INSERT INTO hour_players (hour, player_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const upsertHour = sqlite.prepare(
    `INSERT INTO hour_stats (hour, attempts, unique_players) VALUES (?, 1, ?)
     ON CONFLICT (hour) DO UPDATE SET attempts = attempts + 1, unique_players = unique_players + excluded.unique_players`,
  );
  const upsertTotals = sqlite.prepare(
    `INSERT INTO totals (id, plays, players, answers, correct, score_sum) VALUES (1, 1, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET plays = plays + 1, players = players + excluded.players,
       answers = answers + excluded.answers, correct = correct + excluded.correct, score_sum = score_sum + excluded.score_sum`,
  );

  const writePlay = (play: PlayToRecord): RecordOutcome => {
    const existing = findPlay.get(play.nonce);
    if (existing)
      return {
        playId: existing.id,
        score: existing.score,
        totalQuestions: existing.total_questions,
        duplicate: true,
      };

    const hash = playerHash(playerSalt, play.sessionId);
    const newPlayer = insertPlayer.run(hash, play.createdAtMs).changes;
    const playerId = findPlayer.get(hash)!.id;
    const total = play.answers.length;
    const { id: playId } = insertPlay.get(
      play.nonce,
      playerId,
      play.score,
      total,
      play.createdAtMs,
      play.hour,
      play.deviceInfo,
    )!;
    insertAnswers(
      play.answers.map((a) => [
        playId,
        a.position,
        a.lyricId,
        a.songId,
        a.albumId,
        a.selectedSongId,
        a.isCorrect ? 1 : 0,
      ]),
    );
    upsertLyrics(tally(play.answers, 'lyricId'));
    upsertSongs(tally(play.answers, 'songId'));
    upsertAlbums(tally(play.answers, 'albumId'));
    upsertScore.run(play.score);
    const newInHour = insertHourPlayer.run(play.hour, playerId).changes;
    upsertHour.run(play.hour, newInHour);
    upsertTotals.run(newPlayer, total, play.score, play.score);
    return { playId, score: play.score, totalQuestions: total, duplicate: false };
  };

  // Inside the batch transaction each play has its own savepoint (a nested
  // transaction): a play that fails is rolled back alone and reported alone.
  const writeInSavepoint = sqlite.transaction(writePlay);
  const writeBatch = sqlite.transaction((plays: PlayToRecord[]): (RecordOutcome | Error)[] =>
    plays.map((play) => {
      try {
        return writeInSavepoint(play);
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    }),
  );

  /** Records plays in one IMMEDIATE transaction; an Error in the result for each play that failed. */
  const many = (plays: PlayToRecord[]): (RecordOutcome | Error)[] => writeBatch.immediate(plays);
  /** Records one play in its own transaction. */
  const one = (play: PlayToRecord): RecordOutcome => {
    const [outcome] = many([play]);
    if (outcome instanceof Error) throw outcome;
    return outcome!;
  };
  return Object.assign(one, { many });
}

export type PlayRecorder = ReturnType<typeof createPlayRecorder>;

/**
 * Group commit for the HTTP path: plays submitted in the same turn of the event
 * loop are written in one transaction, and each request is answered only after
 * that transaction has committed — acknowledged still means durable. One commit
 * writes each touched page once instead of once per play, which is where the
 * time of a single-play transaction goes (docs/decisions/006-statistics-counters.md).
 * With no concurrency a batch is one play, as before.
 */
export function createGroupCommit(recorder: PlayRecorder, afterCommit: () => void = () => {}) {
  let queue: { play: PlayToRecord; resolve: (o: RecordOutcome) => void; reject: (e: Error) => void }[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    let outcomes: (RecordOutcome | Error)[];
    try {
      outcomes = recorder.many(batch.map((entry) => entry.play));
    } catch (error) {
      for (const entry of batch) entry.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    afterCommit();
    batch.forEach((entry, i) => {
      const outcome = outcomes[i]!;
      if (outcome instanceof Error) entry.reject(outcome);
      else entry.resolve(outcome);
    });
  };
  return (play: PlayToRecord): Promise<RecordOutcome> =>
    new Promise((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ play, resolve, reject });
    });
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
