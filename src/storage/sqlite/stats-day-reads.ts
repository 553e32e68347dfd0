/**
 * The per-day reads of the SQLite statistics, from running totals (docs/decisions/014): a range is
 * two rows found by the primary key. Split from stats-store.ts so the day reads sit apart from
 * the all-time lists and the confusions.
 */
import { and, asc, between, desc, eq, lte, sql } from 'drizzle-orm';
import { addDays, type Day } from '../../time/day';
import type { StatsStore } from '../contract';
import { dailyValues, emptyDayCounts, emptyScoreCounts, subtractDayCounts } from '../encoding/day-counts';
import { dayCountsOf, scoreCountsOf } from '../encoding/day-rows';
import type { Db } from './client';
import { onFirstUse } from './prepared';
import { cumulativeDays, cumulativeQuizzes, cumulativeScores, dayPlayers } from './schema';

export function createDayReads(
  db: Db,
): Pick<
  StatsStore,
  | 'getFirstDay'
  | 'getDaysThrough'
  | 'getQuizzesThrough'
  | 'getScoresThrough'
  | 'getDays'
  | 'getQuizzesIssued'
  | 'getDistinctPlayers'
> {
  const ph = sql.placeholder;
  const daysThrough = onFirstUse(() =>
    db
      .select()
      .from(cumulativeDays)
      .where(lte(cumulativeDays.day, ph('day')))
      .orderBy(desc(cumulativeDays.day))
      .limit(1)
      .prepare(),
  );
  const daysIn = onFirstUse(() =>
    db
      .select()
      .from(cumulativeDays)
      .where(between(cumulativeDays.day, ph('from'), ph('to')))
      .orderBy(asc(cumulativeDays.day))
      .prepare(),
  );
  const quizzesThrough = onFirstUse(() =>
    db
      .select()
      .from(cumulativeQuizzes)
      .where(lte(cumulativeQuizzes.day, ph('day')))
      .orderBy(desc(cumulativeQuizzes.day))
      .limit(1)
      .prepare(),
  );
  const quizzesIn = onFirstUse(() =>
    db
      .select()
      .from(cumulativeQuizzes)
      .where(between(cumulativeQuizzes.day, ph('from'), ph('to')))
      .orderBy(asc(cumulativeQuizzes.day))
      .prepare(),
  );
  const scoresThrough = onFirstUse(() =>
    db
      .select()
      .from(cumulativeScores)
      .where(and(eq(cumulativeScores.mode, ph('mode')), lte(cumulativeScores.day, ph('day'))))
      .orderBy(desc(cumulativeScores.day))
      .limit(1)
      .prepare(),
  );
  const readDaysThrough = (day: Day) => {
    const row = daysThrough().get({ day });
    return row ? dayCountsOf(row) : emptyDayCounts();
  };
  const readQuizzesThrough = (day: Day) => quizzesThrough().get({ day })?.issued ?? 0;
  // The day memberships of the range by the primary key (day, player): one index range scan.
  const distinctPlayers = onFirstUse(() =>
    db
      .select({ n: sql<number>`count(DISTINCT ${dayPlayers.playerId})`.mapWith(Number) })
      .from(dayPlayers)
      .where(between(dayPlayers.day, ph('from'), ph('to')))
      .prepare(),
  );
  const firstPlayDay = onFirstUse(() =>
    db
      .select({ day: cumulativeDays.day })
      .from(cumulativeDays)
      .orderBy(asc(cumulativeDays.day))
      .limit(1)
      .prepare(),
  );
  const firstQuizDay = onFirstUse(() =>
    db
      .select({ day: cumulativeQuizzes.day })
      .from(cumulativeQuizzes)
      .orderBy(asc(cumulativeQuizzes.day))
      .limit(1)
      .prepare(),
  );

  return {
    async getFirstDay() {
      const days = [firstPlayDay().get()?.day, firstQuizDay().get()?.day].filter((d): d is Day => !!d);
      return days.length === 0 ? null : days.sort()[0]!;
    },
    getDaysThrough: async (day) => readDaysThrough(day),
    getQuizzesThrough: async (day) => readQuizzesThrough(day),
    async getScoresThrough(day, mode) {
      const row = scoresThrough().get({ day, mode });
      return row ? scoreCountsOf(row) : emptyScoreCounts();
    },
    getDays: async (from, to) =>
      dailyValues(
        daysIn()
          .all({ from, to })
          .map((row) => [row.day, dayCountsOf(row)] as const),
        readDaysThrough(addDays(from, -1)),
        subtractDayCounts,
      ),
    getQuizzesIssued: async (from, to) =>
      dailyValues(
        quizzesIn()
          .all({ from, to })
          .map((row) => [row.day, row.issued] as const),
        readQuizzesThrough(addDays(from, -1)),
        (a, b) => a - b,
      ),
    getDistinctPlayers: async (from, to) => distinctPlayers().get({ from, to })?.n ?? 0,
  };
}
