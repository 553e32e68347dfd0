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

const counterUpsert = (table: string, idColumn: string) =>
  `INSERT INTO ${table} (${idColumn}, occurrences, correct)
   SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?) WHERE true
   ON CONFLICT (${idColumn}) DO UPDATE SET occurrences = occurrences + excluded.occurrences, correct = correct + excluded.correct`;

/**
 * Records graded plays. One IMMEDIATE transaction per play writes the raw
 * record (play + answers) and every counter, so an acknowledged play is
 * complete or absent, never half-counted. The hot path uses bun:sqlite
 * statements prepared once, with each table's rows passed as one JSON array:
 * about a dozen statements per play instead of a hundred
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
  const insertAnswers = sqlite.prepare(
    `INSERT INTO play_answers (play_id, position, lyric_id, song_id, album_id, selected_song_id, is_correct)
     SELECT ?, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?)`,
  );
  const upsertLyrics = sqlite.prepare(counterUpsert('lyric_stats', 'lyric_id'));
  const upsertSongs = sqlite.prepare(counterUpsert('song_stats', 'song_id'));
  const upsertAlbums = sqlite.prepare(counterUpsert('album_stats', 'album_id'));
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

  const record = sqlite.transaction((play: PlayToRecord): RecordOutcome => {
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
    insertAnswers.run(
      playId,
      JSON.stringify(
        play.answers.map((a) => [
          a.position,
          a.lyricId,
          a.songId,
          a.albumId,
          a.selectedSongId,
          a.isCorrect ? 1 : 0,
        ]),
      ),
    );
    upsertLyrics.run(JSON.stringify(tally(play.answers, 'lyricId')));
    upsertSongs.run(JSON.stringify(tally(play.answers, 'songId')));
    upsertAlbums.run(JSON.stringify(tally(play.answers, 'albumId')));
    upsertScore.run(play.score);
    const newInHour = insertHourPlayer.run(play.hour, playerId).changes;
    upsertHour.run(play.hour, newInHour);
    upsertTotals.run(newPlayer, total, play.score, play.score);
    return { playId, score: play.score, totalQuestions: total, duplicate: false };
  });

  return (play: PlayToRecord): RecordOutcome => record.immediate(play);
}

export type PlayRecorder = ReturnType<typeof createPlayRecorder>;
