/**
 * Recording one play: its raw record (one `plays` row with its packed answers) and its memberships
 * (player, hour, day), in the play's savepoint. Split from play-store.ts so the per-play writes sit
 * apart from batching, duplicates, answer keys and the daily ranking they call.
 */
import { eq, sql } from 'drizzle-orm';
import type { PlayToRecord, RecordOutcome } from '../contract';
import { encodeAnswers } from '../encoding/answer-codec';
import { browserCode, deviceCode, playModeCode } from '../encoding/codes';
import { playerHash } from '../encoding/player-hash';
import type { BatchSums } from '../encoding/recompute';
import type { Db } from './client';
import type { createAnswerKeys, PlayKeys } from './play-answer-keys';
import type { createDailyRanking } from './play-daily-ranking';
import { createDuplicateLookup, nonceKey } from './play-nonce';
import { onFirstUse, prepare } from './prepared';
import { dayPlayers, hourPlayers, players, plays } from './schema';

/** The statements one play runs, each prepared on first use. */
function playStatements(db: Db) {
  const ph = sql.placeholder;
  const insertPlayer = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(players)
        .values({ hash: ph('hash'), firstSeen: ph('firstSeen') })
        .onConflictDoNothing({ target: players.hash }),
    ),
  );
  const findPlayer = onFirstUse(() =>
    prepare<{ id: number }>(
      db,
      db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.hash, ph('hash'))),
    ),
  );
  const insertPlay = onFirstUse(() =>
    prepare<{ id: number }>(
      db,
      db
        .insert(plays)
        .values({
          nonce: ph('nonce'),
          playerId: ph('playerId'),
          createdAt: ph('createdAt'),
          day: ph('day'),
          hour: ph('hour'),
          mode: ph('mode'),
          deviceClass: ph('deviceClass'),
          browser: ph('browser'),
          score: ph('score'),
          totalQuestions: ph('totalQuestions'),
          answers: ph('answers'),
        })
        .returning({ id: plays.id }),
    ),
  );
  const insertHourPlayer = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(hourPlayers)
        .values({ hour: ph('hour'), playerId: ph('playerId') })
        .onConflictDoNothing(),
    ),
  );
  const insertDayPlayer = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(dayPlayers)
        .values({ day: ph('day'), playerId: ph('playerId') })
        .onConflictDoNothing(),
    ),
  );
  return { insertPlayer, findPlayer, insertPlay, insertHourPlayer, insertDayPlayer };
}

/**
 * Writes one play and returns its outcome; its counts go into the batch's sums, written once for
 * the whole batch (play-batch-counters.ts): a batch of fifty plays touches each counter row once
 * instead of fifty times.
 */
export function createPlayWriter(
  db: Db,
  playerSalt: string,
  answerKeys: ReturnType<typeof createAnswerKeys>,
  daily: ReturnType<typeof createDailyRanking>,
) {
  const { insertPlayer, findPlayer, insertPlay, insertHourPlayer, insertDayPlayer } = playStatements(db);
  const duplicateOf = createDuplicateLookup(db);
  return (play: PlayToRecord, keys: PlayKeys, sums: BatchSums): RecordOutcome => {
    const nonce = nonceKey(play.nonce);
    const duplicate = duplicateOf(nonce);
    if (duplicate) return duplicate;

    const hash = playerHash(playerSalt, play.sessionId);
    const newPlayer = insertPlayer().run({ hash, firstSeen: play.createdAtMs }).changes;
    const playerId = findPlayer().get({ hash })!.id;
    const total = play.answers.length;
    // A token of a past day is never ranked, whatever the player did that day.
    const ranked =
      play.dailyDay === undefined
        ? undefined
        : play.dailyDay === play.day && !play.unranked && daily.claim(playerId, play.day);
    const mode = ranked === undefined ? play.difficulty : ranked ? 'daily' : 'daily_practice';
    const { id: playId } = insertPlay().get({
      nonce,
      playerId,
      createdAt: play.createdAtMs,
      day: play.day,
      hour: play.hour,
      mode: playModeCode.code(mode),
      deviceClass: deviceCode.code(play.deviceClass),
      browser: browserCode.code(play.browser),
      score: play.score,
      totalQuestions: total,
      answers: encodeAnswers(
        play.answers.map((a) => ({
          keyId: answerKeys.keyOf(a, keys),
          wrongSongId: a.isCorrect ? undefined : a.selectedSongId,
        })),
      ),
    })!;
    const newInHour = insertHourPlayer().run({ hour: play.hour, playerId }).changes;
    const newToday = insertDayPlayer().run({ day: play.day, playerId }).changes;
    // Counted only once the savepoint holds: a play that fails adds nothing.
    if (ranked) daily.count(play);
    sums.add(
      { ...play, mode },
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
}
