/**
 * Rate limits and the admin lockout shared between instances through PostgreSQL (issue 31,
 * docs/decisions/036): two app instances over one database, each with its own pool and clock,
 * count the same windows; a restarted instance finds them; SQLite keeps its in-process limiter.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { unlockAdmin } from '../src/admin/credentials';
import { closePgDb, createPgDb } from '../src/storage/pg/client';
import { createPgLimitWindows } from '../src/storage/pg/limit-windows';
import { pgMeta } from '../src/storage/pg/meta';
import { createCatalogueDatabase, openPgStores, warmEngine } from './support/engines';
import { buildTestApp, type TestApp } from './support/fixtures';
import { answerQuiz, type FetchedQuiz, fetchQuiz, submit } from './support/play';
import { CLUSTER_START_MS } from './support/postgres';

const env = { RATE_LIMIT_QUIZ_PER_MINUTE: '100000' }; // submissions keep their defaults: 120 a minute, 120 an hour

type Instance = Omit<TestApp, 'db'> & { close(): Promise<void> };
const open: Instance[] = [];
afterAll(async () => {
  for (const instance of open) await instance.close();
}, 30_000);

/** One instance over the database at `url`: its own pool, version poll, limiter windows and test clock. */
async function instance(url: string, extraEnv: Record<string, string> = {}): Promise<Instance> {
  const opened = await openPgStores(url);
  const app = await buildTestApp(
    {
      stores: opened.stores,
      index: opened.catalogue,
      meta: pgMeta(opened.db),
      limitWindows: opened.limitWindows,
    },
    { env: { ...env, ...extraEnv } },
  );
  const made = { ...app, close: opened.close };
  open.push(made);
  return made;
}

beforeAll(() => warmEngine('postgres'), CLUSTER_START_MS);

describe('limits shared over PostgreSQL', () => {
  test('300 submissions from one address over two instances: 120 accepted in total, not 240; a restart keeps the window', async () => {
    const url = await createCatalogueDatabase();
    const a = await instance(url);
    const b = await instance(url);
    const quizzes: FetchedQuiz[] = [];
    for (let i = 0; i < 150; i++) quizzes.push(await fetchQuiz(a), await fetchQuiz(b));
    const statuses: Record<string, number> = {};
    // Four at a time, alternating between the instances, as a round-robin balancer would send them.
    for (let i = 0; i < quizzes.length; i += 4) {
      const batch = quizzes
        .slice(i, i + 4)
        .map((quiz, j) => submit(j % 2 === 0 ? a : b, answerQuiz(quiz, 8)));
      for (const res of await Promise.all(batch)) statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 200: 120, 429: 180 });
    const sql = new Bun.SQL(url, { max: 1 });
    const [plays] = await sql`SELECT count(*)::int AS n FROM plays`;
    await sql.close();
    expect(plays.n).toBe(120);

    // A restart (a rolling deploy) keeps every address's windows: the new instance refuses too.
    await a.close();
    const restarted = await instance(url);
    const refused = await submit(restarted, answerQuiz(await fetchQuiz(restarted), 8));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    // An hour later (the instance's clock), the window has ended.
    restarted.clock.advance(3_601);
    expect((await submit(restarted, answerQuiz(await fetchQuiz(restarted), 8))).status).toBe(200);
  }, 120_000);

  test('the admin lockout: 10 wrong guesses over two instances lock the address on both, even for the right password', async () => {
    const url = await createCatalogueDatabase();
    const a = await instance(url);
    const b = await instance(url);
    const guess = (app: Instance, password: string) =>
      app.request('/api/admin/stats/overview', {
        headers: { authorization: `Basic ${btoa(`admin:${password}`)}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await guess(i % 2 === 0 ? a : b, `wrong-${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    for (const app of [a, b]) {
      const locked = await guess(app, 'test-password-123');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    }
    // `kviz admin unlock` (a new marker in meta) clears the shared count for both.
    const db = createPgDb(url, { max: 1 });
    await unlockAdmin(pgMeta(db), Date.now());
    await closePgDb(db);
    expect((await guess(b, 'test-password-123')).status).toBe(200);
    expect((await guess(a, 'test-password-123')).status).toBe(200);
  }, 60_000);

  test('a route’s windows in one round trip: taken in order until one refuses, the ones after only read', async () => {
    const url = await createCatalogueDatabase();
    const { db, close } = await openPgStores(url);
    const windows = createPgLimitWindows(db);
    try {
      const t = 2_000_000;
      const minuteAndHour = [
        { scope: 'm', windowMs: 60_000, limit: 2 },
        { scope: 'h', windowMs: 3_600_000, limit: 3 },
      ];
      expect(await windows.takeInOrder('k', minuteAndHour, t)).toEqual([
        { count: 1, resetAtMs: t + 60_000, allowed: true },
        { count: 1, resetAtMs: t + 3_600_000, allowed: true },
      ]);
      expect((await windows.takeInOrder('k', minuteAndHour, t + 1)).map((w) => w.count)).toEqual([2, 2]);
      // The minute is spent: it refuses, and the hour is only read (not counted).
      expect(await windows.takeInOrder('k', minuteAndHour, t + 2)).toEqual([
        { count: 2, resetAtMs: t + 60_000, allowed: false },
        { count: 2, resetAtMs: t + 3_600_000, allowed: true },
      ]);
      expect((await windows.peek('h', 'k', t + 3)).count).toBe(2);
      // A minute later the minute starts again; the hour takes its third and last.
      expect(
        (await windows.takeInOrder('k', minuteAndHour, t + 60_000)).map((w) => [w.count, w.allowed]),
      ).toEqual([
        [1, true],
        [3, true],
      ]);
      // The hour refuses: the minute was counted before it (as the in-process limiters do).
      expect(await windows.takeInOrder('k', minuteAndHour, t + 60_001)).toEqual([
        { count: 2, resetAtMs: t + 120_000, allowed: true },
        { count: 3, resetAtMs: t + 3_600_000, allowed: false },
      ]);
      // Another key is other windows; after a refusal, a window never started reads as empty.
      await windows.take('m', 'k3', 60_000, 1, t);
      expect(
        await windows.takeInOrder(
          'k3',
          [
            { scope: 'm', windowMs: 60_000, limit: 1 },
            { scope: 'z', windowMs: 60_000, limit: 5 },
          ],
          t + 1,
        ),
      ).toEqual([
        { count: 1, resetAtMs: t + 60_000, allowed: false },
        { count: 0, resetAtMs: 0, allowed: true },
      ]);
    } finally {
      windows.close();
      await close();
    }
  });

  test('a submission takes its minute and hour windows in one call to the database, not one each', async () => {
    const url = await createCatalogueDatabase();
    const opened = await openPgStores(url);
    const calls: string[] = [];
    const counted = new Proxy(opened.limitWindows, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function'
          ? (...args: unknown[]) => {
              calls.push(String(prop));
              return value.apply(target, args);
            }
          : value;
      },
    });
    const app = await buildTestApp(
      { stores: opened.stores, index: opened.catalogue, meta: pgMeta(opened.db), limitWindows: counted },
      { env },
    );
    try {
      const quiz = await fetchQuiz(app);
      calls.length = 0;
      const res = await submit(app, answerQuiz(quiz, 8));
      expect(res.status).toBe(200);
      expect(calls).toEqual(['takeInOrder']);
      expect(res.headers.get('ratelimit')).toBe('"minute";r=119;t=60, "hour";r=119;t=3600');
    } finally {
      await opened.close();
    }
  });

  test('the windows table: a window starts at the first event, refuses over the limit, gives back, forgets', async () => {
    const url = await createCatalogueDatabase();
    const { db, close } = await openPgStores(url);
    const windows = createPgLimitWindows(db);
    try {
      const t = 1_000_000;
      expect(await windows.take('s', 'k', 60_000, 2, t)).toEqual({
        count: 1,
        resetAtMs: t + 60_000,
        allowed: true,
      });
      expect((await windows.take('s', 'k', 60_000, 2, t + 1)).allowed).toBe(true);
      expect(await windows.take('s', 'k', 60_000, 2, t + 2)).toEqual({
        count: 2,
        resetAtMs: t + 60_000,
        allowed: false,
      });
      await windows.give('s', 'k', t + 3);
      expect((await windows.peek('s', 'k', t + 4)).count).toBe(1);
      // Another scope and another key are other windows.
      expect((await windows.take('other', 'k', 60_000, 2, t)).count).toBe(1);
      expect((await windows.take('s', 'k2', 60_000, 2, t)).count).toBe(1);
      // An ended window starts again at 1.
      expect(await windows.take('s', 'k', 60_000, 2, t + 60_000)).toEqual({
        count: 1,
        resetAtMs: t + 120_000,
        allowed: true,
      });
      await windows.forget('s', 'k');
      expect(await windows.peek('s', 'k', t)).toEqual({ count: 0, resetAtMs: 0 });
      await windows.forgetAll('s');
      expect((await windows.peek('s', 'k2', t)).count).toBe(0);
      expect((await windows.peek('other', 'k', t)).count).toBe(1);
      const [table] = await db.$client`SELECT relpersistence FROM pg_class WHERE relname = 'rate_windows'`;
      expect(table.relpersistence).toBe('u'); // unlogged
    } finally {
      windows.close();
      await close();
    }
  });
});
