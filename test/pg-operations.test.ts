/**
 * PostgreSQL operations (issue 31, docs/decisions/036) on a throwaway cluster of this file's own
 * (it is stopped and started again, and it has a low max_connections, so it cannot be the
 * shared one): the pool limit with a command beside two instances, the URL's own parameters, an
 * outage under load (503 with Retry-After, no play handed out, no acknowledged play lost, one log
 * line a second at most, recovery without a restart), `kviz db check` and `kviz migrate`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { validateCatalogue } from '../src/catalogue/validate';
import { adminCommand } from '../src/cli/admin';
import { DB_CHECK_EXIT, dbCommand, migrateCommand } from '../src/cli/migrate';
import { statsCommand } from '../src/cli/stats';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import type { Runtime } from '../src/storage/contract';
import { openRuntime } from '../src/storage/open';
import { importCataloguePg } from '../src/storage/pg/catalogue';
import { closePgDb, createPgDb, migratePg } from '../src/storage/pg/client';
import { pgMeta } from '../src/storage/pg/meta';
import { openPgStores } from './support/engines';
import { buildTestApp, makeCatalogue } from './support/fixtures';
import { answerQuiz, type FetchedQuiz, fetchQuiz, submit } from './support/play';
import { CLUSTER_START_MS, type PostgresCluster, startCluster } from './support/postgres';

const MAX_CONNECTIONS = 10;
let cluster: PostgresCluster;
let databases = 0;

beforeAll(async () => {
  // Durable: the outage is an immediate stop (a crash); without fsync and synchronous commit an
  // acknowledged commit can be lost with the WAL buffers, which would test the cluster, not kviz.
  cluster = await startCluster({ durable: true, settings: [`max_connections=${MAX_CONNECTIONS}`] });
}, CLUSTER_START_MS);
afterAll(() => cluster?.stop({ background: true }));

/** A new database on this file's cluster, migrated and holding the test catalogue. */
async function catalogueDatabase(): Promise<string> {
  const name = `kviz_ops_${++databases}`;
  const admin = new Bun.SQL(cluster.url('postgres'), { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = cluster.url(name);
  await migratePg(url);
  const db = createPgDb(url, { max: 1 });
  await importCataloguePg(db, validateCatalogue(makeCatalogue()).catalogue!);
  await closePgDb(db);
  return url;
}

const configFor = (url: string, env: Record<string, string> = {}) =>
  loadConfig({ DATABASE_URL: url, ADMIN_PASSWORD: 'test-password-123', ...env });

async function connectionsOf(monitor: InstanceType<typeof Bun.SQL>, applicationName: string) {
  const [row] =
    await monitor`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${applicationName}`;
  return row.n as number;
}

describe('the pool', () => {
  test('DATABASE_POOL_MAX=3 holds under load on two instances, a command still connects with one, the URL names them', async () => {
    const url = await catalogueDatabase();
    const open = (name: string) =>
      openRuntime(configFor(`${url}?application_name=${name}`, { DATABASE_POOL_MAX: '3' }), {
        seed: false,
        exclusive: true,
      });
    const [a, b] = (await Promise.all([open('kviz_a'), open('kviz_b')])) as (Runtime & {
      pg: ReturnType<typeof createPgDb>;
    })[];
    const monitor = new Bun.SQL(cluster.url('postgres'), { max: 1 });
    try {
      // 12 slow statements on each pool at once: a pool of 10 (the old fixed size) would take
      // every connection of this cluster.
      const load = [a!, b!].flatMap((r) =>
        Array.from({ length: 12 }, () => r.pg.$client`SELECT pg_sleep(0.4)`),
      );
      await Bun.sleep(150);
      const during = { a: await connectionsOf(monitor, 'kviz_a'), b: await connectionsOf(monitor, 'kviz_b') };
      // A command beside them: one connection (`kviz admin unlock`, `kviz stats verify`).
      const lines: string[] = [];
      const command = (name: string) => configFor(`${url}?application_name=${name}`);
      const unlock = adminCommand(command('kviz_unlock'), ['unlock'], (line) => lines.push(line));
      const verify = statsCommand(
        command('kviz_verify'),
        'verify',
        (line) => lines.push(line),
        () => ({
          update: () => {},
          finish: () => {},
        }),
      );
      const cli: number[] = [];
      for (let i = 0; i < 5; i++) {
        await Bun.sleep(40);
        cli.push(await connectionsOf(monitor, 'kviz_unlock'), await connectionsOf(monitor, 'kviz_verify'));
      }
      expect(await unlock).toBe(0);
      expect(await verify).toBe(0);
      await Promise.all(load);
      expect(during.a).toBe(3);
      expect(during.b).toBe(3);
      expect(Math.max(...cli)).toBe(1);
      expect(lines).toContain('Counters agree with the raw answers.');
      expect(lines.some((line) => line.startsWith('Integrity check: amcheck'))).toBe(true);
    } finally {
      await monitor.close();
      await a!.close();
      await b!.close();
    }
  }, 60_000);

  test('sslmode in the URL is honoured: require fails against a server without TLS, naming the host', async () => {
    const url = await catalogueDatabase();
    const lines: string[] = [];
    const code = await dbCommand(configFor(`${url}?sslmode=require`), ['check'], (line) => lines.push(line));
    expect(code).toBe(DB_CHECK_EXIT.unreachable);
    expect(lines[0]).toContain('reachable: no');
    expect(lines[0]).toMatch(/SSL|TLS/);
    expect(() => configFor(`${url}?max=3`)).toThrow('use DATABASE_POOL_MAX instead');
    expect(() => configFor(`${url}?sslmode=sometimes`)).toThrow('sslmode');
  }, 30_000);
});

describe('kviz db check and kviz migrate', () => {
  test('each step has its exit code; MIGRATE_ON_START=false refuses a database behind the binary until migrate up', async () => {
    const admin = new Bun.SQL(cluster.url('postgres'), { max: 1 });
    await admin.unsafe('CREATE DATABASE kviz_ops_migrate');
    const url = cluster.url('kviz_ops_migrate');
    const run = async (command: typeof dbCommand, args: string[], env: Record<string, string> = {}) => {
      const lines: string[] = [];
      const code = await command(configFor(url, env), args, (line) => lines.push(line));
      return { code, lines };
    };
    try {
      const empty = await run(dbCommand, ['check']);
      expect(empty.code).toBe(DB_CHECK_EXIT.notMigrated);
      expect(empty.lines[1]).toContain('migrated: no');
      const status = await run(migrateCommand, ['status']);
      expect(status.code).toBe(1);
      expect(status.lines[0]).toBe('pending  0000_schema');

      // MIGRATE_ON_START=false: a command refuses, naming the pending migrations.
      await expect(
        openRuntime(configFor(url, { MIGRATE_ON_START: 'false' }), { seed: false }),
      ).rejects.toThrow(/migrations? pending \(0000_schema.*kviz migrate up/);

      const up = await run(migrateCommand, ['up']);
      expect(up.code).toBe(0);
      expect(up.lines[0]).toBe('applied migration 0000_schema');
      expect((await run(migrateCommand, ['up'])).lines).toEqual([
        'Nothing to apply: the database is up to date.',
      ]);
      expect((await run(migrateCommand, ['status'])).code).toBe(0);
      const ok = await run(dbCommand, ['check']);
      expect(ok).toEqual({
        code: DB_CHECK_EXIT.ok,
        lines: ['reachable: yes', expect.stringMatching(/^migrated: yes/), 'writable: yes'],
      });

      // A read-only database: reachable and migrated, not writable.
      await admin.unsafe('ALTER DATABASE kviz_ops_migrate SET default_transaction_read_only = on');
      const readOnly = await run(dbCommand, ['check']);
      expect(readOnly.code).toBe(DB_CHECK_EXIT.notWritable);
      expect(readOnly.lines[2]).toContain('read-only');
      await admin.unsafe('ALTER DATABASE kviz_ops_migrate SET default_transaction_read_only = off');

      // An unknown host and a closed port say which host failed.
      const unknown = await dbCommand(
        configFor('postgres://kviz@db-host.invalid:5432/kviz'),
        ['check'],
        (line) => expect(line).toContain('the host "db-host.invalid" was not found'),
      );
      expect(unknown).toBe(DB_CHECK_EXIT.unreachable);
      await expect(
        openRuntime(configFor('postgres://kviz@127.0.0.1:1/kviz'), { seed: false }),
      ).rejects.toThrow('could not connect to 127.0.0.1:1');
    } finally {
      await admin.close();
    }
  }, 60_000);
});

/** Lines written by the app's logger, parsed. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  return { lines, log: createLogger('info', (line) => lines.push(JSON.parse(line))) };
}

describe('an outage under load', () => {
  test('PostgreSQL stopped mid-load: 503 storage_unavailable with Retry-After everywhere it is needed, no play handed out, ≤ 1 log line a second; back without a restart, no acknowledged play lost', async () => {
    const url = await catalogueDatabase();
    const opened = await openPgStores(url);
    const { lines, log } = capturedLog();
    const app = await buildTestApp(
      {
        stores: opened.stores,
        index: opened.catalogue,
        meta: pgMeta(opened.db),
        // As `kviz serve` runs it: the rate limits' windows in the database too.
        limitWindows: opened.limitWindows,
      },
      {
        log,
        env: {
          RATE_LIMIT_QUIZ_PER_MINUTE: '100000',
          RATE_LIMIT_SUBMIT_PER_MINUTE: '100000',
          RATE_LIMIT_SUBMIT_PER_HOUR: '100000',
        },
      },
    );
    try {
      const quizzes: FetchedQuiz[] = [];
      for (let i = 0; i < 120; i++) quizzes.push(await fetchQuiz(app));
      const acknowledged: number[] = [];
      const refused: FetchedQuiz[] = [];
      const statuses = new Map<number, number>();
      let next = 0;
      const worker = async () => {
        while (next < quizzes.length) {
          const quiz = quizzes[next++]!;
          const res = await submit(app, answerQuiz(quiz, 10));
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) acknowledged.push(((await res.json()) as { playId: number }).playId);
          else {
            expect(res.status).toBe(503);
            expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
            expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
              'storage_unavailable',
            );
            refused.push(quiz);
          }
          await Bun.sleep(10);
        }
      };
      const load = Promise.all([worker(), worker(), worker(), worker()]);
      while (acknowledged.length < 20) await Bun.sleep(5);
      const stoppedAt = performance.now();
      cluster.pause();
      // Within a second (the version poll) no play is handed out, on any route that hands one out.
      await Bun.sleep(1_200);
      for (const path of ['/api/quiz', '/api/daily', '/api/v1/quiz', '/api/v1/daily', '/healthz']) {
        const res = await app.request(path);
        expect(res.status, path).toBe(503);
        if (path !== '/healthz') expect(res.headers.get('retry-after'), path).toBe('5');
      }
      // The page still renders (its script asks /api/quiz, which answers 503), without a play.
      const page = await app.request('/quiz?nova');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).not.toContain('"token"');
      await load;
      const downSeconds = (performance.now() - stoppedAt) / 1000;
      expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect([...statuses.keys()].sort()).toEqual([200, 503]);
      const troubleLines = lines.filter((l) => l.msg === 'the storage is unavailable');
      expect(troubleLines.length).toBeGreaterThan(0);
      expect(troubleLines.length).toBeLessThanOrEqual(Math.ceil(downSeconds) + 1);
      expect(lines.filter((l) => l.level === 'error')).toEqual([]);

      const startedAt = performance.now();
      cluster.resume();
      const resumedAt = performance.now();
      // Back without a restart: /healthz 200 and quizzes handed out again.
      const deadline = performance.now() + 15_000;
      while ((await app.request('/healthz')).status !== 200 && performance.now() < deadline)
        await Bun.sleep(100);
      expect((await app.request('/healthz')).status).toBe(200);
      const recoveredMs = Math.round(performance.now() - resumedAt);
      expect((await app.request('/api/quiz')).status).toBe(200);
      console.log(
        `outage: ${acknowledged.length} acknowledged, ${statuses.get(503)} answered 503 over ${downSeconds.toFixed(1)} s, ${troubleLines.length} log lines about it; PostgreSQL started again in ${Math.round(resumedAt - startedAt)} ms, /healthz 200 ${recoveredMs} ms after that`,
      );
      expect(lines.some((l) => l.msg === 'the storage takes writes again')).toBe(true);
      // The refused plays, sent again (the client's outbox does): each recorded once.
      for (const quiz of refused) {
        const res = await submit(app, answerQuiz(quiz, 10));
        expect(res.status).toBe(200);
        acknowledged.push(((await res.json()) as { playId: number }).playId);
      }
      const sql = opened.db.$client;
      const ids = [...new Set(acknowledged)];
      const [found] = await sql`SELECT count(*)::int AS n FROM plays WHERE id IN ${sql(ids)}`;
      expect({ found: found.n, distinct: ids.length }).toEqual({
        found: quizzes.length,
        distinct: quizzes.length,
      });
      await opened.stores.plays.flushCounters();
      expect(await opened.stores.plays.verifyCounters()).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 90_000);
});
