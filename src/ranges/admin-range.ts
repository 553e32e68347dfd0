/**
 * The admin dashboard's reads of a date range (docs/decisions/019): the defaults of
 * `from`/`to`, the cards of a range and of the period before it, devices and players,
 * the daily series, the lists of a range. Plain functions over the read store and
 * src/ranges/range-reads.ts; the routes are thin over them.
 */
import { unprocessable } from '../errors';
import type {
  AdminConfusions,
  AdminDaily,
  AdminDevices,
  AdminHourlyPlayers,
  AdminSummary,
  HourlyRangeStat,
} from '../shared/contracts/admin-range';
import type { AlbumStat, LyricStat, SongStat } from '../shared/contracts/stats';
import type { ScoreDistribution } from '../shared/contracts/time-series';
import type { ScoreMode } from '../shared/play-mode';
import type { StatsStore } from '../storage/contract';
import { addDays, type Day, daysInRange, isDay } from '../time/day';
import {
  checkRange,
  type DayRange,
  getLineConfusions,
  getRangeCounts,
  getRangeSummary,
  getScoreDistribution,
  getSongConfusions,
  getTopConfusions,
} from './range-reads';
import { getComparedTrendPoints, getTrendPoints, type TrendGroup } from './trend';

/** `from`/`to` as the query has them: each may be absent. */
export interface RangeParams {
  from?: string;
  to?: string;
}

/** What the summary compares a range with: the period of the same length before it, or the same dates a year earlier. */
export const COMPARISONS = ['previous', 'year'] as const;
export type Comparison = (typeof COMPARISONS)[number];

export const hasRange = (query: RangeParams) => query.from !== undefined || query.to !== undefined;

/**
 * The range a query asks for, defaults filled in: a missing `to` is today, a missing `from`
 * the first day with a recorded play or an issued quiz (`to` when there is none, or when that
 * day is after `to`). Malformed dates, `to` before `from`, too long → 422 `invalid_range`.
 */
export async function resolveRange(stats: StatsStore, query: RangeParams, today: Day): Promise<DayRange> {
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isDay(value))
      throw unprocessable('invalid_range', `${field} must be a date YYYY-MM-DD, got "${value}"`, field);
  }
  // A day after today has no plays yet: a range reaching into it would pass for a quiet one.
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && value > today)
      throw unprocessable(
        'invalid_range',
        `${field} must not be after today (${today}), got ${value}`,
        field,
      );
  }
  const to = query.to ?? today;
  let from = query.from;
  if (from === undefined) {
    const first = await stats.getFirstDay();
    from = first !== null && first <= to ? first : to;
  }
  const range = { from, to };
  checkRange(range);
  return range;
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod({ from, to }: DayRange): DayRange {
  const days = daysInRange(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** The same dates a year earlier (29 February: the 28th): 'Ova godina' against the same part of last year. */
export function sameDatesYearBefore({ from, to }: DayRange): DayRange {
  const back = (day: Day) => {
    const earlier = `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
    return isDay(earlier) ? earlier : addDays(`${earlier.slice(0, 8)}01`, 27);
  };
  return { from: back(from), to: back(to) };
}

/**
 * Whether a range can be compared with `compared`: only when data were being recorded on every
 * day of it (it starts on or after the first day with data). A period partly before the first
 * play would show a growth of thousands of percent that only says recording began.
 */
const isComparable = (compared: DayRange, firstDay: Day | null) =>
  firstDay !== null && compared.from >= firstDay;

export async function getAdminSummary(
  stats: StatsStore,
  query: RangeParams & { compare?: Comparison },
  today: Day,
): Promise<AdminSummary> {
  const range = await resolveRange(stats, query, today);
  const comparison = query.compare ?? 'previous';
  const compared = comparison === 'year' ? sameDatesYearBefore(range) : previousPeriod(range);
  const [current, previous, firstDay] = await Promise.all([
    getRangeSummary(stats, range),
    getRangeSummary(stats, compared),
    stats.getFirstDay(),
  ]);
  return { today, firstDay, comparison, comparable: isComparable(compared, firstDay), current, previous };
}

/** 'Ukupno igrača' by hour of day: each player once, at the earliest hour they ever played in. */
/** The score distribution of a range, of the plays `difficulty` names. */
export async function getAdminScores(
  stats: StatsStore,
  query: RangeParams & { difficulty?: ScoreMode },
  today: Day,
  /** What the plays are counted over (the filtered reads, docs/decisions/039); the range is the counters'. */
  counted: StatsStore = stats,
): Promise<ScoreDistribution> {
  const range = await resolveRange(stats, query, today);
  return getScoreDistribution(counted, {
    ...range,
    ...(query.difficulty ? { difficulty: query.difficulty } : {}),
  });
}

export async function getAdminHourlyPlayers(stats: StatsStore): Promise<AdminHourlyPlayers> {
  const byEarliestHour = await stats.getPlayersByEarliestHour();
  let running = 0;
  const playersThrough = byEarliestHour.map((n) => {
    running += n;
    return running;
  });
  return { players: running, byEarliestHour, playersThrough };
}

export async function getAdminDevices(
  stats: StatsStore,
  query: RangeParams,
  today: Day,
): Promise<AdminDevices> {
  const s = await getRangeSummary(stats, await resolveRange(stats, query, today));
  return {
    from: s.from,
    to: s.to,
    plays: s.plays,
    byDevice: s.byDevice,
    byBrowser: s.byBrowser,
    players: s.players,
    newPlayers: s.newPlayers,
    returningPlayers: s.players - s.newPlayers,
    playerDays: s.playerDays,
    returningPlayerDays: s.playerDays - s.newPlayers,
    quizzesIssued: s.quizzesIssued,
    completionRate: s.completionRate,
  };
}

/**
 * The trend of a range grouped by day, week or month; with `compare`, the compared period (as the
 * summary picks it) grouped alike (src/ranges/trend.ts).
 */
export async function getAdminDaily(
  stats: StatsStore,
  query: RangeParams & { group?: TrendGroup; compare?: Comparison },
  today: Day,
): Promise<AdminDaily> {
  const range = await resolveRange(stats, query, today);
  const group = query.group ?? 'day';
  const points = await getTrendPoints(stats, range, group);
  if (!query.compare) return { ...range, group, points };
  const compared = query.compare === 'year' ? sameDatesYearBefore(range) : previousPeriod(range);
  const [previous, firstDay] = await Promise.all([
    getComparedTrendPoints(stats, range, compared, group),
    stats.getFirstDay(),
  ]);
  return {
    ...range,
    group,
    points,
    previous: {
      ...compared,
      comparison: query.compare,
      comparable: isComparable(compared, firstDay),
      points: previous,
    },
  };
}

export interface ConfusionParams extends RangeParams {
  lyricId?: number;
  songId?: number;
  limit?: number;
}

/**
 * The wrong songs picked: overall, for a line or for a song. With `from` or `to`, the picks of
 * the range's days (cumulative_confusions, docs/decisions/024: `period: 'range'`); with neither,
 * every recorded play from the all-time counters (`period: 'all-time'`, the range echoed is the
 * default one, first day to today), as the lists answer without a range.
 */
export async function getAdminConfusions(
  stats: StatsStore,
  query: ConfusionParams,
  today: Day,
): Promise<AdminConfusions> {
  const range = await resolveRange(stats, query, today);
  const limit = query.limit ?? 10;
  if (query.lyricId !== undefined && query.songId !== undefined)
    throw unprocessable('validation_failed', 'give lyricId or songId, not both', 'songId');
  const ranged = hasRange(query);
  const of = ranged ? range : undefined;
  const base = { ...range, period: ranged ? ('range' as const) : ('all-time' as const) };
  if (query.lyricId !== undefined)
    return {
      ...base,
      scope: 'lyric',
      lyricId: query.lyricId,
      confusions: await getLineConfusions(stats, query.lyricId, limit, of),
    };
  if (query.songId !== undefined)
    return {
      ...base,
      scope: 'song',
      songId: query.songId,
      confusions: await getSongConfusions(stats, query.songId, limit, of),
    };
  return { ...base, scope: 'all', confusions: await getTopConfusions(stats, limit, of) };
}

/** Plays per hour of day within a range: from the per-day running totals (two rows). */
export async function getRangeHourly(stats: StatsStore, range: DayRange): Promise<HourlyRangeStat[]> {
  const summary = await getRangeCounts(stats, range);
  return summary.byHour.map((attempts, hour) => ({ hour, attempts }));
}

export async function getRangeLyrics(stats: StatsStore, range: DayRange): Promise<LyricStat[]> {
  checkRange(range);
  return stats.getRangeLyricStats(range.from, range.to);
}

export async function getRangeSongs(stats: StatsStore, range: DayRange): Promise<SongStat[]> {
  checkRange(range);
  return stats.getRangeSongStats(range.from, range.to);
}

export async function getRangeAlbums(stats: StatsStore, range: DayRange): Promise<AlbumStat[]> {
  checkRange(range);
  return stats.getRangeAlbumStats(range.from, range.to);
}
