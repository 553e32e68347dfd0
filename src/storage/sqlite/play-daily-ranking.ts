/**
 * The daily challenge's ranking (docs/decisions/021): a ranked play is at most one per player and
 * day, so its counters are written with the play rather than summed over the batch. Split from
 * play-store.ts because ranking is its own rule, with its own tables.
 */
import { sql } from 'drizzle-orm';
import type { PlayToRecord } from '../contract';
import type { Db } from './client';
import { addingUp } from './deferred-counters';
import { multiRowInsert, onFirstUse, prepare } from './prepared';
import { dailyLines, dailyPlayers, dailyScores } from './schema';

export function createDailyRanking(db: Db) {
  const ph = sql.placeholder;
  const insertDailyPlayer = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(dailyPlayers)
        .values({ playerId: ph('playerId'), day: ph('day') })
        .onConflictDoNothing(),
    ),
  );
  const upsertDailyScore = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(dailyScores)
        .values({ day: ph('day'), score: ph('score'), plays: 1 })
        .onConflictDoUpdate({
          target: [dailyScores.day, dailyScores.score],
          set: { plays: sql`${dailyScores.plays} + 1` },
        }),
    ),
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
  return {
    /** Marks the player's ranked play of the day: true for the first, false once one is recorded. */
    claim: (playerId: number, day: string): boolean =>
      insertDailyPlayer().run({ playerId, day }).changes === 1,
    /** The ranked play's score and lines, counted in its savepoint. */
    count(play: PlayToRecord): void {
      upsertDailyScore().run({ day: play.day, score: play.score });
      upsertDailyLines(
        play.answers.map((a) => ({
          day: play.day,
          lyricId: a.lyricId,
          occurrences: 1,
          correct: a.isCorrect ? 1 : 0,
        })),
      );
    },
  };
}
