import type { DailyPercentile, DailyStreak, DailySummary } from '../shared/contracts/daily';
import { round } from '../shared/round';
import { streakOf } from '../shared/streak';
import { percentileOf } from '../stats/percentile';
import type { DailyStore } from '../storage/contract';
import { addDays, type Day } from '../time/day';

/** How far back the server confirms a streak (a year of days and one). */
const STREAK_WINDOW_DAYS = 366;

/** Where a score stands among the ranked plays of a day's challenge. */
export async function dailyPercentile(store: DailyStore, day: Day, score: number): Promise<DailyPercentile> {
  const { percentile, samePercent, totalPlayers } = percentileOf(score, await store.getScores(day));
  return { day, percentile, samePercent, rankedPlays: totalPlayers };
}

/** A session's ranked days and the streaks they make. */
export async function dailyStreak(store: DailyStore, sessionId: string, today: Day): Promise<DailyStreak> {
  const days = await store.getRankedDays(sessionId, addDays(today, -(STREAK_WINDOW_DAYS - 1)));
  return { today, playedToday: days[0] === today, ...streakOf(days, today), days };
}

/** Today's ranked plays and mean score, and yesterday's hardest line. */
export async function dailySummary(store: DailyStore, today: Day, number: number): Promise<DailySummary> {
  const [scores, lines] = await Promise.all([store.getScores(today), store.getLines(addDays(today, -1))]);
  let plays = 0;
  let sum = 0;
  for (const [score, n] of scores) {
    plays += n;
    sum += score * n;
  }
  const rate = (l: { occurrences: number; correct: number }) => l.correct / l.occurrences;
  const hardest = lines
    .filter((l) => l.occurrences > 0)
    .sort((a, b) => rate(a) - rate(b) || b.occurrences - a.occurrences || a.lyricId - b.lyricId)[0];
  return {
    day: today,
    number,
    rankedPlays: plays,
    averageScore: plays === 0 ? 0 : round(sum / plays, 2),
    ...(hardest
      ? {
          yesterdayHardestLine: {
            lyricId: hardest.lyricId,
            text: hardest.text,
            occurrences: hardest.occurrences,
            correctAnswers: hardest.correct,
          },
        }
      : {}),
  };
}
