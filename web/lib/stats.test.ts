import { describe, expect, test } from 'bun:test';
import { searchableText } from '../../src/shared/search';
import {
  albumWithYear,
  colourBand,
  cumulative,
  everyHour,
  filterRows,
  nextSort,
  numericOverview,
  orUnknown,
  pageOf,
  percentage,
  type RowFilter,
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

describe('album names', () => {
  test("'Album (year)'; no '(null)' for a missing year; 'Nepoznato' for a missing album", () => {
    expect(albumWithYear('Sol na usnama', 1992)).toBe('Sol na usnama (1992)');
    expect(albumWithYear('Sol na usnama', null)).toBe('Sol na usnama');
    expect(albumWithYear(null, null)).toBe('Nepoznato');
    expect(albumWithYear('', 2001)).toBe('Nepoznato (2001)');
  });
});

describe('filtering and pages', () => {
  const rows = [
    { text: 'Stari čuvar svjetla', occurrences: 0, correctAnswers: 0 },
    { text: 'Puše bura', occurrences: 2, correctAnswers: 1 },
    { text: 'Čuvar mora', occurrences: 7, correctAnswers: 7 },
    { text: 'Žuto sunce', occurrences: 5, correctAnswers: 0 },
  ];
  const searchable = rows.map((r) => searchableText([r.text]));
  const texts = (filter: Partial<RowFilter>) =>
    filterRows(rows, searchable, { query: '', minOccurrences: 0, hideUnshown: false, ...filter }).map(
      (r) => r.text,
    );

  test('no filter keeps every row, in order', () => {
    expect(texts({})).toEqual(rows.map((r) => r.text));
  });
  test('the query ignores diacritics; hiding never-shown rows and a minimum combine with it', () => {
    expect(texts({ query: 'cuvar' })).toEqual(['Stari čuvar svjetla', 'Čuvar mora']);
    expect(texts({ query: 'cuvar', hideUnshown: true })).toEqual(['Čuvar mora']);
    expect(texts({ minOccurrences: 5 })).toEqual(['Čuvar mora', 'Žuto sunce']);
    expect(texts({ hideUnshown: true })).toEqual(['Puše bura', 'Čuvar mora', 'Žuto sunce']);
  });

  test('pages: the rows of the page, a page past the end shows the last one', () => {
    const numbers = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(numbers, 0, 100)).toEqual({ rows: numbers.slice(0, 100), index: 0, pages: 2, first: 0 });
    expect(pageOf(numbers, 1, 100)).toEqual({ rows: numbers.slice(100), index: 1, pages: 2, first: 100 });
    expect(pageOf(numbers, 9, 25)).toEqual({ rows: numbers.slice(100), index: 4, pages: 5, first: 100 });
    expect(pageOf([], 3, 25)).toEqual({ rows: [], index: 0, pages: 1, first: 0 });
    expect(pageOf(numbers, -2, 50).index).toBe(0);
  });
});

describe('hours', () => {
  test('every hour 0–23 once, in order; missing hours are zeros', () => {
    const hours = everyHour([
      { hour: 20, attempts: 5, uniquePlayers: 4 },
      { hour: 3, attempts: 2, uniquePlayers: 1 },
    ]);
    expect(hours.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(hours[3]).toEqual({ hour: 3, attempts: 2, uniquePlayers: 1 });
    expect(hours[4]).toEqual({ hour: 4, attempts: 0, uniquePlayers: 0 });
    expect(hours[20]).toEqual({ hour: 20, attempts: 5, uniquePlayers: 4 });
  });
});
