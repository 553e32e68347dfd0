/**
 * Pure logic of the statistics pages (docs/product.md#statistics): percentages, colour bands,
 * top lists, sorting, totals and the hourly series. No DOM, no fetch.
 */

import { type Counted, percentage, rankByDifficulty } from '../../src/shared/ranking';

// The rows as the API sends them: declared once, by the server's model (types only, not bundled).
export type { AlbumStat, HourlyStat, LyricStat, Overview, SongStat } from '../../src/shared/contracts/stats';
export type { Counted } from '../../src/shared/ranking';
export { percentage } from '../../src/shared/ranking';

import type { HourlyStat, Overview } from '../../src/shared/contracts/stats';
import { matchesTerms, queryTerms } from '../../src/shared/search';

export type ColourBand = 'good' | 'medium' | 'poor';

/** Admin colour bands on the integer part: ≥ 70 green, ≥ 40 yellow, else red. */
export function colourBand(percent: number): ColourBand {
  const whole = Math.trunc(percent);
  return whole >= 70 ? 'good' : whole >= 40 ? 'medium' : 'poor';
}

const TOP_LIST_SIZE = 10;
export const PUBLIC_MIN_OCCURRENCES = 3;
export const ADMIN_MIN_OCCURRENCES = 5;

/**
 * The 10 items with the highest ('easiest') or lowest ('hardest') percentage
 * among those shown at least `minOccurrences` times. Ties: more occurrences first.
 */
export function topList<T extends Counted>(
  items: T[],
  direction: 'easiest' | 'hardest',
  minOccurrences: number,
  size = TOP_LIST_SIZE,
): T[] {
  return rankByDifficulty(items, direction, minOccurrences).slice(0, size);
}

/**
 * The easiest and the hardest top lists of the same items, never sharing one: with fewer than
 * twice `size` items shown often enough, the easier half goes to 'easiest' and the rest to
 * 'hardest' (issue 33: with little data both lists showed the same songs).
 */
export function topLists<T extends Counted>(
  items: T[],
  minOccurrences: number,
  size = TOP_LIST_SIZE,
): { easiest: T[]; hardest: T[] } {
  const easiest = topList(items, 'easiest', minOccurrences, size);
  const hardest = topList(items, 'hardest', minOccurrences, size);
  if (!easiest.some((item) => hardest.includes(item))) return { easiest, hardest };
  const ranked = rankByDifficulty(items, 'easiest', minOccurrences);
  const half = Math.ceil(ranked.length / 2);
  return { easiest: ranked.slice(0, half), hardest: ranked.slice(half).reverse() };
}

type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  column: K | null;
  direction: SortDirection;
}

/** No sort → ascending on the first click; the same column toggles; another column starts ascending. */
export function nextSort<K extends string>(state: SortState<K>, column: K): SortState<K> {
  if (state.column !== column) return { column, direction: 'asc' };
  return { column, direction: state.direction === 'asc' ? 'desc' : 'asc' };
}

const collator = new Intl.Collator('hr', { numeric: true, sensitivity: 'base' });

/** Sorted copy; `value` gives a column's sort key (numbers compare as numbers, text in Croatian order). */
export function sortRows<T, K extends string>(
  rows: T[],
  state: SortState<K>,
  value: (row: T, column: K) => string | number,
): T[] {
  if (state.column === null) return rows;
  const column = state.column;
  const sign = state.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: value(row, column) }));
  keyed.sort(
    (a, b) =>
      sign *
      (typeof a.key === 'number' && typeof b.key === 'number'
        ? a.key - b.key
        : collator.compare(String(a.key), String(b.key))),
  );
  return keyed.map((k) => k.row);
}

/** The 'Ukupno' row: summed occurrences and correct answers, and the overall percentage. */
export function totals(rows: Counted[]): Counted & { percentage: number } {
  const sum = rows.reduce(
    (acc, r) => ({
      occurrences: acc.occurrences + r.occurrences,
      correctAnswers: acc.correctAnswers + r.correctAnswers,
    }),
    {
      occurrences: 0,
      correctAnswers: 0,
    },
  );
  return { ...sum, percentage: percentage(sum) };
}

/** The hours of a day, 0–23. */
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Every hour 0–23 once, in order; an hour the server did not send counts as no plays. */
export function everyHour(hourly: HourlyStat[]): HourlyStat[] {
  const known = new Map(hourly.map((h) => [h.hour, h]));
  return HOURS.map((hour) => known.get(hour) ?? { hour, attempts: 0, uniquePlayers: 0 });
}

/**
 * Running totals over the hours 0–23 of the plays and of each hour's distinct players. The second
 * is a sum of per-hour counts: a player who played in three hours counts three times, so it is not
 * the number of distinct players (the chart's legend says so).
 */
export function cumulative(hourly: HourlyStat[]): { attempts: number[]; uniquePlayers: number[] } {
  const attempts: number[] = [];
  const uniquePlayers: number[] = [];
  let a = 0;
  let u = 0;
  for (const h of [...hourly].sort((x, y) => x.hour - y.hour)) {
    a += h.attempts;
    u += h.uniquePlayers;
    attempts.push(a);
    uniquePlayers.push(u);
  }
  return { attempts, uniquePlayers };
}

/** Counts may arrive as strings (docs/product.md#counts-as-strings): every count becomes a number. */
export function withNumericCounts<T extends Counted>(rows: T[]): T[] {
  return rows.map((r) => ({
    ...r,
    occurrences: Number(r.occurrences),
    correctAnswers: Number(r.correctAnswers),
  }));
}

export function numericOverview(o: Overview): Overview {
  return {
    totalAttempts: Number(o.totalAttempts),
    uniquePlayers: Number(o.uniquePlayers),
    averageScore: Number(o.averageScore),
    averagePercentage: Number(o.averagePercentage),
  };
}

/** An hour of the admin statistics: of a date range it has plays only (distinct players per hour are all-time). */
export type HourlyRow = Omit<HourlyStat, 'uniquePlayers'> & { uniquePlayers?: number };

export function numericHourly<T extends HourlyRow>(rows: T[]): T[] {
  return rows.map((r) => ({
    ...r,
    hour: Number(r.hour),
    attempts: Number(r.attempts),
    ...(r.uniquePlayers === undefined ? {} : { uniquePlayers: Number(r.uniquePlayers) }),
  }));
}

// The labels of a row, shared with the server's lyric export (its search matches the dashboard's).
export { albumWithYear, orUnknown } from '../../src/shared/labels';

/** Which rows of a statistics table are listed. */
export interface RowFilter {
  /** Words that must all occur in a row's texts, diacritics and case ignored (src/shared/search.ts). */
  query: string;
  /** Rows shown fewer times are left out. */
  minOccurrences: number;
  /** Rows never shown (no occurrences, so no real percentage) are left out. */
  hideUnshown: boolean;
}

/** The rows that pass `filter`; `searchable[i]` is the searchable text of `rows[i]` (searchableText). */
export function filterRows<T extends Counted>(
  rows: readonly T[],
  searchable: readonly string[],
  filter: RowFilter,
): T[] {
  const terms = queryTerms(filter.query);
  const least = Math.max(filter.minOccurrences, filter.hideUnshown ? 1 : 0);
  return rows.filter((row, i) => row.occurrences >= least && matchesTerms(searchable[i] ?? '', terms));
}

export interface Page<T> {
  rows: T[];
  /** The page shown, 0-based, clamped to the pages there are. */
  index: number;
  pages: number;
  /** 0-based position of the page's first row among all rows. */
  first: number;
}

/** One page of `size` rows; a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], index: number, size: number): Page<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const clamped = Math.min(Math.max(0, Math.trunc(index) || 0), pages - 1);
  const first = clamped * size;
  return { rows: rows.slice(first, first + size), index: clamped, pages, first };
}
