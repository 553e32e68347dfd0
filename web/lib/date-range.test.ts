import { describe, expect, test } from 'bun:test';
import {
  addDays,
  changeOf,
  daysBetween,
  formatRange,
  isDay,
  parseRange,
  previousPeriod,
  type RangeChoice,
  resolveRange,
  writeRange,
} from './date-range';

const TODAY = '2026-03-01';

describe('date ranges', () => {
  test.each([
    ['danas', { from: '2026-03-01', to: '2026-03-01' }],
    ['jucer', { from: '2026-02-28', to: '2026-02-28' }],
    ['7d', { from: '2026-02-23', to: '2026-03-01' }],
    ['30d', { from: '2026-01-31', to: '2026-03-01' }],
    ['godina', { from: '2026-01-01', to: '2026-03-01' }],
    ['sve', { from: null, to: '2026-03-01' }],
  ] as const)('%s on 1 March 2026 covers %o', (preset, expected) => {
    expect(resolveRange({ preset }, TODAY)).toEqual(expected);
  });

  test('the previous period has the same number of days and ends the day before', () => {
    expect(previousPeriod({ from: '2026-02-23', to: '2026-03-01' })).toEqual({
      from: '2026-02-16',
      to: '2026-02-22',
    });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    // 'Ova godina' on 1 March: 60 days, so the 60 days before 1 January.
    const year = previousPeriod({ from: '2026-01-01', to: '2026-03-01' })!;
    expect(daysBetween(year.from, year.to)).toBe(60);
    expect(year.to).toBe('2025-12-31');
    expect(previousPeriod({ from: null, to: TODAY })).toBeNull();
  });

  test('day arithmetic crosses months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(0);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
  });

  test('a change against the previous period: signed percent, neutral without previous data', () => {
    expect(changeOf(150, 100)).toEqual({ direction: 'up', percent: 50 });
    expect(changeOf(2, 3)).toEqual({ direction: 'down', percent: -33.3 });
    expect(changeOf(7, 7)).toEqual({ direction: 'same', percent: 0 });
    expect(changeOf(7, 0)).toBeNull();
    expect(changeOf(7, null)).toBeNull();
  });

  test.each<RangeChoice>([
    { preset: '7d' },
    { preset: 'danas' },
    { preset: 'custom', from: '2025-12-01', to: '2026-01-15' },
  ])('%o survives the address', (choice) => {
    const params = new URLSearchParams();
    writeRange(params, choice);
    expect(parseRange(new URLSearchParams(params.toString()))).toEqual(choice);
  });

  test('Croatian dates', () => {
    expect(formatRange({ from: '2026-11-01', to: '2026-11-23' })).toBe('1. 11. 2026. – 23. 11. 2026.');
    expect(formatRange({ from: '2026-11-23', to: '2026-11-23' })).toBe('23. 11. 2026.');
  });
});
