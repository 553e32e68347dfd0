/**
 * Pure logic of the statistics pages (spec §2, §5): percentages, colour bands,
 * top lists, sorting, totals and the hourly series. No DOM, no fetch.
 */

import { type Counted, percentage, rankByDifficulty } from '../../src/shared/ranking';

// The rows as the API sends them: declared once, by the server's model (types only, not bundled).
export type { AlbumStat, HourlyStat, LyricStat, Overview, SongStat } from '../../src/shared/contracts/stats';
export type { Counted } from '../../src/shared/ranking';
export { percentage } from '../../src/shared/ranking';

import type { HourlyStat, Overview } from '../../src/shared/contracts/stats';

export type ColourBand = 'good' | 'medium' | 'poor';

/** Admin colour bands on the integer part: ≥ 70 green, ≥ 40 yellow, else red. */
export function colourBand(percent: number): ColourBand {
  const whole = Math.trunc(percent);
  return whole >= 70 ? 'good' : whole >= 40 ? 'medium' : 'poor';
}

export const TOP_LIST_SIZE = 10;
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

export type SortDirection = 'asc' | 'desc';
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

/** Running totals over the hours 0–23: 'Ukupno igranja' and 'Ukupno igrača'. */
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

/** The server may send counts as strings (spec §3): every count becomes a number. */
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

export function numericHourly(rows: HourlyStat[]): HourlyStat[] {
  return rows.map((r) => ({
    hour: Number(r.hour),
    attempts: Number(r.attempts),
    uniquePlayers: Number(r.uniquePlayers),
  }));
}

/** 'Nepoznato' for a missing name (spec §2). */
export const orUnknown = (name: string | null | undefined) => (name ? name : 'Nepoznato');
