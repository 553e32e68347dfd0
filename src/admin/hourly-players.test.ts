import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createEngineTestApp, ENGINES, type EngineTestApp } from '../../test/support/engines';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import type { AdminHourlyPlayers } from '../shared/contracts/admin-range';
import type { HourlyStat, Overview } from '../shared/contracts/stats';

/**
 * 'Ukupno igrača' of the cumulative hourly chart (issue 34, defect 7; docs/decisions/033): at
 * hour h, the distinct players whose earliest hour of day is h or before. Expected values are
 * worked out here from the plays the test made, hours with Intl in Europe/Zagreb.
 */
const auth = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Player and instant (UTC) of each play: some players at several hours, one across midnight. */
const PLAYS: [number, string][] = [
  [1, '2025-03-10T19:10:00Z'],
  [1, '2025-03-11T06:30:00Z'],
  [1, '2025-03-12T19:40:00Z'],
  [2, '2025-03-10T19:20:00Z'],
  [3, '2025-03-10T22:50:00Z'],
  [3, '2025-03-11T23:10:00Z'],
  [4, '2025-03-11T11:00:00Z'],
  [4, '2025-03-11T12:00:00Z'],
  [5, '2025-03-12T19:15:00Z'],
];
const hourOf = (iso: string) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zagreb', hour: '2-digit', hourCycle: 'h23' }).format(
      Date.parse(iso),
    ),
  );

describe.each(ENGINES)('%s', (engine) => {
  let app: EngineTestApp;
  beforeAll(async () => {
    app = await createEngineTestApp(engine, {
      env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000', RATE_LIMIT_QUIZ_PER_MINUTE: '1000' },
    });
    for (const [player, at] of PLAYS) {
      app.clock.ms = Date.parse(at);
      const res = await submit(app, answerQuiz(await fetchQuiz(app), 15, uuid(player)));
      if (res.status !== 200) throw new Error(await res.text());
    }
  }, CLUSTER_START_MS);
  afterAll(() => app.close(), 30_000);

  const json = async <T>(path: string) => {
    const res = await app.request(path, { headers: auth });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  test('each player is counted once, from the earliest hour of day they played in', async () => {
    const earliest = new Map<number, number>();
    for (const [player, at] of PLAYS) earliest.set(player, Math.min(earliest.get(player) ?? 24, hourOf(at)));
    const expected = Array.from(
      { length: 24 },
      (_, h) => [...earliest.values()].filter((e) => e <= h).length,
    );
    const got = await json<AdminHourlyPlayers>('/api/admin/stats/hourly-players');
    expect(got.playersThrough).toEqual(expected);
    expect(got.byEarliestHour.reduce((a, b) => a + b, 0)).toBe(earliest.size);
    // The last hour holds every distinct player: the overview's figure.
    expect(got.players).toBe((await json<Overview>('/api/admin/stats/overview')).uniquePlayers);
    expect(got.playersThrough[23]).toBe(5);
    // Not the sum of the hours' distinct players (players 1, 3 and 4 played at several hours).
    const hourly = await json<HourlyStat[]>('/api/admin/stats/hourly');
    expect(hourly.reduce((s, h) => s + h.uniquePlayers, 0)).toBeGreaterThan(got.players);
  });

  test('without credentials: 401', async () => {
    expect((await app.request('/api/admin/stats/hourly-players')).status).toBe(401);
  });
});
