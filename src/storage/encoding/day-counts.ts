/**
 * The day counters as plain values, running totals over days, and the figures
 * of a date range (docs/decisions/014). Pure: no db, no HTTP. The SQLite store
 * keeps running totals, one row per day (cumulative_days, cumulative_scores), so
 * a range is the totals through its last day minus those through the day before it.
 */
import type { DaySeriesPoint, RangeSummary, ScoreDistribution } from '../../shared/contracts/time-series';
import { BROWSER_FAMILIES, type BrowserFamily, DEVICE_CLASSES, type DeviceClass } from '../../shared/devices';
import type { ScoreMode } from '../../shared/play-mode';
import { RATING_BANDS } from '../../shared/rating';
import { round } from '../../shared/round';
import { PLAY_LENGTH } from '../../shared/rules';
import { addDays, type Day, daysInRange } from '../../time/day';

export const HOURS_PER_DAY = 24;

/** What one calendar day counts (all difficulties together). */
export interface DayCounts {
  plays: number;
  /** Distinct players that day. */
  players: number;
  /** Players whose first recorded play was that day. */
  newPlayers: number;
  answers: number;
  correct: number;
  scoreSum: number;
  /** Plays per hour of day, 0–23. */
  byHour: number[];
  byDevice: Record<DeviceClass, number>;
  byBrowser: Record<BrowserFamily, number>;
}

/** The score histogram of one day and difficulty. */
export interface ScoreCounts {
  plays: number;
  scoreSum: number;
  /** Plays per score, 0–PLAY_LENGTH. */
  byScore: number[];
}

const zeros = (n: number) => new Array<number>(n).fill(0);
const zeroRecord = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export function emptyDayCounts(): DayCounts {
  return {
    plays: 0,
    players: 0,
    newPlayers: 0,
    answers: 0,
    correct: 0,
    scoreSum: 0,
    byHour: zeros(HOURS_PER_DAY),
    byDevice: zeroRecord(DEVICE_CLASSES),
    byBrowser: zeroRecord(BROWSER_FAMILIES),
  };
}

export function emptyScoreCounts(): ScoreCounts {
  return { plays: 0, scoreSum: 0, byScore: zeros(PLAY_LENGTH + 1) };
}

const addInto = (into: number[], from: readonly number[]) => {
  for (let i = 0; i < into.length; i++) into[i]! += from[i] ?? 0;
};

/** Adds `from` into `into` (every figure of a day is a sum, so days add up). */
export function addDayCounts(into: DayCounts, from: DayCounts): DayCounts {
  into.plays += from.plays;
  into.players += from.players;
  into.newPlayers += from.newPlayers;
  into.answers += from.answers;
  into.correct += from.correct;
  into.scoreSum += from.scoreSum;
  addInto(into.byHour, from.byHour);
  for (const k of DEVICE_CLASSES) into.byDevice[k] += from.byDevice[k];
  for (const k of BROWSER_FAMILIES) into.byBrowser[k] += from.byBrowser[k];
  return into;
}

/** `a − b`, figure by figure: the counts of the days after b's up to a's, from two running totals. */
export function subtractDayCounts(a: DayCounts, b: DayCounts): DayCounts {
  const minus = (x: Record<string, number>, y: Record<string, number>) =>
    Object.fromEntries(Object.keys(x).map((k) => [k, x[k]! - (y[k] ?? 0)]));
  return {
    plays: a.plays - b.plays,
    players: a.players - b.players,
    newPlayers: a.newPlayers - b.newPlayers,
    answers: a.answers - b.answers,
    correct: a.correct - b.correct,
    scoreSum: a.scoreSum - b.scoreSum,
    byHour: a.byHour.map((n, i) => n - (b.byHour[i] ?? 0)),
    byDevice: minus(a.byDevice, b.byDevice) as DayCounts['byDevice'],
    byBrowser: minus(a.byBrowser, b.byBrowser) as DayCounts['byBrowser'],
  };
}

export function subtractScoreCounts(a: ScoreCounts, b: ScoreCounts): ScoreCounts {
  return {
    plays: a.plays - b.plays,
    scoreSum: a.scoreSum - b.scoreSum,
    byScore: a.byScore.map((n, i) => n - (b.byScore[i] ?? 0)),
  };
}

/** Running totals of per-day values, in day order: each day's entry sums it and every day before. */
export function runningTotals<T>(
  perDay: ReadonlyMap<Day, T>,
  empty: () => T,
  add: (into: T, from: T) => T,
): Map<Day, T> {
  const running = new Map<Day, T>();
  let total = empty();
  for (const day of [...perDay.keys()].sort()) {
    total = add(structuredClone(total), perDay.get(day)!);
    running.set(day, total);
  }
  return running;
}

/**
 * Each day's own values from running totals: `rows` in day order (the days that
 * have one) and the totals before the first of them.
 */
export function dailyValues<T>(
  rows: readonly (readonly [Day, T])[],
  before: T,
  subtract: (a: T, b: T) => T,
): Map<Day, T> {
  const values = new Map<Day, T>();
  let previous = before;
  for (const [day, total] of rows) {
    values.set(day, subtract(total, previous));
    previous = total;
  }
  return values;
}

export function addScoreCounts(into: ScoreCounts, from: ScoreCounts): ScoreCounts {
  into.plays += from.plays;
  into.scoreSum += from.scoreSum;
  addInto(into.byScore, from.byScore);
  return into;
}

/** What one recorded play adds to its day. */
export interface PlayOnDay {
  hour: number;
  score: number;
  answers: number;
  /** Right answers (equal to the score of a graded play). */
  correct: number;
  deviceClass: DeviceClass;
  browser: BrowserFamily;
  /** The player's first play that day. */
  firstOfPlayerToday: boolean;
  /** The player's first recorded play ever. */
  firstOfPlayer: boolean;
}

export function dayCountsOfPlay(play: PlayOnDay): DayCounts {
  const counts = emptyDayCounts();
  counts.plays = 1;
  counts.players = play.firstOfPlayerToday ? 1 : 0;
  counts.newPlayers = play.firstOfPlayer ? 1 : 0;
  counts.answers = play.answers;
  counts.correct = play.correct;
  counts.scoreSum = play.score;
  counts.byHour[play.hour] = 1;
  counts.byDevice[play.deviceClass] = 1;
  counts.byBrowser[play.browser] = 1;
  return counts;
}

export function scoreCountsOfPlay(score: number): ScoreCounts {
  const counts = emptyScoreCounts();
  counts.plays = 1;
  counts.scoreSum = score;
  counts.byScore[score] = 1;
  return counts;
}

const percent = (part: number, whole: number, decimals: number) =>
  whole === 0 ? 0 : round((part / whole) * 100, decimals);

/** The summary of [from, to] from its counts (running totals at `to` minus those before `from`). */
/** The figures of a range that per-day counters give: all of RangeSummary but the distinct players. */
export type RangeCounts = Omit<RangeSummary, 'players'>;

export function summarizeRange(from: Day, to: Day, counts: DayCounts, quizzesIssued: number): RangeCounts {
  return {
    from,
    to,
    days: daysInRange(from, to),
    plays: counts.plays,
    playerDays: counts.players,
    newPlayers: counts.newPlayers,
    answers: counts.answers,
    correct: counts.correct,
    averageScore: counts.plays === 0 ? 0 : round(counts.scoreSum / counts.plays, 2),
    accuracy: percent(counts.correct, counts.answers, 2),
    quizzesIssued,
    completionRate: quizzesIssued === 0 ? null : percent(counts.plays, quizzesIssued, 1),
    byHour: counts.byHour,
    byDevice: counts.byDevice,
    byBrowser: counts.byBrowser,
  };
}

/** One point per day of [from, to], zeros for the days without plays or quizzes. */
export function dailySeries(
  from: Day,
  to: Day,
  days: ReadonlyMap<Day, DayCounts>,
  quizzesIssued: ReadonlyMap<Day, number>,
): DaySeriesPoint[] {
  return Array.from({ length: daysInRange(from, to) }, (_, i) => {
    const day = addDays(from, i);
    const counts = days.get(day);
    return {
      day,
      plays: counts?.plays ?? 0,
      players: counts?.players ?? 0,
      newPlayers: counts?.newPlayers ?? 0,
      quizzesIssued: quizzesIssued.get(day) ?? 0,
      answers: counts?.answers ?? 0,
      correct: counts?.correct ?? 0,
    };
  });
}

/** Plays per rating band (docs/product.md#rating-bands) of a score histogram, with their share in percent. */
export function ratingBandShares(byScore: readonly number[]): ScoreDistribution['bands'] {
  const plays = byScore.reduce((sum, n) => sum + n, 0);
  return RATING_BANDS.map((band) => {
    let inBand = 0;
    for (let score = band.min; score <= band.max; score++) inBand += byScore[score] ?? 0;
    return {
      label: band.label,
      min: band.min,
      max: band.max,
      plays: inBand,
      share: percent(inBand, plays, 1),
    };
  });
}

/** The score distribution of [from, to] from its counts (running totals at `to` minus those before `from`). */
export function scoreDistribution(
  from: Day,
  to: Day,
  difficulty: ScoreMode,
  counts: ScoreCounts,
): ScoreDistribution {
  return {
    from,
    to,
    difficulty,
    plays: counts.plays,
    averageScore: counts.plays === 0 ? 0 : round(counts.scoreSum / counts.plays, 2),
    histogram: counts.byScore,
    bands: ratingBandShares(counts.byScore),
  };
}
