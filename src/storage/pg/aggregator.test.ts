/**
 * The deferred counters on PostgreSQL (docs/decisions/030): several instances writing at once,
 * the aggregator's lock handed over when its holder dies, a holder killed with SIGKILL in the
 * middle of a fold, and how far the counters lag the newest plays.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import {
  createCatalogueDatabase,
  createEngineStores,
  createEngineTestApp,
  type EngineTestApp,
  openPgStores,
} from '../../../test/support/engines';
import { buildTestApp } from '../../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../../test/support/play';
import { CLUSTER_START_MS } from '../../../test/support/postgres';
import { randomPlay } from '../../../test/support/random-play';
import { seededRandom } from '../../shared/seeded-random';
import type { StatsStores } from '../contract';
import { loadCatalogueIndexPg } from './catalogue';
import { closePgDb, createPgDb } from './client';
import { AGGREGATOR_LOCK } from './locks';
import { pgMeta } from './meta';
import { createPgPlayStore } from './play-store';

/** How far the counters may lag the newest acknowledged play (docs/decisions/030). */
const LAG_BOUND_MS = 1_000;

const env = {
  RATE_LIMIT_QUIZ_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_HOUR: '1000000',
};

const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close().catch(() => {});
}, 30_000);

const session = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Polls until `read` gives `expected`; the milliseconds it took (fails past `boundMs`). */
async function within(boundMs: number, read: () => Promise<number>, expected: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    const took = performance.now() - started;
    if (value === expected) return took;
    if (took > boundMs) throw new Error(`still ${value}, not ${expected}, after ${Math.round(took)} ms`);
    await Bun.sleep(10);
  }
}

const overviewOf = async (app: Pick<EngineTestApp, 'request'>) =>
  ((await (await app.request('/api/stats/overview')).json()) as { totalAttempts: number }).totalAttempts;

const totalsOf = async (stores: StatsStores) => (await stores.stats.getOverview()).totalAttempts;

describe('the deferred counters on PostgreSQL', () => {
  test(
    'two app instances on one database take submissions at once: counted exactly, within a second on both, the own play in its percentile at once',
    async () => {
      const a = await createEngineTestApp('postgres', { env, readYourWrites: false });
      closing.push(a.close);
      const opened = await openPgStores(a.url!);
      closing.push(opened.close);
      const b = await buildTestApp(
        { stores: opened.stores, index: opened.catalogue, meta: pgMeta(opened.db) },
        { env },
      );
      const apps = [a, b];
      // Quizzes first (tokens are valid on both instances: one secret), then every submission at once.
      const bodies = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => ({
          app: apps[i % 2]!,
          body: answerQuiz(await fetchQuiz(apps[(i + 1) % 2]!), i % 31, session(i % 17)),
        })),
      );
      const statuses = await Promise.all(
        bodies.map(({ app, body }) => submit(app, body).then((r) => r.status)),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      // Exact whatever the aggregator has folded so far: pending plays are accounted for.
      expect(await a.stores.plays.verifyCounters()).toEqual([]);
      for (const app of apps) await within(LAG_BOUND_MS, () => overviewOf(app), 60);

      // A player's own play is in the percentile the instance that recorded it answers, at once.
      const own = await submit(b, answerQuiz(await fetchQuiz(b), 12, session(99)));
      expect(own.status).toBe(200);
      const percentile = (await (await b.request('/api/score-percentile/12')).json()) as {
        totalPlayers: number;
      };
      expect(percentile.totalPlayers).toBe(61);
      for (const app of apps) await within(LAG_BOUND_MS, () => overviewOf(app), 61);
      await b.stores.plays.flushCounters();
      expect(await b.stores.plays.verifyCounters()).toEqual([]);
    },
    CLUSTER_START_MS,
  );

  test(
    "two instances' turns fold once per spacing for both, not once each; a flush still folds at once",
    async () => {
      // Play stores without the stores' timers: the turns are called by hand.
      const url = await createCatalogueDatabase();
      const dbs = [createPgDb(url, { max: 2 }), createPgDb(url, { max: 2 })];
      closing.push(async () => {
        for (const db of dbs) await closePgDb(db);
      });
      const catalogue = await loadCatalogueIndexPg(dbs[0]!);
      const folds = [0, 0];
      const [a, b] = dbs.map((db, i) =>
        createPgPlayStore(db, 'test-salt', undefined, () => void folds[i]!++),
      );
      const random = seededRandom(5);
      let n = 0;
      const record = (store: typeof a) =>
        store!.recordPlays(Array.from({ length: 5 }, () => randomPlay(catalogue, random, `spaced-${n++}`)));
      const spacing = 400;

      await record(a);
      expect(await a!.foldPending(spacing)).toBe(5);
      // Right after A's fold, B's turn leaves the new plays to the next turn after the spacing.
      await record(b);
      expect(await b!.foldPending(spacing)).toBe(0);
      expect(await a!.foldPending(spacing)).toBe(0);
      expect(folds).toEqual([1, 0]);
      await Bun.sleep(spacing + 50);
      expect(await b!.foldPending(spacing)).toBe(5);
      expect(folds).toEqual([1, 1]);
      // Without a spacing (flushes, the first turn of a backlog) a fold never waits for one.
      await record(a);
      expect(await a!.foldPending(0)).toBe(5);
      await record(b);
      await b!.flushCounters();
      expect(await a!.verifyCounters()).toEqual([]);
      const [{ plays }] = await dbs[0]!.$client`SELECT coalesce(sum(plays), 0)::int AS plays FROM totals`;
      expect(plays).toBe(20);
    },
    CLUSTER_START_MS,
  );

  test(
    "an instance holding the aggregator's lock stops the others folding; when its connection dies, another folds everything within a second, once",
    async () => {
      const a = await createEngineStores('postgres');
      closing.push(a.close);
      // The stuck leader: a connection inside a fold's transaction, holding the lock.
      const leader = new Bun.SQL(a.url!, { max: 1 });
      closing.push(() => leader.close());
      const held = await leader.reserve();
      await held`BEGIN`;
      await held`SELECT pg_advisory_xact_lock(${AGGREGATOR_LOCK})`;
      const [{ pid }] = await held`SELECT pg_backend_pid() AS pid`;

      const random = seededRandom(3);
      const plays = Array.from({ length: 30 }, (_, i) => randomPlay(a.catalogue, random, `held-${i}`));
      await a.stores.plays.recordPlays(plays);
      // Several of the instance's turns pass: it leaves the work to the holder.
      await Bun.sleep(700);
      expect(await totalsOf(a.stores)).toBe(0);
      expect(await a.stores.plays.verifyCounters()).toEqual([]);

      const admin = new Bun.SQL(a.url!, { max: 1 });
      closing.push(() => admin.close());
      await admin`SELECT pg_terminate_backend(${pid})`;
      const took = await within(LAG_BOUND_MS, () => totalsOf(a.stores), 30);
      expect(took).toBeLessThan(LAG_BOUND_MS);
      expect(await a.stores.plays.verifyCounters()).toEqual([]);

      // An instance closed right after its plays were acknowledged: the other one counts them.
      const b = await openPgStores(a.url!);
      closing.push(b.close);
      await b.stores.plays.recordPlays(plays.map((p, i) => ({ ...p, nonce: `closed-${i}` })));
      await b.close();
      await within(LAG_BOUND_MS, () => totalsOf(a.stores), 60);
      expect(await a.stores.plays.verifyCounters()).toEqual([]);
    },
    CLUSTER_START_MS,
  );

  test(
    'an instance killed with SIGKILL in the middle of a fold loses no acknowledged play; the next fold counts each once',
    async () => {
      // No instance of the test's own yet: its aggregator's turns would fold the child's plays.
      const url = await createCatalogueDatabase();
      // Enough plays that the fold holds its lock for a while (it got faster with one statement
      // text a table): the kill must land inside it.
      const count = 6_000;
      const child = Bun.spawn(
        ['bun', join(import.meta.dir, '../../../test/support/pg-fold-child.ts'), url, String(count)],
        {
          stdout: 'pipe',
          stderr: 'inherit',
        },
      );
      const lines: string[] = [];
      const reader = (async () => {
        const decoder = new TextDecoder();
        let rest = '';
        const stream = child.stdout.getReader();
        for (;;) {
          const { done, value } = await stream.read();
          if (done) break;
          rest += decoder.decode(value);
          const parts = rest.split('\n');
          rest = parts.pop()!;
          lines.push(...parts);
        }
      })();
      const admin = new Bun.SQL(url, { max: 1 });
      closing.push(() => admin.close());
      // The fold is seen holding the lock in pg_locks (an advisory lock's 32-bit key is its objid).
      const deadline = performance.now() + 90_000;
      while (!lines.includes('folding') && performance.now() < deadline) await Bun.sleep(5);
      expect(lines).toContain(`recorded ${count}`);
      let folding = false;
      while (!folding && performance.now() < deadline && !lines.includes('folded')) {
        const [{ n }] =
          await admin`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ${AGGREGATOR_LOCK} AND granted`;
        folding = n === 1;
      }
      child.kill('SIGKILL');
      await child.exited;
      await reader;
      // The kill came while the fold's transaction held the lock, before it committed.
      expect(folding).toBe(true);
      expect(lines).not.toContain('folded');
      const [{ pending }] = await admin`SELECT count(*)::int AS pending FROM pending_plays`;
      expect(pending).toBe(count);
      const [{ plays }] = await admin`SELECT coalesce(sum(plays), 0)::int AS plays FROM totals`;
      expect(plays).toBe(0);

      // Another instance: exact with every play pending, then folds every acknowledged play, once.
      const b = await openPgStores(url);
      closing.push(b.close);
      expect(await b.stores.plays.verifyCounters()).toEqual([]);
      await b.stores.plays.flushCounters();
      expect(await totalsOf(b.stores)).toBe(count);
      const [{ recorded }] =
        await admin`SELECT count(*)::int AS recorded FROM plays WHERE nonce LIKE 'child-%'`;
      expect(recorded).toBe(count);
      expect(await b.stores.plays.verifyCounters()).toEqual([]);
    },
    CLUSTER_START_MS,
  );
});
