/**
 * Recording one play on PostgreSQL: the player, the raw record and its hour and day memberships,
 * in the play's savepoint. Split from play-store.ts so the per-play writes sit apart from batching,
 * duplicates, answer keys and the daily ranking they call.
 */
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PlayToRecord, RecordOutcome } from '../contract';
import { encodeAnswers } from '../encoding/answer-codec';
import { browserCode, deviceCode, playModeCode } from '../encoding/codes';
import { playerHash } from '../encoding/player-hash';
import type { BatchSums } from '../encoding/recompute';
import type { createAnswerKeys } from './play-answer-keys';
import { claimDailyRank, countRankedPlay } from './play-daily-ranking';
import { DuplicateNonce } from './play-nonce';
import type { PgRunner } from './running-totals';
import { dayPlayers, hourPlayers, players, plays } from './schema';

const n = (column: PgColumn) => sql.identifier(column.name);

/** Writes one play and returns its outcome; its counts go into the batch's sums. */
export function createPlayWriter(playerSalt: string, answerKeys: ReturnType<typeof createAnswerKeys>) {
  return async (
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
    // The daily challenge (play-daily-ranking.ts): a token of a past day is never ranked.
    const ranked =
      play.dailyDay === undefined
        ? undefined
        : play.dailyDay === play.day && !play.unranked && (await claimDailyRank(tx, playerId, play.day));
    const mode = ranked === undefined ? play.difficulty : ranked ? 'daily' : 'daily_practice';
    const keyIdsOfPlay = await answerKeys.keysOf(tx, play.answers, own, batch);
    const answers = play.answers.map((a, i) => ({
      keyId: keyIdsOfPlay[i]!,
      wrongSongId: a.isCorrect ? undefined : a.selectedSongId,
    }));
    // The play and its hour and day memberships in one statement: the memberships are
    // inserted only when the play is (a taken nonce inserts nothing).
    const written = (
      (await tx.execute(
        sql`WITH p AS (INSERT INTO ${plays} (${n(plays.nonce)}, ${n(plays.playerId)}, ${n(plays.createdAt)}, ${n(plays.day)}, ${n(plays.hour)}, ${n(plays.mode)}, ${n(plays.deviceClass)}, ${n(plays.browser)}, ${n(plays.score)}, ${n(plays.totalQuestions)}, ${n(plays.answers)}) VALUES (${play.nonce}, ${playerId}, ${play.createdAtMs}, ${play.day}, ${play.hour}, ${playModeCode.code(mode)}, ${deviceCode.code(play.deviceClass)}, ${browserCode.code(play.browser)}, ${play.score}, ${play.answers.length}, ${encodeAnswers(answers)}) ON CONFLICT (${n(plays.nonce)}) DO NOTHING RETURNING ${n(plays.id)}), h AS (INSERT INTO ${hourPlayers} (${n(hourPlayers.hour)}, ${n(hourPlayers.playerId)}) SELECT ${play.hour}::int, ${playerId}::int FROM p ON CONFLICT DO NOTHING RETURNING 1), d AS (INSERT INTO ${dayPlayers} (${n(dayPlayers.day)}, ${n(dayPlayers.playerId)}) SELECT ${play.day}::text, ${playerId}::int FROM p ON CONFLICT DO NOTHING RETURNING 1) SELECT (SELECT ${n(plays.id)} FROM p) AS id, (SELECT count(*) FROM h)::int AS new_in_hour, (SELECT count(*) FROM d)::int AS new_today`,
      )) as unknown as { id: number | null; new_in_hour: number; new_today: number }[]
    )[0]!;
    if (written.id === null) throw new DuplicateNonce();
    if (ranked) await countRankedPlay(tx, play);
    sums.add(
      { ...play, mode },
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
}
