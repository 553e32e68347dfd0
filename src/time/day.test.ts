import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { addDays, createTimeZoneConverter, dayFromNumber, dayNumber, dayOf, daysInRange, isDay } from './day';
import { hourOfDay } from './hour';

const ZAGREB = 'Europe/Zagreb';

describe('day of an instant in STATS_TIMEZONE', () => {
  test.each([
    ['23:59 on 14 January (CET, UTC+1)', Date.UTC(2025, 0, 14, 22, 59), '2025-01-14'],
    ['00:01 on 15 January', Date.UTC(2025, 0, 14, 23, 1), '2025-01-15'],
    ['23:59 on 14 July (CEST, UTC+2)', Date.UTC(2025, 6, 14, 21, 59), '2025-07-14'],
    ['00:01 on 15 July', Date.UTC(2025, 6, 14, 22, 1), '2025-07-15'],
    // Spring change, 30 March 2025: 02:00 CET jumps to 03:00 CEST (01:00 UTC).
    ['23:59 on 29 March, before the spring change', Date.UTC(2025, 2, 29, 22, 59), '2025-03-29'],
    ['00:01 on 30 March, the day of the spring change', Date.UTC(2025, 2, 29, 23, 1), '2025-03-30'],
    ['03:30 CEST on 30 March, after the jump', Date.UTC(2025, 2, 30, 1, 30), '2025-03-30'],
    ['23:59 CEST on 30 March', Date.UTC(2025, 2, 30, 21, 59), '2025-03-30'],
    ['00:01 CEST on 31 March', Date.UTC(2025, 2, 30, 22, 1), '2025-03-31'],
    // Autumn change, 26 October 2025: 03:00 CEST falls back to 02:00 CET (01:00 UTC).
    ['23:59 CEST on 25 October', Date.UTC(2025, 9, 25, 21, 59), '2025-10-25'],
    ['00:01 CEST on 26 October', Date.UTC(2025, 9, 25, 22, 1), '2025-10-26'],
    ['the second 02:30 of 26 October (CET)', Date.UTC(2025, 9, 26, 1, 30), '2025-10-26'],
    ['23:59 CET on 26 October', Date.UTC(2025, 9, 26, 22, 59), '2025-10-26'],
    ['00:01 CET on 27 October', Date.UTC(2025, 9, 26, 23, 1), '2025-10-27'],
  ])('%s', (_, instant, day) => {
    expect(dayOf(instant, ZAGREB)).toBe(day);
  });

  test('the same instant is a different day in another zone', () => {
    const instant = Date.UTC(2025, 0, 14, 23, 30);
    expect([dayOf(instant, ZAGREB), dayOf(instant, 'UTC'), dayOf(instant, 'America/New_York')]).toEqual([
      '2025-01-15',
      '2025-01-14',
      '2025-01-14',
    ]);
  });

  test('the day of 26 October 2025 in Zagreb lasts 25 hours, that of 30 March 23', () => {
    const hoursOn = (day: string) => {
      let hours = 0;
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 3_600_000)
        if (dayOf(t, ZAGREB) === day) hours++;
      return hours;
    };
    expect([hoursOn('2025-03-30'), hoursOn('2025-10-26'), hoursOn('2025-06-01')]).toEqual([23, 25, 24]);
  });
});

describe('the local clock (day and hour, cached per UTC quarter-hour)', () => {
  test('property: equals dayOf and hourOfDay for any instant, in several zones, whatever came before', () => {
    const zones = [
      'Europe/Zagreb',
      'UTC',
      'America/New_York',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
    ];
    const clocks = new Map(zones.map((zone) => [zone, createTimeZoneConverter(zone)]));
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (zone, instant) => {
          expect(clocks.get(zone)!(instant)).toEqual({
            day: dayOf(instant, zone),
            hour: hourOfDay(instant, zone),
          });
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('minute by minute across both daylight-saving changes and their midnights', () => {
    const clock = createTimeZoneConverter(ZAGREB);
    for (const [from, to] of [
      [Date.UTC(2025, 2, 29, 21), Date.UTC(2025, 2, 30, 23)],
      [Date.UTC(2025, 9, 25, 20), Date.UTC(2025, 9, 27, 0)],
    ] as const)
      for (let t = from; t <= to; t += 60_000)
        expect(clock(t)).toEqual({ day: dayOf(t, ZAGREB), hour: hourOfDay(t, ZAGREB) });
  });
});

describe('calendar arithmetic on ISO dates', () => {
  test('days as numbers, both ways', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2025-03-30')).toBe(20177);
    expect(dayFromNumber(20177)).toBe('2025-03-30');
  });

  test('adding days crosses months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  test('days in a range include both ends', () => {
    expect(daysInRange('2025-01-01', '2025-01-01')).toBe(1);
    expect(daysInRange('2025-01-01', '2025-12-31')).toBe(365);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInRange('2025-01-02', '2025-01-01')).toBe(0);
  });

  test.each([
    ['2025-03-30', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-3-30', false],
    ['30.03.2025', false],
    ['', false],
  ])('%p is a date: %p', (value, ok) => {
    expect(isDay(value)).toBe(ok);
  });
});
