/**
 * The per-day counters as plain values, and the sums of a date range
 * (docs/decisions/014). Pure: no db, no HTTP. The SQLite store turns these into
 * one row per day (day_stats, day_scores) and back.
 */
import type { RangeSummary, ScoreDistribution } from '../shared/contracts/time-series';
import { BROWSER_FAMILIES, type BrowserFamily, DEVICE_CLASSES, type DeviceClass } from '../shared/devices';
import type { Difficulty } from '../shared/difficulty';
import { RATING_BANDS } from '../shared/rating';
import { PLAY_LENGTH } from '../shared/rules';
import { addDays, type Day, daysInRange } from './day';
import { round } from './round';

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

/**
 * The summary of [from, to] from the stored days (at most one per day; days
 * without plays are simply absent) and the quizzes issued per day.
 */
export function summarizeRange(
  from: Day,
  to: Day,
  days: ReadonlyMap<Day, DayCounts>,
  quizzesIssued: ReadonlyMap<Day, number>,
): RangeSummary {
  const total = emptyDayCounts();
  let issued = 0;
  const series: RangeSummary['series'] = [];
  const length = daysInRange(from, to);
  for (let i = 0; i < length; i++) {
    const day = addDays(from, i);
    const counts = days.get(day);
    const dayIssued = quizzesIssued.get(day) ?? 0;
    if (counts) addDayCounts(total, counts);
    issued += dayIssued;
    series.push({
      day,
      plays: counts?.plays ?? 0,
      players: counts?.players ?? 0,
      newPlayers: counts?.newPlayers ?? 0,
      quizzesIssued: dayIssued,
      answers: counts?.answers ?? 0,
      correct: counts?.correct ?? 0,
    });
  }
  return {
    from,
    to,
    days: length,
    plays: total.plays,
    playerDays: total.players,
    newPlayers: total.newPlayers,
    answers: total.answers,
    correct: total.correct,
    averageScore: total.plays === 0 ? 0 : round(total.scoreSum / total.plays, 2),
    accuracy: percent(total.correct, total.answers, 2),
    quizzesIssued: issued,
    completionRate: issued === 0 ? null : percent(total.plays, issued, 1),
    byHour: total.byHour,
    byDevice: total.byDevice,
    byBrowser: total.byBrowser,
    series,
  };
}

/** Plays per rating band (spec §5) of a score histogram, with their share in percent. */
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

export function scoreDistribution(
  from: Day,
  to: Day,
  difficulty: Difficulty,
  days: Iterable<ScoreCounts>,
): ScoreDistribution {
  const total = emptyScoreCounts();
  for (const counts of days) addScoreCounts(total, counts);
  return {
    from,
    to,
    difficulty,
    plays: total.plays,
    averageScore: total.plays === 0 ? 0 : round(total.scoreSum / total.plays, 2),
    histogram: total.byScore,
    bands: ratingBandShares(total.byScore),
  };
}
