/**
 * The per-day reads of the PostgreSQL statistics, from running totals (docs/decisions/014): a
 * range is two rows found by the primary key. Split from stats-store.ts so the day reads sit apart
 * from the all-time lists and the confusions.
 */
import { and, asc, between, desc, eq, lte, sql } from 'drizzle-orm';
import { addDays, type Day } from '../../time/day';
import type { StatsStore } from '../contract';
import { dailyValues, emptyDayCounts, emptyScoreCounts, subtractDayCounts } from '../encoding/day-counts';
import {
  type CumulativeDaysRow,
  type CumulativeScoresRow,
  dayCountsOf,
  scoreCountsOf,
} from '../encoding/day-rows';
import type { PgDb } from './client';
import { cumulativeDays, cumulativeQuizzes, cumulativeScores, dayPlayers } from './schema';

export function createDayReads(
  db: PgDb,
): Pick<
  StatsStore,
  | 'getDistinctPlayers'
  | 'getFirstDay'
  | 'getDaysThrough'
  | 'getQuizzesThrough'
  | 'getScoresThrough'
  | 'getDays'
  | 'getQuizzesIssued'
> {
  const readDaysThrough = async (day: Day) => {
    const row = (
      await db
        .select()
        .from(cumulativeDays)
        .where(lte(cumulativeDays.day, day))
        .orderBy(desc(cumulativeDays.day))
        .limit(1)
    )[0];
    return row ? dayCountsOf(row as CumulativeDaysRow) : emptyDayCounts();
  };
  const readQuizzesThrough = async (day: Day) =>
    (
      await db
        .select()
        .from(cumulativeQuizzes)
        .where(lte(cumulativeQuizzes.day, day))
        .orderBy(desc(cumulativeQuizzes.day))
        .limit(1)
    )[0]?.issued ?? 0;

  return {
    async getDistinctPlayers(from, to) {
      // The day memberships of the range by the primary key (day, player_id).
      const rows = await db
        .select({ n: sql<number>`count(DISTINCT ${dayPlayers.playerId})`.mapWith(Number) })
        .from(dayPlayers)
        .where(between(dayPlayers.day, from, to));
      return rows[0]?.n ?? 0;
    },
    async getFirstDay() {
      const [plays, quizzes] = await Promise.all([
        db.select({ day: sql<string | null>`min(${cumulativeDays.day})` }).from(cumulativeDays),
        db.select({ day: sql<string | null>`min(${cumulativeQuizzes.day})` }).from(cumulativeQuizzes),
      ]);
      const days = [plays[0]?.day, quizzes[0]?.day].filter((d): d is Day => !!d);
      return days.length === 0 ? null : days.sort()[0]!;
    },
    getDaysThrough: readDaysThrough,
    getQuizzesThrough: readQuizzesThrough,
    async getScoresThrough(day, mode) {
      const row = (
        await db
          .select()
          .from(cumulativeScores)
          .where(and(eq(cumulativeScores.mode, mode), lte(cumulativeScores.day, day)))
          .orderBy(desc(cumulativeScores.day))
          .limit(1)
      )[0];
      return row ? scoreCountsOf(row as CumulativeScoresRow) : emptyScoreCounts();
    },
    async getDays(from, to) {
      const rows = await db
        .select()
        .from(cumulativeDays)
        .where(between(cumulativeDays.day, from, to))
        .orderBy(asc(cumulativeDays.day));
      return dailyValues(
        rows.map((row) => [row.day, dayCountsOf(row as CumulativeDaysRow)] as const),
        await readDaysThrough(addDays(from, -1)),
        subtractDayCounts,
      );
    },
    async getQuizzesIssued(from, to) {
      const rows = await db
        .select()
        .from(cumulativeQuizzes)
        .where(between(cumulativeQuizzes.day, from, to))
        .orderBy(asc(cumulativeQuizzes.day));
      return dailyValues(
        rows.map((row) => [row.day, row.issued] as const),
        await readQuizzesThrough(addDays(from, -1)),
        (a, b) => a - b,
      );
    },
  };
}
