import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { parse } from 'csv-parse/sync';
import { createEngineTestApp, ENGINES, type EngineTestApp } from '../../test/support/engines';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import type { AdminDaily, TrendPoint } from '../shared/contracts/admin-range';
import { groupSpans } from './trend';

/**
 * The trend grouped by week and month, and its compared period (issue 34; docs/decisions/037).
 * Every point is recomputed twice: from the test's own log of plays, and by SQL over the plays
 * table of the database the app wrote.
 */
const auth = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Day (noon in Zagreb: 10:00Z in summer, 11:00Z in winter), player, right answers. */
const PLAYS: [string, number, number][] = [
  ['2025-08-20', 1, 10],
  ['2025-08-27', 2, 12],
  ['2025-09-02', 1, 20],
  ['2025-09-24', 1, 15],
  ['2025-09-26', 2, 18],
  ['2025-09-28', 1, 9],
  ['2025-09-30', 3, 22],
  ['2025-10-01', 3, 25],
  ['2025-10-01', 4, 7],
  ['2025-10-05', 1, 30],
  ['2025-10-06', 5, 11],
  ['2025-10-15', 2, 16],
  ['2025-10-19', 2, 17],
  ['2025-10-25', 6, 14],
  ['2025-10-27', 6, 21],
  ['2025-10-27', 1, 19],
];
const RANGE = { from: '2025-09-24', to: '2025-10-27' };

describe.each(ENGINES)('%s', (engine) => {
  let app: EngineTestApp;
  beforeAll(async () => {
    app = await createEngineTestApp(engine, {
      env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000', RATE_LIMIT_QUIZ_PER_MINUTE: '1000' },
    });
    for (const [day, player, correct] of PLAYS) {
      app.clock.ms = Date.parse(`${day}T10:00:00Z`);
      const res = await submit(app, answerQuiz(await fetchQuiz(app), correct, uuid(player)));
      if (res.status !== 200) throw new Error(await res.text());
    }
    app.clock.ms = Date.parse('2025-10-27T16:00:00Z');
  }, CLUSTER_START_MS);
  afterAll(() => app.close(), 30_000);

  const json = async <T>(path: string) => {
    const res = await app.request(path, { headers: auth });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  /** Plays and distinct players of [from, to] by the test's log. */
  const fromLog = (from: string, to: string) => {
    const plays = PLAYS.filter(([day]) => day >= from && day <= to);
    return {
      plays: plays.length,
      players: new Set(plays.map(([, player]) => player)).size,
      correct: plays.reduce((s, [, , c]) => s + c, 0),
    };
  };
  /** The same by SQL over the plays table. */
  const fromDatabase = async (from: string, to: string) => {
    const [row] = await app.all(
      `SELECT count(*) AS plays, count(DISTINCT player_id) AS players FROM plays WHERE day >= '${from}' AND day <= '${to}'`,
    );
    return { plays: Number(row!.plays), players: Number(row!.players) };
  };
  const check = async (point: TrendPoint) => {
    const expected = fromLog(point.day, point.through);
    expect(point).toMatchObject({
      plays: expected.plays,
      players: expected.players,
      correct: expected.correct,
    });
    expect(point.answers).toBe(expected.plays * 30);
    expect(await fromDatabase(point.day, point.through)).toEqual({
      plays: point.plays,
      players: point.players,
    });
  };

  test('weeks: Monday to Sunday, the first and last clipped to the range; each player once a week', async () => {
    const trend = await json<AdminDaily>(
      `/api/admin/stats/daily?from=${RANGE.from}&to=${RANGE.to}&group=week`,
    );
    expect(trend.group).toBe('week');
    expect(trend.points.map((p) => [p.day, p.through])).toEqual([
      ['2025-09-24', '2025-09-28'],
      ['2025-09-29', '2025-10-05'],
      ['2025-10-06', '2025-10-12'],
      ['2025-10-13', '2025-10-19'],
      ['2025-10-20', '2025-10-26'],
      ['2025-10-27', '2025-10-27'],
    ]);
    for (const point of trend.points) await check(point);
    // Player 1 played twice in the first week, player 3 twice in the second: counted once each.
    expect(trend.points[0]).toMatchObject({ plays: 3, players: 2 });
    expect(trend.points[1]).toMatchObject({ plays: 4, players: 3 });
    expect(trend.previous).toBeUndefined();
  });

  test('months: calendar months clipped to the range', async () => {
    const trend = await json<AdminDaily>(
      `/api/admin/stats/daily?from=${RANGE.from}&to=${RANGE.to}&group=month`,
    );
    expect(trend.points.map((p) => [p.day, p.through])).toEqual([
      ['2025-09-24', '2025-09-30'],
      ['2025-10-01', '2025-10-27'],
    ]);
    for (const point of trend.points) await check(point);
  });

  test('the previous period grouped alike: the same offsets from its start; comparable only after the first play', async () => {
    const trend = await json<AdminDaily>(
      `/api/admin/stats/daily?from=${RANGE.from}&to=${RANGE.to}&group=week&compare=previous`,
    );
    // 34 days before 24 September: 21 August – 23 September.
    expect(trend.previous).toMatchObject({
      from: '2025-08-21',
      to: '2025-09-23',
      comparison: 'previous',
      comparable: true,
    });
    const previous = trend.previous!.points;
    expect(previous.map((p) => [p.day, p.through])).toEqual([
      ['2025-08-21', '2025-08-25'],
      ['2025-08-26', '2025-09-01'],
      ['2025-09-02', '2025-09-08'],
      ['2025-09-09', '2025-09-15'],
      ['2025-09-16', '2025-09-22'],
      ['2025-09-23', '2025-09-23'],
    ]);
    for (const point of previous) await check(point);
    expect(previous.map((p) => p.plays)).toEqual([0, 1, 1, 0, 0, 0]);
    // A range whose previous period starts before the first play (20 August): not comparable.
    const early = await json<AdminDaily>(
      '/api/admin/stats/daily?from=2025-08-25&to=2025-09-02&compare=previous',
    );
    expect(early.previous?.comparable).toBe(false);
    // The same dates a year earlier: nothing was recorded then.
    const year = await json<AdminDaily>(
      `/api/admin/stats/daily?from=${RANGE.from}&to=${RANGE.to}&compare=year`,
    );
    expect(year.previous).toMatchObject({ from: '2024-09-24', to: '2024-10-27', comparable: false });
    expect(year.previous!.points.every((p) => p.plays === 0)).toBe(true);
    expect(year.points).toHaveLength(34);
  });

  test('the daily CSV: a row per week with its last day and the compared week beside it', async () => {
    const res = await app.request(
      `/api/admin/export/daily.csv?from=${RANGE.from}&to=${RANGE.to}&group=week&compare=previous`,
      { headers: auth },
    );
    expect(res.status).toBe(200);
    const rows = parse((await res.text()).replace(/^\ufeff/, ''), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      Dan: '2025-09-24',
      'Do dana': '2025-09-28',
      Igranja: '3',
      'Različiti igrači toga tjedna': '2',
      'Usporedno od dana': '2025-08-21',
      'Igranja u usporednom razdoblju': '0',
    });
    expect(rows[1]).toMatchObject({
      'Usporedno od dana': '2025-08-26',
      'Igranja u usporednom razdoblju': '1',
    });
  });

  test('group and compare are checked', async () => {
    for (const query of ['group=year', 'compare=next']) {
      const res = await app.request(`/api/admin/stats/daily?${query}`, { headers: auth });
      expect(res.status).toBe(422);
    }
  });
});

test('groupSpans covers every day of a range once, in order', () => {
  for (const group of ['day', 'week', 'month'] as const) {
    const spans = groupSpans({ from: '2024-02-27', to: '2024-04-02' }, group);
    const days: string[] = [];
    for (const span of spans)
      for (let d = Date.parse(span.from); d <= Date.parse(span.to); d += 86_400_000)
        days.push(new Date(d).toISOString().slice(0, 10));
    expect(days).toHaveLength(36);
    expect(new Set(days).size).toBe(36);
    expect(days[0]).toBe('2024-02-27');
    expect(days.at(-1)).toBe('2024-04-02');
  }
  expect(groupSpans({ from: '2024-02-27', to: '2024-04-02' }, 'month').map((s) => s.to)).toEqual([
    '2024-02-29',
    '2024-03-31',
    '2024-04-02',
  ]);
});
