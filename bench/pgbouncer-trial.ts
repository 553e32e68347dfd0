/**
 * `bun bench/pgbouncer-trial.ts`: kviz through Debian's PgBouncer in transaction mode, once
 * (docs/deploy.md, "Connections and PgBouncer"). A throwaway cluster, PgBouncer run as the
 * `postgres` user in front of it, the database migrated over a direct connection
 * (`kviz migrate up`), then the app opened through PgBouncer with MIGRATE_ON_START=false:
 * quizzes, submissions, statistics reads, the admin sign-in, `kviz stats verify`, `kviz db check`;
 * what fails is printed, not hidden.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dbCommand, migrateCommand } from '../src/cli/migrate';
import { statsCommand } from '../src/cli/stats';
import { loadConfig } from '../src/config';
import { silentLogger } from '../src/logger';
import { openRuntime } from '../src/storage/open';
import { buildTestApp } from '../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../test/support/play';
import { startCluster } from '../test/support/postgres';

const dir = process.env.BOUNCER_DIR ?? '/tmp/pgops-bouncer';
const port = 16_432 + Math.floor(Math.random() * 1000);
const cluster = await startCluster({ durable: true });
const admin = new Bun.SQL(cluster.url('postgres'), { max: 1 });
await admin.unsafe('CREATE DATABASE kviz');
await admin.close();
writeFileSync(`${dir}/users.txt`, '"postgres" ""\n');
writeFileSync(
  `${dir}/pgbouncer.ini`,
  `[databases]\nkviz = host=127.0.0.1 port=${cluster.port} dbname=kviz\n[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = ${port}\nauth_type = trust\nauth_file = ${dir}/users.txt\npool_mode = transaction\ndefault_pool_size = 5\nmax_client_conn = 200\nlogfile = ${dir}/pgbouncer.log\npidfile = ${dir}/pgbouncer.pid\nunix_socket_dir =\n`,
);
// PgBouncer refuses to run as root: as the cluster's owner (the tests run as root here).
const [command, ...args] = ['runuser', '-u', 'postgres', '--', '/usr/sbin/pgbouncer', `${dir}/pgbouncer.ini`];
const bouncer = spawn(command!, args, { stdio: 'inherit' });
await Bun.sleep(1_000);
const direct = cluster.url('kviz');
const through = `postgres://postgres@127.0.0.1:${port}/kviz${process.env.TRIAL_QUERY ?? ''}`;
const report = (what: string, outcome: unknown) => console.log(`${what}: ${outcome}`);
const attempt = async (what: string, work: () => Promise<unknown>) => {
  try {
    report(what, await work());
  } catch (error) {
    report(what, `FAILED ${(error as Error).message.split('\n')[0]}`);
  }
};
const lines: string[] = [];
const out = (line: string) => lines.push(line);
const env = (url: string, more: Record<string, string> = {}) =>
  loadConfig({ DATABASE_URL: url, ADMIN_PASSWORD: 'trial-password-1', PLAY_MIN_SECONDS: '0', ...more });

await attempt('migrate up through PgBouncer', () => migrateCommand(env(through), ['up'], out));
await attempt('migrate up, direct', () => migrateCommand(env(direct), ['up'], out));
await attempt(
  'db check through PgBouncer',
  async () => `exit ${await dbCommand(env(through), ['check'], out)}`,
);
const config = env(through, { MIGRATE_ON_START: 'false' });
await attempt('serve-like open through PgBouncer (seed, secrets, pool of 10)', async () => {
  const runtime = await openRuntime(config, { seed: true, log: silentLogger, exclusive: true });
  const app = await buildTestApp(
    {
      stores: runtime.stores,
      index: runtime.catalogue,
      meta: runtime.meta,
      ...(runtime.limitWindows ? { limitWindows: runtime.limitWindows } : {}),
    },
    { env: { DATABASE_URL: through, RATE_LIMIT_QUIZ_PER_MINUTE: '100000' } },
  );
  const statuses: Record<number, number> = {};
  const count = (status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  // 200 plays, 8 at once: quizzes, submissions, reads, all through the pooler.
  let next = 0;
  const worker = async () => {
    while (next++ < 200) {
      const quiz = await fetchQuiz(app);
      count((await submit(app, answerQuiz(quiz, next % 30))).status);
      count((await app.request('/api/stats/overview')).status);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  count(
    (
      await app.request('/api/admin/stats/overview', {
        headers: { authorization: `Basic ${btoa('admin:test-password-123')}` },
      })
    ).status,
  );
  await runtime.stores.plays.flushCounters();
  await runtime.close();
  return JSON.stringify(statuses);
});
await attempt(
  'stats verify through PgBouncer',
  async () =>
    `exit ${await statsCommand(config, 'verify', out, () => ({ update: () => {}, finish: () => {} }))}`,
);
console.log(lines.join('\n'));
bouncer.kill('SIGTERM');
cluster.stop();
process.exit(0);
