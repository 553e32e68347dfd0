/**
 * A batch of plays written on PostgreSQL as one statement, committed on its own (docs/decisions/030
 * and 043; its answer keys are made before, play-answer-keys.ts): one round trip finds or creates
 * the batch's players (each row locked until the commit), claims the daily challenge's ranks,
 * inserts the plays, their hour and day memberships, their pending rows and the quizzes issued.
 * No counter is written here: the aggregator folds the pending plays in (aggregator.ts), so
 * instances writing at once share no hot row. It was four round trips (BEGIN, the players, the
 * plays, COMMIT) with the transaction open between them: on a loaded machine each gap is an event
 * loop's turn, and a batch's fixed cost was most of a play's (docs/decisions/043).
 *
 * All or nothing, so nothing needs undoing: a play whose nonce is already recorded (a committed
 * duplicate) is left out of the statement before any row is made for it, and a duplicate still
 * being written by another transaction fails the whole statement (a unique violation once the
 * other commits): the caller writes the plays again one by one, and the duplicate is then seen
 * and answered with the first result. So no player row is made for a play that was not inserted
 * (its player's first play would otherwise not count as the first) and no daily claim is held by
 * one (the claim's ranked play would be lost).
 *
 * Why the player rows are locked first: a player's plays then commit one statement after another,
 * and a play's id is taken after its player's row is locked (the plays' insert reads the player
 * ids the upsert returned, sorted by the batch's order, so every player is locked before the first
 * play is inserted), so a player's ids grow in commit order. Whether a play is its player's first
 * (ever, that day, that hour) is decided by inserts that see every committed row whatever the
 * statement's snapshot (`ON CONFLICT` on the player, the day's and the hour's membership), in that
 * same order: what verify's recompute in id order finds (docs/decisions/030, "Why the firsts agree
 * with verify").
 */
import { sql } from 'drizzle-orm';
import type { PlayToRecord, RecordOutcome } from '../contract';
import { encodeAnswers } from '../encoding/answer-codec';
import { browserCode, deviceCode, playModeCode } from '../encoding/codes';
import { playerHash } from '../encoding/player-hash';
import { BATCH_LOCK } from './locks';
import { numberArray, textArray } from './pg-arrays';
import { findRecorded } from './play-nonce';
import type { PgRunner } from './running-totals';

const DAILY = playModeCode.code('daily');
const DAILY_PRACTICE = playModeCode.code('daily_practice');

/** The columns of the batch's plays, one array each (a batch of any size is one statement text). */
function columns(batch: readonly PlayToRecord[], keyIds: number[][], playerSalt: string) {
  const col = <T>(of: (play: PlayToRecord, i: number) => T) => batch.map(of);
  return {
    nonce: textArray(col((p) => p.nonce)),
    hash: textArray(col((p) => playerHash(playerSalt, p.sessionId))),
    createdAt: numberArray(col((p) => p.createdAtMs)),
    day: textArray(col((p) => p.day)),
    hour: numberArray(col((p) => p.hour)),
    // A daily play is practice unless it is its player's first candidate of the day whose claim is new.
    mode: numberArray(
      col((p) => (p.dailyDay === undefined ? playModeCode.code(p.difficulty) : DAILY_PRACTICE)),
    ),
    candidate: `{${col((p) => p.dailyDay !== undefined && p.dailyDay === p.day && !p.unranked).join(',')}}`,
    device: numberArray(col((p) => deviceCode.code(p.deviceClass))),
    browser: numberArray(col((p) => browserCode.code(p.browser))),
    score: numberArray(col((p) => p.score)),
    total: numberArray(col((p) => p.answers.length)),
    answers: textArray(
      col((p, i) =>
        Buffer.from(
          encodeAnswers(
            p.answers.map((a, j) => ({
              keyId: keyIds[i]![j]!,
              wrongSongId: a.isCorrect ? undefined : a.selectedSongId,
            })),
          ),
        ).toString('hex'),
      ),
    ),
  };
}

/**
 * The statement. `v`: the plays whose nonce is not recorded yet. `pl`: their players, found or
 * created in hash order under the batch lock (taken shared: only a rebuild excludes batches).
 * `dc`: the day's ranked claim of each candidate's player (the first candidate of a player and day
 * in the batch ranks when its claim is new). `p`: the plays in batch order, no `ON CONFLICT`: a
 * nonce another transaction is inserting fails the statement. `h`, `d`: the memberships; `f`: each
 * play's firsts (it is the lowest id of its player, day or hour in the batch and the player or
 * membership is new); `q`: the pending rows; `qi`: the quizzes issued.
 */
function statement(c: ReturnType<typeof columns>, issued: readonly [string, number][]) {
  return sql`WITH v AS (
  SELECT * FROM unnest(${c.nonce}::text[], ${c.hash}::text[], ${c.createdAt}::bigint[], ${c.day}::text[], ${c.hour}::int[], ${c.mode}::int[], ${c.candidate}::boolean[], ${c.device}::int[], ${c.browser}::int[], ${c.score}::int[], ${c.total}::int[], ${c.answers}::text[])
    WITH ORDINALITY AS u(nonce, hash, created_at, day, hour, mode, candidate, device, browser, score, total, answers, ord)
  WHERE NOT EXISTS (SELECT 1 FROM plays WHERE plays.nonce = u.nonce)
), pl AS (
  INSERT INTO players (hash, first_seen)
  SELECT v.hash, min(v.created_at) FROM (SELECT pg_advisory_xact_lock_shared(${BATCH_LOCK})) AS lock, v GROUP BY v.hash ORDER BY 1
  ON CONFLICT (hash) DO UPDATE SET first_seen = players.first_seen
  RETURNING id, hash, (xmax::text = '0') AS created
), vp AS (
  SELECT v.*, pl.id AS player_id FROM v JOIN pl ON pl.hash = v.hash
), dc AS (
  INSERT INTO daily_players (player_id, day) SELECT DISTINCT player_id, day FROM vp WHERE candidate ORDER BY 1, 2
  ON CONFLICT DO NOTHING RETURNING player_id, day
), p AS (
  INSERT INTO plays (nonce, player_id, created_at, day, hour, mode, device_class, browser, score, total_questions, answers)
  SELECT nonce, player_id, created_at, day, hour,
    CASE WHEN candidate AND ord = min(ord) FILTER (WHERE candidate) OVER (PARTITION BY player_id, day)
      AND EXISTS (SELECT 1 FROM dc WHERE dc.player_id = vp.player_id AND dc.day = vp.day) THEN ${DAILY} ELSE mode END,
    device, browser, score, total, decode(answers, 'hex')
  FROM vp ORDER BY ord
  RETURNING id, nonce, player_id, day, hour, mode, score
), h AS (
  INSERT INTO hour_players (hour, player_id) SELECT DISTINCT hour, player_id FROM p ORDER BY 2, 1
  ON CONFLICT DO NOTHING RETURNING hour, player_id
), d AS (
  INSERT INTO day_players (day, player_id) SELECT DISTINCT day, player_id FROM p ORDER BY 2, 1
  ON CONFLICT DO NOTHING RETURNING day, player_id
), f AS (
  SELECT p.id, p.mode, p.score, p.day,
    CASE WHEN p.id = min(p.id) OVER (PARTITION BY p.player_id) AND pl.created THEN 1 ELSE 0 END
    + CASE WHEN p.id = min(p.id) OVER (PARTITION BY p.player_id, p.day) AND EXISTS (SELECT 1 FROM d WHERE d.day = p.day AND d.player_id = p.player_id) THEN 2 ELSE 0 END
    + CASE WHEN p.id = min(p.id) OVER (PARTITION BY p.player_id, p.hour) AND EXISTS (SELECT 1 FROM h WHERE h.hour = p.hour AND h.player_id = p.player_id) THEN 4 ELSE 0 END AS firsts
  FROM p JOIN pl ON pl.id = p.player_id
), q AS (
  INSERT INTO pending_plays (play_id, firsts, mode, score, day) SELECT id, firsts, mode, score, day FROM f
), qi AS (
  INSERT INTO pending_quizzes (day, issued) SELECT * FROM unnest(${textArray(issued.map(([day]) => day))}::text[], ${numberArray(issued.map(([, n]) => n))}::int[])
)
SELECT id, nonce, mode FROM p`;
}

/**
 * Writes a batch, and the quizzes issued since the last one, in one statement committed on its
 * own; the outcome of each play, in order (a duplicate's is its first result). Throws when the
 * statement failed: nothing of it was written (the caller writes the plays one by one).
 */
export function createBatchWriter(playerSalt: string) {
  /** `keyIds`: the answer key of each answer of each play (play-answer-keys.ts, made before). */
  return async (
    db: PgRunner,
    batch: readonly PlayToRecord[],
    keyIds: number[][],
    issued: readonly [string, number][],
  ): Promise<RecordOutcome[]> => {
    // A nonce twice in the batch (a double submission in one turn): the first is written, the
    // others are its duplicates.
    const firstOfNonce = new Map<string, number>();
    for (const [i, play] of batch.entries())
      if (!firstOfNonce.has(play.nonce)) firstOfNonce.set(play.nonce, i);
    const written = batch.filter((play, i) => firstOfNonce.get(play.nonce) === i);
    const writtenKeys = keyIds.filter((_, i) => firstOfNonce.get(batch[i]!.nonce) === i);
    if (written.length === 0 && issued.length === 0) return [];
    const rows = (await db.execute(
      statement(columns(written, writtenKeys, playerSalt), issued),
    )) as unknown as { id: number; nonce: string; mode: number }[];
    const inserted = new Map(rows.map((row) => [row.nonce, row]));
    const outcomes: RecordOutcome[] = [];
    for (const [i, play] of batch.entries()) {
      const row = inserted.get(play.nonce);
      if (row === undefined || firstOfNonce.get(play.nonce) !== i) {
        const first = await findRecorded(db, play.nonce);
        if (!first) throw new Error(`play ${play.nonce} was neither written nor found`);
        outcomes.push(first);
      } else
        outcomes.push({
          playId: row.id,
          score: play.score,
          totalQuestions: play.answers.length,
          duplicate: false,
          ...(play.dailyDay === undefined ? {} : { ranked: row.mode === DAILY }),
        });
    }
    return outcomes;
  };
}
