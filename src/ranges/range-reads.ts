/**
 * The statistics over time (docs/decisions/014): a date range, a point per
 * day, the score distribution of a range, the songs players confuse. Plain
 * functions over the read store; the sums of a range read two rows of running
 * totals whatever its length, a series one row per day, confusions a bounded
 * number of rows; none reads the raw record.
 */
import { unprocessable } from '../errors';
import type {
  Confusion,
  DailySeries,
  LineConfusion,
  RangeSummary,
  ScoreDistribution,
} from '../shared/contracts/time-series';
import { DEFAULT_DIFFICULTY } from '../shared/difficulty';
import { playModesOf, type ScoreMode } from '../shared/play-mode';
import type { StatsStore } from '../storage/contract';
import {
  addScoreCounts,
  dailySeries,
  type RangeCounts,
  scoreDistribution,
  subtractDayCounts,
  subtractScoreCounts,
  summarizeRange,
} from '../storage/contract';
import { addDays, type Day, daysInRange, isDay } from '../time/day';

/** The longest range a read accepts: ten years of days. */
const MAX_RANGE_DAYS = 3_660;
export const MAX_CONFUSIONS = 100;

export interface DayRange {
  from: Day;
  to: Day;
}

/** Refuses what is not a range of real dates, from ≤ to, at most MAX_RANGE_DAYS long (422 naming the field). */
export function checkRange({ from, to }: DayRange): void {
  if (!isDay(from))
    throw unprocessable('invalid_range', `from must be a date YYYY-MM-DD, got "${from}"`, 'from');
  if (!isDay(to)) throw unprocessable('invalid_range', `to must be a date YYYY-MM-DD, got "${to}"`, 'to');
  const days = daysInRange(from, to);
  if (days === 0) throw unprocessable('invalid_range', `to (${to}) is before from (${from})`, 'to');
  if (days > MAX_RANGE_DAYS)
    throw unprocessable(
      'invalid_range',
      `a range is at most ${MAX_RANGE_DAYS} days; this one has ${days}`,
      'to',
    );
}

/**
 * Plays, player-days, answers, quizzes issued, hours, devices of [from, to]: the running totals
 * through `to` minus those through the day before `from`, so four row reads whatever the length
 * of the range. Without the distinct players: see getRangeSummary.
 */
export async function getRangeCounts(stats: StatsStore, range: DayRange): Promise<RangeCounts> {
  checkRange(range);
  const before = addDays(range.from, -1);
  const [through, upTo, issuedThrough, issuedUpTo] = await Promise.all([
    stats.getDaysThrough(range.to),
    stats.getDaysThrough(before),
    stats.getQuizzesThrough(range.to),
    stats.getQuizzesThrough(before),
  ]);
  return summarizeRange(range.from, range.to, subtractDayCounts(through, upTo), issuedThrough - issuedUpTo);
}

/**
 * The figures of getRangeCounts and the distinct players of the range (each counted once): a
 * count over the range's day memberships, whose cost grows with its player-days
 * (docs/decisions/024), so it is read only where a distinct count is shown.
 */
export async function getRangeSummary(stats: StatsStore, range: DayRange): Promise<RangeSummary> {
  const [counts, players] = await Promise.all([
    getRangeCounts(stats, range),
    stats.getDistinctPlayers(range.from, range.to),
  ]);
  return { ...counts, players };
}

/** A point per day of [from, to] (trend charts): one row per day with plays, and one more. */
export async function getDailySeries(stats: StatsStore, range: DayRange): Promise<DailySeries> {
  checkRange(range);
  const [days, issued] = await Promise.all([
    stats.getDays(range.from, range.to),
    stats.getQuizzesIssued(range.from, range.to),
  ]);
  return dailySeries(range.from, range.to, days, issued);
}

/**
 * The score histogram of [from, to] for one score mode (default: the free plays of `normal`),
 * and the rating bands' shares: two row reads per play mode it adds up.
 */
export async function getScoreDistribution(
  stats: StatsStore,
  range: DayRange & { difficulty?: ScoreMode },
): Promise<ScoreDistribution> {
  checkRange(range);
  const mode = range.difficulty ?? DEFAULT_DIFFICULTY;
  const counts = await Promise.all(
    playModesOf(mode).map(async (playMode) => {
      const [through, upTo] = await Promise.all([
        stats.getScoresThrough(range.to, playMode),
        stats.getScoresThrough(addDays(range.from, -1), playMode),
      ]);
      return subtractScoreCounts(through, upTo);
    }),
  );
  return scoreDistribution(range.from, range.to, mode, counts.reduce(addScoreCounts));
}

const checkLimit = (limit: number) => {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CONFUSIONS)
    throw unprocessable('validation_failed', `limit must be an integer from 1 to ${MAX_CONFUSIONS}`, 'limit');
};

/**
 * The wrong songs players pick for one line, most picked first: all time, or of the days of
 * `range` (docs/decisions/024).
 */
export async function getLineConfusions(
  stats: StatsStore,
  lyricId: number,
  limit = 10,
  range?: DayRange,
): Promise<LineConfusion[]> {
  checkLimit(limit);
  if (range) checkRange(range);
  return stats.getLineConfusions(lyricId, { limit, ...(range ? { range } : {}) });
}

/** The wrong songs players pick when one song is the answer, most picked first (all time, or of `range`). */
export async function getSongConfusions(
  stats: StatsStore,
  songId: number,
  limit = 10,
  range?: DayRange,
): Promise<Confusion[]> {
  checkLimit(limit);
  if (range) checkRange(range);
  return stats.getSongConfusions(songId, { limit, ...(range ? { range } : {}) });
}

/** The (right song, song picked instead) pairs picked most over the whole catalogue (all time, or of `range`). */
export async function getTopConfusions(
  stats: StatsStore,
  limit = 10,
  range?: DayRange,
): Promise<Confusion[]> {
  checkLimit(limit);
  if (range) checkRange(range);
  return stats.getTopConfusions({ limit, ...(range ? { range } : {}) });
}
