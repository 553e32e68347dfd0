/**
 * Day counters (src/storage/encoding/day-counts.ts) as rows of cumulative_days and
 * cumulative_scores, and back: one wide row per day holding running totals, so a
 * range is two rows (docs/decisions/014).
 */
import { BROWSER_FAMILIES, type BrowserFamily, DEVICE_CLASSES, type DeviceClass } from '../../shared/devices';
import type { PlayMode } from '../../shared/play-mode';
import type { Day } from '../../time/day';
import type { DayCounts, ScoreCounts } from './day-counts';
import { dayBrowserKeys, dayDeviceKeys, dayHourKeys, dayScoreKeys } from './day-keys';

/** The counter columns of cumulative_days (everything but the day), as property names. */
export const dayCounterKeys = [
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

export const scoreCounterKeys = ['plays', 'scoreSum', ...dayScoreKeys] as const;

/** A row of cumulative_days, as both engines' schemas declare it. */
export type CumulativeDaysRow = { day: Day } & Record<(typeof dayCounterKeys)[number], number>;
/** A row of cumulative_scores, as both engines' schemas declare it. */
export type CumulativeScoresRow = { day: Day; mode: string } & Record<
  (typeof scoreCounterKeys)[number],
  number
>;

export function daysRow(day: Day, counts: DayCounts): CumulativeDaysRow {
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
  return row as CumulativeDaysRow;
}

export function dayCountsOf(row: CumulativeDaysRow): DayCounts {
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

export function scoresRow(day: Day, mode: PlayMode, counts: ScoreCounts): CumulativeScoresRow {
  const row: Record<string, number | string> = {
    day,
    mode,
    plays: counts.plays,
    scoreSum: counts.scoreSum,
  };
  dayScoreKeys.forEach((key, score) => {
    row[key] = counts.byScore[score]!;
  });
  return row as CumulativeScoresRow;
}

export function scoreCountsOf(row: CumulativeScoresRow): ScoreCounts {
  return { plays: row.plays, scoreSum: row.scoreSum, byScore: dayScoreKeys.map((key) => row[key]) };
}
