import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { parse } from 'csv-parse/sync';
import { createEngineTestApp, type EngineTestApp } from '../../test/support/engines';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { sameDatesYearBefore } from '../ranges/admin-range';
import type { AdminSummary } from '../shared/contracts/admin-range';

/**
 * What the summary compares a range with (issue 34, defect 5): 'Ova godina' with the same dates a
 * year earlier, no change against a period partly before the first play, no range past today;
 * and the all-time summary export without a previous period of zeros (defect 6).
 */

const auth = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Noon UTC of a day: the same day in Zagreb. */
const noon = (day: string) => Date.parse(`${day}T10:00:00Z`);
/** The days with plays, and how many on each. */
const PLAYS: [string, number][] = [
  ['2023-12-20', 1],
  ['2024-01-10', 2],
  ['2024-04-15', 1],
  ['2024-06-01', 3],
  ['2025-02-01', 2],
  ['2025-04-15', 4],
];
const TODAY = '2025-04-15';

let app: EngineTestApp;

beforeAll(async () => {
  app = await createEngineTestApp('sqlite', {
    env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000', RATE_LIMIT_QUIZ_PER_MINUTE: '1000' },
  });
  let player = 0;
  for (const [day, n] of PLAYS)
    for (let i = 0; i < n; i++) {
      app.clock.ms = noon(day) + i * 60_000;
      const res = await submit(app, answerQuiz(await fetchQuiz(app), 10, uuid(++player)));
      if (res.status !== 200) throw new Error(await res.text());
    }
  app.clock.ms = noon(TODAY) + 3_600_000;
});
afterAll(() => app.close());

const get = (path: string) => app.request(path, { headers: auth });
const summary = async (search: string) => {
  const res = await get(`/api/admin/stats/summary?${search}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminSummary;
};
const playsIn = (from: string, to: string) =>
  PLAYS.filter(([day]) => day >= from && day <= to).reduce((sum, [, n]) => sum + n, 0);

describe('the comparison of a range', () => {
  test("'Ova godina' (compare=year) against the same dates last year, not the 105 days before 1 January", async () => {
    const s = await summary(`from=2025-01-01&to=${TODAY}&compare=year`);
    expect(s.comparison).toBe('year');
    expect({ from: s.previous.from, to: s.previous.to }).toEqual({ from: '2024-01-01', to: '2024-04-15' });
    expect(s.previous.plays).toBe(playsIn('2024-01-01', '2024-04-15'));
    expect(s.current.plays).toBe(playsIn('2025-01-01', TODAY));
    expect(s.comparable).toBe(true);
    // The default stays the period of the same length before.
    const before = await summary(`from=2025-01-01&to=${TODAY}`);
    expect(before.comparison).toBe('previous');
    expect({ from: before.previous.from, to: before.previous.to }).toEqual({
      from: '2024-09-18',
      to: '2024-12-31',
    });
  });

  test('29 February a year back is 28 February', () => {
    expect(sameDatesYearBefore({ from: '2024-02-29', to: '2024-03-01' })).toEqual({
      from: '2023-02-28',
      to: '2023-03-01',
    });
  });

  test('a period that starts before the first play is not comparable', async () => {
    // 2023-12-15 – 2024-01-20 against 2023-11-08 – 2023-12-14: nothing was recorded then.
    const s = await summary('from=2023-12-15&to=2024-01-20');
    expect(s.firstDay).toBe('2023-12-20');
    expect(s.comparable).toBe(false);
    expect((await summary('from=2024-06-01&to=2024-06-30')).comparable).toBe(true);
  });

  test('a range reaching past today is refused', async () => {
    for (const search of [
      'from=2025-04-16&to=2025-04-20',
      `from=${TODAY}&to=2025-04-16`,
      'from=2025-05-01',
    ]) {
      const res = await get(`/api/admin/stats/summary?${search}`);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_range');
    }
    expect((await get(`/api/admin/stats/summary?from=${TODAY}&to=${TODAY}`)).status).toBe(200);
  });

  test('the summary export: no previous period of zeros for all time; the year comparison when asked', async () => {
    const rows = async (search: string) => {
      const res = await get(`/api/admin/export/summary.csv${search}`);
      expect(res.status).toBe(200);
      const [, ...body] = parse((await res.text()).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
      return new Map(body.map(([figure, ...rest]) => [figure!, rest]));
    };
    const all = await rows('');
    expect(all.get('Igranja')).toEqual([String(playsIn('2000-01-01', TODAY)), '', '']);
    const year = await rows(`?from=2025-01-01&to=${TODAY}&compare=year`);
    const [now, before] = [playsIn('2025-01-01', TODAY), playsIn('2024-01-01', '2024-04-15')];
    expect(year.get('Igranja')!.slice(0, 2)).toEqual([String(now), String(before)]);
  });
});
