import { describe, expect, test } from 'bun:test';
import {
  colourBand,
  cumulative,
  nextSort,
  numericOverview,
  orUnknown,
  percentage,
  type SortState,
  sortRows,
  topList,
  totals,
  withNumericCounts,
} from './stats';

const item = (name: string, occurrences: number, correctAnswers: number) => ({
  name,
  occurrences,
  correctAnswers,
});

describe('percentages and colour bands', () => {
  test('correct / occurrences × 100, 0 when never shown', () => {
    expect(percentage(item('a', 8, 2))).toBe(25);
    expect(percentage(item('a', 0, 0))).toBe(0);
  });
  test.each([
    [100, 'good'],
    [70, 'good'],
    [69.99, 'medium'],
    [40, 'medium'],
    [39.9, 'poor'],
    [0, 'poor'],
  ])('%p%% → %p (integer part)', (pct, band) => {
    expect(colourBand(pct)).toBe(band as ReturnType<typeof colourBand>);
  });
});

describe('top lists', () => {
  const items = [
    item('a', 10, 9),
    item('b', 2, 2),
    item('c', 5, 1),
    item('d', 3, 3),
    item('e', 4, 2),
    item('f', 6, 3),
  ];
  test('only items shown at least the minimum, easiest = highest percentage first', () => {
    expect(topList(items, 'easiest', 3).map((i) => i.name)).toEqual(['d', 'a', 'f', 'e', 'c']);
  });
  test('hardest = lowest first; ties keep the better-known item first', () => {
    expect(topList(items, 'hardest', 3).map((i) => i.name)).toEqual(['c', 'f', 'e', 'a', 'd']);
    expect(topList(items, 'hardest', 5).map((i) => i.name)).toEqual(['c', 'f', 'a']);
  });
  test('at most 10 rows', () => {
    expect(
      topList(
        Array.from({ length: 25 }, (_, i) => item(`x${i}`, 5, i % 6)),
        'easiest',
        5,
      ),
    ).toHaveLength(10);
  });
});

describe('sorting', () => {
  test('none → ascending; the same column toggles; another column starts ascending', () => {
    let s: SortState<'a' | 'b'> = { column: null, direction: 'asc' };
    s = nextSort(s, 'a');
    expect(s).toEqual({ column: 'a', direction: 'asc' });
    s = nextSort(s, 'a');
    expect(s).toEqual({ column: 'a', direction: 'desc' });
    s = nextSort(s, 'a');
    expect(s).toEqual({ column: 'a', direction: 'asc' });
    s = nextSort(nextSort(s, 'a'), 'b');
    expect(s).toEqual({ column: 'b', direction: 'asc' });
  });
  test('numbers as numbers, text in Croatian order, the computed percentage as a key', () => {
    const rows = [item('Čaša', 10, 5), item('Cesta', 4, 4), item('Žito', 20, 2), item('Dan', 9, 0)];
    const key = (r: (typeof rows)[number], c: 'name' | 'occurrences' | 'percentage') =>
      c === 'percentage' ? percentage(r) : r[c];
    expect(sortRows(rows, { column: 'name', direction: 'asc' }, key).map((r) => r.name)).toEqual([
      'Cesta',
      'Čaša',
      'Dan',
      'Žito',
    ]);
    expect(
      sortRows(rows, { column: 'occurrences', direction: 'desc' }, key).map((r) => r.occurrences),
    ).toEqual([20, 10, 9, 4]);
    expect(sortRows(rows, { column: 'percentage', direction: 'desc' }, key).map((r) => r.name)).toEqual([
      'Cesta',
      'Čaša',
      'Žito',
      'Dan',
    ]);
    expect(sortRows(rows, { column: null, direction: 'asc' }, key)).toBe(rows);
  });
});

describe('totals, series and conversions', () => {
  test("the 'Ukupno' row sums the columns and gives the overall percentage", () => {
    expect(totals([item('a', 10, 5), item('b', 30, 25), item('c', 0, 0)])).toEqual({
      occurrences: 40,
      correctAnswers: 30,
      percentage: 75,
    });
    expect(totals([])).toEqual({ occurrences: 0, correctAnswers: 0, percentage: 0 });
  });
  test('cumulative series over the hours', () => {
    const hourly = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      attempts: hour === 3 ? 2 : hour === 20 ? 5 : 0,
      uniquePlayers: hour === 20 ? 4 : hour === 3 ? 1 : 0,
    }));
    const series = cumulative(hourly);
    expect(series.attempts).toHaveLength(24);
    expect(series.attempts.slice(0, 5)).toEqual([0, 0, 0, 2, 2]);
    expect(series.attempts.at(-1)).toBe(7);
    expect(series.uniquePlayers.at(-1)).toBe(5);
  });
  test('counts sent as strings become numbers', () => {
    const rows = withNumericCounts([
      { name: 'a', occurrences: '12' as unknown as number, correctAnswers: '7' as unknown as number },
    ]);
    expect(rows[0]).toEqual({ name: 'a', occurrences: 12, correctAnswers: 7 });
    expect(
      numericOverview({
        totalAttempts: '3',
        uniquePlayers: '2',
        averageScore: '17.5',
        averagePercentage: '58.3',
      } as never),
    ).toEqual({
      totalAttempts: 3,
      uniquePlayers: 2,
      averageScore: 17.5,
      averagePercentage: 58.3,
    });
  });
  test("a missing name shows 'Nepoznato'", () => {
    expect([orUnknown(''), orUnknown(null), orUnknown('Bura')]).toEqual(['Nepoznato', 'Nepoznato', 'Bura']);
  });
});
