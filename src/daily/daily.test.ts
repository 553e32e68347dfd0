import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import {
  appsClosedAfterFile,
  createCatalogueDatabase,
  ENGINES,
  openPgStores,
  warmEngine,
} from '../../test/support/engines';
import { createFileDb } from '../../test/support/file-db';
import {
  buildTestApp,
  createTestApp,
  createTestAppOver,
  makeCatalogue,
  type TestApp,
} from '../../test/support/fixtures';
import { answerQuiz, type FetchedQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import { tempDirsRemovedAfterEach } from '../../test/support/temp-dirs';
import type { DailyChallenge } from '../shared/contracts/daily';
import { pgMeta } from '../storage/pg/meta';
import { closeDb, createSqliteDb } from '../storage/sqlite/client';

/** The test closes its connections first (its child process has exited). */
const tempDir = tempDirsRemovedAfterEach('kviz-daily-');

const SESSION_A = '00000000-0000-4000-8000-00000000000a';
const SESSION_B = '00000000-0000-4000-8000-00000000000b';

/** 12:00 in Zagreb (CEST) on 15 April 2025. */
const NOON = Date.UTC(2025, 3, 15, 10, 0, 0);

async function fetchDaily(app: Pick<TestApp, 'request'>): Promise<FetchedQuiz & { body: DailyChallenge }> {
  const res = await app.request('/api/daily');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = (await res.json()) as DailyChallenge;
  return { token: res.headers.get('x-quiz-token')!, questions: body.questions, body };
}

/** The daily play of `session`, `correct` answers right; the answer's body. */
async function playDaily(app: Pick<TestApp, 'request'>, session: string, correct: number) {
  const quiz = await fetchDaily(app);
  const res = await submit(app, answerQuiz(quiz, correct, session));
  expect(res.status).toBe(200);
  return (await res.json()) as { playId: number; score: number; ranked?: boolean };
}

/** The ranking, streak and summary run over both engines (docs/decisions/023): the daily store of each. */
const appOn = appsClosedAfterFile();

const fingerprint = (c: DailyChallenge) =>
  c.questions.map((q) => `${q.lyricId}:${q.options.map((o) => o.id).join(',')}`).join(' ');

describe.each(ENGINES)('GET /api/daily (%s)', (engine) => {
  beforeAll(() => warmEngine(engine), CLUSTER_START_MS);

  test('the same lines and options in the same order for every caller of a day, with a token each', async () => {
    const app = await appOn(engine);
    app.clock.ms = NOON;
    const a = await fetchDaily(app);
    app.clock.advance(3 * 3600);
    const b = await fetchDaily(app);
    expect(a.body.day).toBe('2025-04-15');
    expect(a.body.number).toBe(1);
    expect(a.body.questions).toHaveLength(30);
    expect(new Set(a.body.questions.map((q) => q.lyricId)).size).toBe(30);
    expect(fingerprint(b.body)).toBe(fingerprint(a.body));
    expect(a.token).not.toBe(b.token);
    // The next midnight in Zagreb (UTC+2 in April).
    expect(a.body.endsAt).toBe('2025-04-15T22:00:00.000Z');
  });

  test('another database (another secret) chooses other lines on the same day', async () => {
    const one = await appOn(engine);
    const other = await appOn(engine);
    one.clock.ms = other.clock.ms = NOON;
    expect(fingerprint((await fetchDaily(other)).body)).not.toBe(fingerprint((await fetchDaily(one)).body));
  });

  test('the next day has other lines and the next number; the day turns at midnight in Zagreb', async () => {
    const app = await appOn(engine);
    app.clock.ms = NOON;
    const today = await fetchDaily(app);
    app.clock.ms = Date.UTC(2025, 3, 15, 21, 59, 59); // 23:59:59 in Zagreb
    expect(fingerprint((await fetchDaily(app)).body)).toBe(fingerprint(today.body));
    app.clock.ms = Date.UTC(2025, 3, 15, 22, 0, 0); // 00:00 on the 16th in Zagreb
    const tomorrow = await fetchDaily(app);
    expect(tomorrow.body.day).toBe('2025-04-16');
    expect(tomorrow.body.number).toBe(2);
    const seen = new Set(today.body.questions.map((q) => q.lyricId));
    expect(tomorrow.body.questions.filter((q) => seen.has(q.lyricId))).toEqual([]);
  });

  test('daylight-saving days: a 23-hour and a 25-hour day, each one challenge', async () => {
    const app = await appOn(engine);
    // 30 March 2025: clocks go from 02:00 to 03:00 in Zagreb; the day runs 23:00Z (29th) to 22:00Z.
    app.clock.ms = Date.UTC(2025, 2, 29, 23, 30);
    const spring = await fetchDaily(app);
    expect(spring.body.day).toBe('2025-03-30');
    expect(spring.body.endsAt).toBe('2025-03-30T22:00:00.000Z');
    app.clock.ms = Date.UTC(2025, 2, 30, 21, 59);
    expect(fingerprint((await fetchDaily(app)).body)).toBe(fingerprint(spring.body));
    app.clock.ms = Date.UTC(2025, 2, 29, 22, 59); // 23:59 on the 29th, still CET
    const before = await fetchDaily(app);
    expect(before.body.day).toBe('2025-03-29');
    expect(before.body.endsAt).toBe('2025-03-29T23:00:00.000Z');
    // 26 October 2025: 03:00 back to 02:00; the day runs 22:00Z (25th) to 23:00Z.
    app.clock.ms = Date.UTC(2025, 9, 25, 22, 0);
    const autumn = await fetchDaily(app);
    expect(autumn.body.day).toBe('2025-10-26');
    expect(autumn.body.endsAt).toBe('2025-10-26T23:00:00.000Z');
    // 15 April 2025 (the test clock's start) was number 1: 194 days before.
    expect(autumn.body.number).toBe(195);
    app.clock.ms = Date.UTC(2025, 9, 26, 22, 59, 59);
    expect(fingerprint((await fetchDaily(app)).body)).toBe(fingerprint(autumn.body));
  });
});

describe('GET /api/daily, several instances', () => {
  test('two app instances on one database file, and a second process, get identical questions', async () => {
    const path = join(tempDir(), 'kviz.db');
    const first = await createTestAppOver(createFileDb(path));
    const second = await createTestAppOver(createSqliteDb(path));
    try {
      first.clock.ms = NOON;
      second.clock.ms = NOON + 60_000;
      const a = await fetchDaily(first);
      const b = await fetchDaily(second);
      expect(fingerprint(b.body)).toBe(fingerprint(a.body));
      const child = Bun.spawnSync(
        [process.execPath, 'test/support/daily-process.ts', path, String(NOON + 120_000)],
        {
          cwd: join(import.meta.dir, '../..'),
        },
      );
      expect(child.exitCode).toBe(0);
      const c = JSON.parse(child.stdout.toString()) as DailyChallenge;
      expect(fingerprint(c)).toBe(fingerprint(a.body));
      expect(c.number).toBe(1);
    } finally {
      // The child process has exited (spawnSync): only these two connections remain.
      closeDb(first.db);
      closeDb(second.db);
    }
  }, 60_000);

  test(
    'two app instances started at once on one PostgreSQL database get identical questions',
    async () => {
      const url = await createCatalogueDatabase();
      const [first, second] = await Promise.all(
        [0, 1].map(async () => {
          const opened = await openPgStores(url);
          const built = await buildTestApp({
            stores: opened.stores,
            index: opened.catalogue,
            meta: pgMeta(opened.db),
          });
          return { ...built, close: opened.close };
        }),
      );
      first!.clock.ms = NOON;
      second!.clock.ms = NOON + 60_000;
      expect(fingerprint((await fetchDaily(second!)).body)).toBe(
        fingerprint((await fetchDaily(first!)).body),
      );
      await Promise.all([first!.close(), second!.close()]);
    },
    CLUSTER_START_MS,
  );
});

describe.each(ENGINES)('%s', (engine) => {
  // The throwaway cluster and its catalogue template start here, not inside a test's time.
  beforeAll(() => appOn(engine), CLUSTER_START_MS);
  describe('ranked daily plays', () => {
    test("a session's first daily play of the day is ranked, later ones are practice", async () => {
      const app = await appOn(engine);
      app.clock.ms = NOON;
      expect((await playDaily(app, SESSION_A, 20)).ranked).toBe(true);
      expect((await playDaily(app, SESSION_A, 30)).ranked).toBe(false);
      expect((await playDaily(app, SESSION_B, 10)).ranked).toBe(true);
      // Free play says nothing about ranking and does not count in the day's ranking.
      const free = await app.request('/api/quiz');
      const quiz: FetchedQuiz = { token: free.headers.get('x-quiz-token')!, questions: await free.json() };
      expect((await (await submit(app, answerQuiz(quiz, 30, SESSION_A))).json()).ranked).toBeUndefined();
      const p = await app.request('/api/daily/percentile/20');
      expect(p.status).toBe(200);
      expect(await p.json()).toEqual({ day: '2025-04-15', percentile: 50, samePercent: 50, rankedPlays: 2 });
      // The free-play percentile counts only the free play.
      expect((await (await app.request('/api/score-percentile/30')).json()).totalPlayers).toBe(1);
      // The next day, the same session is ranked again.
      app.clock.advance(86_400);
      expect((await playDaily(app, SESSION_A, 5)).ranked).toBe(true);
    });

    test('a repeated submission answers the first result, ranked as it was', async () => {
      const app = await appOn(engine);
      app.clock.ms = NOON;
      const quiz = await fetchDaily(app);
      const body = answerQuiz(quiz, 12, SESSION_A);
      const first = await (await submit(app, body)).json();
      const again = await (await submit(app, body)).json();
      expect(first.ranked).toBe(true);
      expect(again).toEqual(first);
    });

    test('a token of a past day is never ranked (and does not use up the new day)', async () => {
      const app = await appOn(engine);
      app.clock.ms = Date.UTC(2025, 3, 15, 21, 58); // 23:58 in Zagreb
      const late = await fetchDaily(app);
      app.clock.ms = Date.UTC(2025, 3, 15, 22, 1); // 00:01 on the 16th
      const res = await submit(app, answerQuiz(late, 25, SESSION_A));
      expect(res.status).toBe(200);
      expect((await res.json()).ranked).toBe(false);
      expect(await (await app.request('/api/daily/percentile/25?day=2025-04-15')).json()).toMatchObject({
        rankedPlays: 0,
      });
      expect((await playDaily(app, SESSION_A, 7)).ranked).toBe(true);
    });

    test('verify finds the daily counters equal to the raw record; rebuild rewrites them the same', async () => {
      const app = await appOn(engine);
      app.clock.ms = NOON;
      await playDaily(app, SESSION_A, 20);
      await playDaily(app, SESSION_A, 3);
      await playDaily(app, SESSION_B, 11);
      app.clock.advance(86_400);
      await playDaily(app, SESSION_A, 30);
      expect(await app.stores.plays.verifyCounters()).toEqual([]);
      const snapshot = () =>
        ['daily_players', 'daily_scores', 'daily_lines'].map((t) =>
          app.all(`SELECT * FROM ${t} ORDER BY 1, 2`),
        );
      const before = await Promise.all(snapshot());
      expect(before[0]).toHaveLength(3);
      await app.stores.plays.rebuildCounters();
      expect(await Promise.all(snapshot())).toEqual(before);
      await app.all("UPDATE daily_scores SET plays = plays + 1 WHERE day = '2025-04-15' AND score = 20");
      await app.all("DELETE FROM daily_players WHERE day = '2025-04-16'");
      const differences = await app.stores.plays.verifyCounters();
      expect(differences.map((d) => `${d.table} ${d.key} ${d.column}`).sort()).toEqual([
        'daily_players 2025-04-16:1 row',
        'daily_scores 2025-04-15:20 plays',
      ]);
    });
  });

  describe('GET /api/daily/percentile/{score}, /streak, /summary', () => {
    test('422 naming the field for a malformed or future day, a bad score or a bad session id', async () => {
      const app = await appOn(engine);
      app.clock.ms = NOON;
      const field = async (path: string) => {
        const res = await app.request(path);
        expect(res.status).toBe(422);
        return (await res.json()).error.field;
      };
      expect(await field('/api/daily/percentile/31')).toBe('score');
      expect(await field('/api/daily/percentile/1e1')).toBe('score');
      expect(await field('/api/daily/percentile/5?day=2025-4-15')).toBe('day');
      expect(await field('/api/daily/percentile/5?day=2025-02-30')).toBe('day');
      expect(await field('/api/daily/percentile/5?day=2025-04-16')).toBe('day');
      expect(await field('/api/daily/streak?sessionId=nope')).toBe('sessionId');
      expect(await field('/api/daily/streak')).toBe('sessionId');
      expect((await app.request('/api/daily/percentile/5?day=2025-04-14')).status).toBe(200);
    });

    test('the streak of a session over days, confirmed from its ranked plays', async () => {
      const app = await appOn(engine);
      app.clock.ms = NOON;
      const streak = async () => (await app.request(`/api/daily/streak?sessionId=${SESSION_A}`)).json();
      expect(await streak()).toEqual({
        today: '2025-04-15',
        playedToday: false,
        current: 0,
        best: 0,
        days: [],
      });
      await playDaily(app, SESSION_A, 10);
      app.clock.advance(86_400);
      expect(await streak()).toMatchObject({ playedToday: false, current: 1, best: 1 });
      await playDaily(app, SESSION_A, 10);
      await playDaily(app, SESSION_A, 10); // practice: no second day
      app.clock.advance(86_400);
      await playDaily(app, SESSION_A, 10);
      expect(await streak()).toEqual({
        today: '2025-04-17',
        playedToday: true,
        current: 3,
        best: 3,
        days: ['2025-04-17', '2025-04-16', '2025-04-15'],
      });
      app.clock.advance(2 * 86_400); // a day missed
      await playDaily(app, SESSION_A, 10);
      expect(await streak()).toMatchObject({ current: 1, best: 3 });
    });

    test("today's ranked plays and mean score, and yesterday's hardest line", async () => {
      const app = await appOn(engine);
      app.clock.ms = NOON;
      const yesterday = await fetchDaily(app);
      // Both players miss the last line; one of them also the 29th.
      expect((await submit(app, answerQuiz(yesterday, 29, SESSION_A))).status).toBe(200);
      expect((await submit(app, answerQuiz(await fetchDaily(app), 28, SESSION_B))).status).toBe(200);
      app.clock.advance(86_400);
      await playDaily(app, SESSION_A, 20);
      await playDaily(app, SESSION_B, 25);
      await playDaily(app, SESSION_B, 1); // practice: not counted
      const res = await app.request('/api/daily/summary');
      expect(res.status).toBe(200);
      const last = yesterday.questions[29]!;
      expect(await res.json()).toEqual({
        day: '2025-04-16',
        number: 2,
        rankedPlays: 2,
        averageScore: 22.5,
        yesterdayHardestLine: {
          lyricId: last.lyricId,
          text: (yesterday.body.questions[29] as { lyric: string }).lyric,
          occurrences: 2,
          correctAnswers: 0,
        },
      });
    });
  });
});

describe('the daily page', () => {
  test('is linked from the landing page', async () => {
    const app = await createTestApp({ catalogue: makeCatalogue() });
    const html = await (await app.request('/')).text();
    expect(html).toContain('href="/dnevni-izazov"');
  });
});
