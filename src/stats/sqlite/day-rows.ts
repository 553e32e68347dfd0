/**
 * The per-day counters (src/stats/day-counts.ts) as rows of day_stats and
 * day_scores, and back: one wide row per day, so a range read touches at most
 * one row per day (docs/decisions/014).
 */
import type { InferSelectModel } from 'drizzle-orm';
import {
  dayBrowserKeys,
  dayDeviceKeys,
  dayHourKeys,
  dayScoreKeys,
  type dayScores,
  type dayStats,
} from '../../db/schema';
import { BROWSER_FAMILIES, type BrowserFamily, DEVICE_CLASSES, type DeviceClass } from '../../shared/devices';
import type { Difficulty } from '../../shared/difficulty';
import type { Day } from '../day';
import type { DayCounts, ScoreCounts } from '../day-counts';

export type DayStatsRow = InferSelectModel<typeof dayStats>;
export type DayScoresRow = InferSelectModel<typeof dayScores>;

/** The counter columns of day_stats (everything but the day), as property names. */
export const dayStatsCounterKeys = [
  'plays',
  'players',
  'newPlayers',
  'answers',
  'correct',
  'scoreSum',
  ...dayHourKeys,
  ...dayDeviceKeys,
  ...dayBrowserKeys,
] as const;

export const dayScoresCounterKeys = ['plays', 'scoreSum', ...dayScoreKeys] as const;

export function dayStatsRow(day: Day, counts: DayCounts): DayStatsRow {
  const row: Record<string, number | string> = {
    day,
    plays: counts.plays,
    players: counts.players,
    newPlayers: counts.newPlayers,
    answers: counts.answers,
    correct: counts.correct,
    scoreSum: counts.scoreSum,
  };
  dayHourKeys.forEach((key, hour) => {
    row[key] = counts.byHour[hour]!;
  });
  DEVICE_CLASSES.forEach((device, i) => {
    row[dayDeviceKeys[i]!] = counts.byDevice[device];
  });
  BROWSER_FAMILIES.forEach((browser, i) => {
    row[dayBrowserKeys[i]!] = counts.byBrowser[browser];
  });
  return row as DayStatsRow;
}

export function dayCountsOf(row: DayStatsRow): DayCounts {
  return {
    plays: row.plays,
    players: row.players,
    newPlayers: row.newPlayers,
    answers: row.answers,
    correct: row.correct,
    scoreSum: row.scoreSum,
    byHour: dayHourKeys.map((key) => row[key]),
    byDevice: Object.fromEntries(DEVICE_CLASSES.map((d, i) => [d, row[dayDeviceKeys[i]!]])) as Record<
      DeviceClass,
      number
    >,
    byBrowser: Object.fromEntries(BROWSER_FAMILIES.map((b, i) => [b, row[dayBrowserKeys[i]!]])) as Record<
      BrowserFamily,
      number
    >,
  };
}

export function dayScoresRow(day: Day, difficulty: Difficulty, counts: ScoreCounts): DayScoresRow {
  const row: Record<string, number | string> = {
    day,
    difficulty,
    plays: counts.plays,
    scoreSum: counts.scoreSum,
  };
  dayScoreKeys.forEach((key, score) => {
    row[key] = counts.byScore[score]!;
  });
  return row as DayScoresRow;
}

export function scoreCountsOf(row: DayScoresRow): ScoreCounts {
  return { plays: row.plays, scoreSum: row.scoreSum, byScore: dayScoreKeys.map((key) => row[key]) };
}
