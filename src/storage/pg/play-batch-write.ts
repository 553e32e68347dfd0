/**
 * A batch of plays written on PostgreSQL in a fixed number of statements, whatever its size
 * (docs/decisions/030; its answer keys are made before, play-answer-keys.ts): its players (found
 * or created, and locked), the daily challenge's claims, then one statement that inserts the plays, their hour and day
 * memberships and their pending rows. No counter is written here: the aggregator folds the pending
 * plays in (aggregator.ts), so instances writing at once share no hot row.
 *
 * Why the player rows are locked first (`ON CONFLICT DO UPDATE` in hash order): a player's plays
 * then commit one transaction after another, and a play's id is taken after its player's lock, so
 * a player's ids grow in commit order. Whether a play is its player's first (ever, that day, that
 * hour) is decided by its membership inserts in that same order, which is what verify's
 * recompute in id order finds (docs/decisions/030, "Why the firsts agree with verify").
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

/** A batch whose duplicate play held a daily claim another play of the batch needed: written again one by one. */
export class RecordAlone extends Error {}

interface PlayerRow {
  id: number;
  hash: string;
  created: boolean;
}

/**
 * Takes the batch lock shared (locks.ts: only a rebuild excludes batches) and finds or creates the
 * batch's players, each row locked until the batch commits: one round trip.
 */
async function lockPlayers(tx: PgRunner, batch: readonly PlayToRecord[], playerSalt: string) {
  const firstSeen = new Map<string, number>();
  const hashes = batch.map((play) => {
    const hash = playerHash(playerSalt, play.sessionId);
    firstSeen.set(hash, Math.min(firstSeen.get(hash) ?? play.createdAtMs, play.createdAtMs));
    return hash;
  });
  const sorted = [...firstSeen.keys()].sort();
  // `xmax = 0`: the row version was inserted by this statement, not updated (the player is new).
  const rows = (await tx.execute(
    sql`INSERT INTO players (hash, first_seen) SELECT v.hash, v.first_seen FROM (SELECT pg_advisory_xact_lock_shared(${BATCH_LOCK})) AS lock, unnest(${textArray(sorted)}::text[], ${numberArray(sorted.map((h) => firstSeen.get(h)!))}::bigint[]) AS v(hash, first_seen) ORDER BY 1 ON CONFLICT (hash) DO UPDATE SET first_seen = players.first_seen RETURNING id, hash, (xmax::text = '0') AS created`,
  )) as unknown as PlayerRow[];
  const byHash = new Map(rows.map((row) => [row.hash, row]));
  return batch.map((_, i) => byHash.get(hashes[i]!)!);
}

/**
 * Claims the day's ranked daily play for each candidate (docs/decisions/021): the first
 * candidate of a player and day in the batch whose claim is new ranks, every other is practice.
 */
async function claimDailyRanks(tx: PgRunner, batch: readonly PlayToRecord[], players: PlayerRow[]) {
  const ranked: (boolean | undefined)[] = batch.map((play) =>
    play.dailyDay === undefined ? undefined : false,
  );
  const candidates = batch.flatMap((play, i) =>
    play.dailyDay !== undefined && play.dailyDay === play.day && !play.unranked ? [i] : [],
  );
  if (candidates.length === 0) return { ranked, claimed: new Map<string, number>() };
  const keys = [...new Set(candidates.map((i) => `${players[i]!.id}|${batch[i]!.day}`))].sort();
  const rows = (await tx.execute(
    sql`INSERT INTO daily_players (player_id, day) SELECT * FROM unnest(${numberArray(keys.map((k) => Number(k.split('|')[0])))}::int[], ${textArray(keys.map((k) => k.split('|')[1]!))}::text[]) ON CONFLICT DO NOTHING RETURNING player_id, day`,
  )) as unknown as { player_id: number; day: string }[];
  /** Claim key → the batch index of the play that ranks with it. */
  const claimed = new Map<string, number>();
  const fresh = new Set(rows.map((row) => `${row.player_id}|${row.day}`));
  for (const i of candidates) {
    const key = `${players[i]!.id}|${batch[i]!.day}`;
    if (fresh.has(key) && !claimed.has(key)) {
      claimed.set(key, i);
      ranked[i] = true;
    }
  }
  return { ranked, claimed };
}

/**
 * The plays, their memberships and their pending rows in one statement; returns the id of each
 * play inserted by nonce (a nonce already taken inserts nothing: the caller answers the first
 * result). A play's firsts: it is the lowest id of its player (and day, and hour) in the batch and
 * the player (the day's or hour's membership) was new in this transaction.
 */
async function insertPlays(
  tx: PgRunner,
  batch: readonly PlayToRecord[],
  players: PlayerRow[],
  modes: number[],
  answers: Uint8Array[],
): Promise<Map<string, number>> {
  const col = <T>(of: (play: PlayToRecord, i: number) => T) => batch.map(of);
  const newPlayers = [...new Set(players.filter((p) => p.created).map((p) => p.id))];
  const rows = (await tx.execute(sql`WITH v AS (
  SELECT * FROM unnest(${textArray(col((p) => p.nonce))}::text[], ${numberArray(col((_, i) => players[i]!.id))}::int[], ${numberArray(col((p) => p.createdAtMs))}::bigint[], ${textArray(col((p) => p.day))}::text[], ${numberArray(col((p) => p.hour))}::int[], ${numberArray(modes)}::int[], ${numberArray(col((p) => deviceCode.code(p.deviceClass)))}::int[], ${numberArray(col((p) => browserCode.code(p.browser)))}::int[], ${numberArray(col((p) => p.score))}::int[], ${numberArray(col((p) => p.answers.length))}::int[], ${textArray(answers.map((a) => Buffer.from(a).toString('hex')))}::text[])
    WITH ORDINALITY AS v(nonce, player_id, created_at, day, hour, mode, device, browser, score, total, answers, ord)
), p AS (
  INSERT INTO plays (nonce, player_id, created_at, day, hour, mode, device_class, browser, score, total_questions, answers)
  SELECT nonce, player_id, created_at, day, hour, mode, device, browser, score, total, decode(answers, 'hex') FROM v ORDER BY ord
  ON CONFLICT (nonce) DO NOTHING
  RETURNING id, nonce, player_id, day, hour, mode, score
), h AS (
  INSERT INTO hour_players (hour, player_id) SELECT DISTINCT hour, player_id FROM p ORDER BY 2, 1
  ON CONFLICT DO NOTHING RETURNING hour, player_id
), d AS (
  INSERT INTO day_players (day, player_id) SELECT DISTINCT day, player_id FROM p ORDER BY 2, 1
  ON CONFLICT DO NOTHING RETURNING day, player_id
), f AS (
  SELECT p.id, p.mode, p.score, p.day,
    CASE WHEN p.id = min(p.id) OVER (PARTITION BY p.player_id) AND p.player_id = ANY(${numberArray(newPlayers)}::int[]) THEN 1 ELSE 0 END
    + CASE WHEN p.id = min(p.id) OVER (PARTITION BY p.player_id, p.day) AND EXISTS (SELECT 1 FROM d WHERE d.day = p.day AND d.player_id = p.player_id) THEN 2 ELSE 0 END
    + CASE WHEN p.id = min(p.id) OVER (PARTITION BY p.player_id, p.hour) AND EXISTS (SELECT 1 FROM h WHERE h.hour = p.hour AND h.player_id = p.player_id) THEN 4 ELSE 0 END AS firsts
  FROM p
), q AS (
  INSERT INTO pending_plays (play_id, firsts, mode, score, day) SELECT id, firsts, mode, score, day FROM f
)
SELECT id, nonce FROM p`)) as unknown as { id: number; nonce: string }[];
  return new Map(rows.map((row) => [row.nonce, row.id]));
}

/**
 * Undoes what a duplicate play's claims made in this transaction: a new player row no inserted play
 * uses, a daily claim no inserted play ranks with. A claim another candidate of the batch should
 * have taken makes the batch be written again play by play (RecordAlone).
 */
async function undoDuplicates(
  tx: PgRunner,
  batch: readonly PlayToRecord[],
  players: PlayerRow[],
  ids: Map<string, number>,
  claimed: Map<string, number>,
) {
  const lost = [...claimed].filter(([, i]) => !ids.has(batch[i]!.nonce));
  for (const [key] of lost) {
    const others = batch.filter(
      (play, i) =>
        `${players[i]!.id}|${play.day}` === key && play.dailyDay === play.day && ids.has(play.nonce),
    );
    if (others.length > 0) throw new RecordAlone();
  }
  if (lost.length > 0)
    await tx.execute(
      sql`DELETE FROM daily_players WHERE (player_id, day) IN (SELECT * FROM unnest(${numberArray(lost.map(([k]) => Number(k.split('|')[0])))}::int[], ${textArray(lost.map(([k]) => k.split('|')[1]!))}::text[]))`,
    );
  const used = new Set(batch.flatMap((play, i) => (ids.has(play.nonce) ? [players[i]!.id] : [])));
  const unused = [...new Set(players.filter((p) => p.created && !used.has(p.id)).map((p) => p.id))];
  if (unused.length > 0)
    await tx.execute(sql`DELETE FROM players WHERE id = ANY(${numberArray(unused)}::int[])`);
}

/** Writes a batch in the caller's transaction; the outcome of each play, in order. */
export function createBatchWriter(playerSalt: string) {
  /** `keyIds`: the answer key of each answer of each play (play-answer-keys.ts, before the transaction). */
  return async (
    tx: PgRunner,
    batch: readonly PlayToRecord[],
    keyIds: number[][],
  ): Promise<RecordOutcome[]> => {
    if (batch.length === 0) return [];
    const players = await lockPlayers(tx, batch, playerSalt);
    const { ranked, claimed } = await claimDailyRanks(tx, batch, players);
    const modes = batch.map((play, i) =>
      playModeCode.code(ranked[i] === undefined ? play.difficulty : ranked[i] ? 'daily' : 'daily_practice'),
    );
    const answers = batch.map((play, i) =>
      encodeAnswers(
        play.answers.map((a, j) => ({
          keyId: keyIds[i]![j]!,
          wrongSongId: a.isCorrect ? undefined : a.selectedSongId,
        })),
      ),
    );
    const ids = await insertPlays(tx, batch, players, modes, answers);
    if (ids.size < batch.length) await undoDuplicates(tx, batch, players, ids, claimed);
    const outcomes: RecordOutcome[] = [];
    const seen = new Set<string>();
    for (const [i, play] of batch.entries()) {
      const playId = ids.get(play.nonce);
      // The first of two plays with one nonce in the batch took it; the second is its duplicate.
      const duplicate = playId === undefined || seen.has(play.nonce);
      seen.add(play.nonce);
      if (duplicate) outcomes.push((await findRecorded(tx, play.nonce))!);
      else
        outcomes.push({
          playId,
          score: play.score,
          totalQuestions: play.answers.length,
          duplicate: false,
          ...(ranked[i] === undefined ? {} : { ranked: ranked[i] }),
        });
    }
    return outcomes;
  };
}
