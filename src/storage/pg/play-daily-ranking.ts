/**
 * The daily challenge's ranking on PostgreSQL (docs/decisions/021): a player ranks once a day (the
 * primary key of daily_players decides, across instances too), and a ranked play's score and lines
 * are written with the play, not summed over the batch. Split from play-store.ts because ranking
 * is its own rule, with its own tables.
 */
import { sql } from 'drizzle-orm';
import type { PlayToRecord } from '../contract';
import { addingUp } from './adding-up';
import type { PgRunner } from './running-totals';
import { dailyLines, dailyPlayers, dailyScores } from './schema';

/** Marks the player's ranked play of the day: true for the first, false once one is recorded. */
export async function claimDailyRank(tx: PgRunner, playerId: number, day: string): Promise<boolean> {
  return (
    (
      await tx
        .insert(dailyPlayers)
        .values({ playerId, day })
        .onConflictDoNothing()
        .returning({ day: dailyPlayers.day })
    ).length === 1
  );
}

/** The ranked play's score and lines. */
export async function countRankedPlay(tx: PgRunner, play: PlayToRecord): Promise<void> {
  await tx
    .insert(dailyScores)
    .values({ day: play.day, score: play.score, plays: 1 })
    .onConflictDoUpdate({
      target: [dailyScores.day, dailyScores.score],
      set: { plays: sql`${dailyScores.plays} + 1` },
    });
  await tx
    .insert(dailyLines)
    .values(
      play.answers.map((a) => ({
        day: play.day,
        lyricId: a.lyricId,
        occurrences: 1,
        correct: a.isCorrect ? 1 : 0,
      })),
    )
    .onConflictDoUpdate({
      target: [dailyLines.day, dailyLines.lyricId],
      set: addingUp(dailyLines, ['occurrences', 'correct']),
    });
}
