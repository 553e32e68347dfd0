/**
 * The operator trial of issue 19 ("Done when"), scripted so it can be run again:
 * `npm run build && bun scripts/operator-trial.ts`. Not a test: it prints what
 * it did and saw, writes screenshots and a summary (trial.json) to a folder it
 * names, and exits 1 when a check fails.
 *
 * 1. A local PostgreSQL as an operator sets one up: a new cluster (Debian's
 *    package, fsync on, run as `postgres` when we are root), a role `kviz` with a
 *    password (scram-sha-256 over TCP) owning a database `kviz`.
 * 2. Two instances of dist/kviz on two ports with one DATABASE_URL, started at
 *    once, no ADMIN_PASSWORD (the generated one is read from the log); Caddy in
 *    front of both with docs/deploy.md's configuration when `caddy` is installed.
 * 3. Chromium plays a whole quiz (30 answers, at a person's pace) through
 *    instance A; the administrator signs in on instance B and sees the play on its
 *    dashboard (Osvježi); screenshots of both.
 * 4. A load of submissions to both instances (and through Caddy): SIGTERM of one
 *    instance and its restart, then kill -9 of the other and its restart. A
 *    request refused by a stopped instance is sent to the other one (what a
 *    balancer does); every acknowledged play must be in the database once, and
 *    `kviz stats verify` must report no difference.
 * 5. Backups as docs/deploy.md says: `kviz backup` prints the pg_dump command;
 *    pg_dump, pg_restore into a new database, `kviz stats verify` on it.
 * 6. /healthz while PostgreSQL is stopped (503) and after it is back (200, plays
 *    recorded again without restarting the instances).
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';
import type { Page } from 'playwright-core';
import { prepareSubmissions } from '../bench/lib/submit-load';
import { launchBrowser, watchConsole } from '../test/support/browser';
import { ensurePostgresql } from './ensure-postgresql.mjs';

const root = resolve(import.meta.dir, '..');
const binary = join(root, 'dist/kviz');
if (!existsSync(binary)) throw new Error('dist/kviz is missing: run `npm run build` first');
const trial = mkdtempSync(join(tmpdir(), 'kviz-trial-'));
chmodSync(trial, 0o711); // the cluster's folder inside is the `postgres` user's
const shots = join(trial, 'screenshots');
mkdirSync(shots);
const started = performance.now();
const at = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`;
const log = (message: string) => console.log(`[trial ${at()}] ${message}`);
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const summary: Record<string, unknown> = { trial };

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()));
    });
  });
}

// 1. PostgreSQL ----------------------------------------------------------------------------------
const pgBin = ensurePostgresql();
const isRoot = process.getuid?.() === 0;
const pgDir = join(trial, 'postgresql');
mkdirSync(pgDir);
if (isRoot) chownSync(pgDir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), -1);
const pgData = join(pgDir, 'data');
const pgPort = await freePort();
const asOwner = (program: string, args: string[]) => {
  const path = join(pgBin, program);
  const [command, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
};
const pgCtl = (action: 'start' | 'stop') =>
  asOwner('pg_ctl', [
    '-D',
    pgData,
    '-l',
    join(pgDir, 'server.log'),
    '-w',
    '-t',
    '60',
    ...(action === 'start'
      ? ['-o', `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1`]
      : ['-m', 'fast']),
    action,
  ]);
const password = `trial-${crypto.randomUUID()}`;
log(`PostgreSQL: initdb in ${pgData} (${pgBin})`);
// Local socket for the superuser, passwords over TCP: what a packaged cluster does.
asOwner('initdb', [
  '-D',
  pgData,
  '-U',
  'postgres',
  '--auth-local=trust',
  '--auth-host=scram-sha-256',
  '-E',
  'UTF8',
]);
pgCtl('start');
const psql = (sql: string) =>
  asOwner('psql', ['-h', pgDir, '-p', String(pgPort), '-U', 'postgres', '-qAtc', sql]);
psql(`CREATE ROLE kviz LOGIN PASSWORD '${password}'`);
asOwner('createdb', ['-h', pgDir, '-p', String(pgPort), '-U', 'postgres', '--owner=kviz', 'kviz']);
const databaseUrl = `postgres://kviz:${password}@127.0.0.1:${pgPort}/kviz`;
summary.postgres = psql('SHOW server_version').trim();
log(`PostgreSQL ${summary.postgres} on 127.0.0.1:${pgPort}, role kviz with a password, database kviz`);

// 2. Two instances (and Caddy) ---------------------------------------------------------------------
interface Instance {
  name: string;
  port: number;
  dir: string;
  logFile: string;
  proc?: Subprocess;
  url: string;
}
const env = (port: number) => ({
  PATH: '/usr/bin:/bin',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATABASE_URL: databaseUrl,
  TRUSTED_PROXIES: '127.0.0.1,::1',
  LOG_LEVEL: 'info',
  // The load below comes from one address; real players come from many.
  RATE_LIMIT_QUIZ_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_HOUR: '1000000',
});
const instances: Instance[] = [];
for (const name of ['A', 'B']) {
  const port = await freePort();
  const dir = join(trial, `instance-${name}`);
  mkdirSync(dir);
  instances.push({ name, port, dir, logFile: join(dir, 'kviz.log'), url: `http://127.0.0.1:${port}` });
}
const [A, B] = instances as [Instance, Instance];
const logLines = (i: Instance) => readFileSync(i.logFile, 'utf8').split('\n').filter(Boolean);

async function healthy(url: string, timeoutMs = 60_000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) throw new Error(`${url} not healthy within ${timeoutMs} ms`);
    await Bun.sleep(20);
  }
}

/** Starts `dist/kviz` for the instance (its log appended to kviz.log); resolves once /healthz is 200. */
async function start(i: Instance): Promise<number> {
  const fd = openSync(i.logFile, 'a');
  const t0 = performance.now();
  i.proc = Bun.spawn([binary], { cwd: i.dir, env: env(i.port), stdin: 'ignore', stdout: fd, stderr: fd });
  closeSync(fd);
  await healthy(i.url);
  return performance.now() - t0;
}

log(`starting instances A (${A.url}) and B (${B.url}) at once over one DATABASE_URL`);
const startMs = await Promise.all([start(A), start(B)]);
log(`both answer /healthz 200 after ${startMs.map((ms) => Math.round(ms)).join(' and ')} ms`);
const allLogs = () => [...logLines(A), ...logLines(B)];
check(
  allLogs().filter((l) => l.includes('seeded the demo catalogue')).length === 1,
  'the catalogue was seeded once',
);
const generated = allLogs().filter((l) => l.includes('generated an administrator password'));
check(generated.length === 1, 'one administrator password was generated, by one instance');
const adminPassword = JSON.parse(generated[0]!).password as string;

// docs/deploy.md: a second kviz on a port already taken must fail, not share it.
{
  const third = Bun.spawnSync([binary], { cwd: A.dir, env: env(A.port), timeout: 30_000 });
  const out = third.stdout.toString() + third.stderr.toString();
  summary.thirdOnTakenPort = { exitCode: third.exitCode, output: out.trim().split('\n').slice(-2) };
  check(
    third.exitCode !== 0 && third.exitCode !== null,
    `a third kviz on A's port exits (code ${third.exitCode})`,
  );
}

let caddy: Subprocess | undefined;
let caddyUrl: string | undefined;
if (Bun.which('caddy')) {
  const port = await freePort();
  caddyUrl = `http://127.0.0.1:${port}`;
  // docs/deploy.md's block, with a plain-HTTP address on loopback instead of the site's name. No
  // passive health check (fail_duration): in the first trial one failed request during a SIGTERM
  // took each instance out for its 30 s, both at once: 289 requests answered 503 in a row.
  const caddyfile = `{
	admin off
	auto_https off
}
${caddyUrl} {
	encode zstd gzip
	reverse_proxy ${A.url.replace('http://', '')} ${B.url.replace('http://', '')} {
		lb_policy ip_hash
		lb_try_duration 5s
		health_uri /healthz
		health_interval 2s
	}
}
`;
  writeFileSync(join(trial, 'Caddyfile'), caddyfile);
  const fd = openSync(join(trial, 'caddy.log'), 'a');
  caddy = Bun.spawn(['caddy', 'run', '--adapter', 'caddyfile', '--config', join(trial, 'Caddyfile')], {
    cwd: trial,
    env: { PATH: '/usr/bin:/bin', HOME: trial, XDG_DATA_HOME: trial, XDG_CONFIG_HOME: trial },
    stdout: fd,
    stderr: fd,
  });
  closeSync(fd);
  await healthy(caddyUrl, 20_000);
  log(
    `Caddy ${execFileSync('caddy', ['version'], { encoding: 'utf8' }).trim().split(' ')[0]} in front of both at ${caddyUrl}`,
  );
} else log('caddy is not installed: the load goes to the instances directly only');

// Bodies for the load, fetched now: by the time they are sent, PLAY_MIN_SECONDS (30 s) has passed.
log('preparing submissions for the load (quizzes fetched from both instances)');
const directBodies = [
  ...(await prepareSubmissions(A.url, 1_000, 8)),
  ...(await prepareSubmissions(B.url, 1_000, 8)),
].sort(() => Math.random() - 0.5);
const caddyBodies = caddyUrl ? await prepareSubmissions(caddyUrl, 400, 4) : [];
const preparedAt = performance.now();

// 3. A browser plays through A; the dashboard of B shows it ---------------------------------------
const browser = await launchBrowser();
const adminApi = async (url: string) =>
  (
    (await (
      await fetch(`${url}/api/admin/stats/overview`, {
        headers: { authorization: `Basic ${btoa(`admin:${adminPassword}`)}` },
      })
    ).json()) as { totalAttempts: number }
  ).totalAttempts;
const cardTotal = async (page: Page) =>
  Number((await page.locator('[data-stat="totalAttempts"]').textContent())!.replace(/\D/g, ''));
async function refresh(page: Page) {
  await page.getByRole('button', { name: 'Osvježi' }).click();
  await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
}
try {
  const dashboardContext = await browser.newContext({
    baseURL: B.url,
    viewport: { width: 1280, height: 900 },
  });
  const dashboard = await dashboardContext.newPage();
  const dashboardProblems = watchConsole(dashboard);
  await dashboard.goto('/admin');
  await dashboard.getByLabel('Korisničko ime').fill('admin');
  await dashboard.getByLabel('Lozinka').fill(adminPassword);
  await dashboard.getByRole('button', { name: 'Prijavi se' }).click();
  await dashboard.waitForURL('**/admin/dashboard');
  await dashboard.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  await dashboard.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
  const before = await cardTotal(dashboard);
  log(`signed in on B's /admin with the generated password; the dashboard shows ${before} plays`);

  const playerContext = await browser.newContext({ baseURL: A.url, viewport: { width: 1280, height: 900 } });
  const player = await playerContext.newPage();
  const playerProblems = watchConsole(player);
  await player.goto('/');
  await player.getByRole('link', { name: 'Započni kviz' }).first().click();
  await player.waitForURL('**/quiz');
  const submitted = player.waitForResponse((r) => r.url().endsWith('/api/stats/submit-quiz'), {
    timeout: 180_000,
  });
  let correct = 0;
  for (let n = 1; n <= 30; n++) {
    await player.getByText(`Stih ${n}/30`, { exact: true }).waitFor();
    await Bun.sleep(1_100); // a person reads the line: the play takes longer than PLAY_MIN_SECONDS
    const letter = 'ABCDE'[n % 5]!;
    await player.locator(`[data-option="${letter}"]`).click();
    await player.locator('[data-option][data-state="correct"]').waitFor();
    if ((await player.locator(`[data-option="${letter}"]`).getAttribute('data-state')) === 'correct')
      correct++;
    await player.getByRole('button', { name: n === 30 ? 'Završi kviz' : 'Sljedeći stih' }).click();
  }
  const response = await submitted;
  const acknowledgedAt = performance.now();
  const play = (await response.json()) as { playId: number };
  await player.waitForURL('**/results');
  await player.locator('[data-percentile]').waitFor();
  const shownScore = await player.locator('[data-score]').textContent();
  check(
    response.status() === 200 && shownScore === `${correct}/30`,
    `A recorded the browser's play ${play.playId}: ${shownScore}`,
  );
  // How soon B's statistics have it: its API polled every 20 ms, and the dashboard's Osvježi.
  let apiSeenMs: number | undefined;
  const apiPoll = (async () => {
    while (performance.now() - acknowledgedAt < 5_000) {
      if ((await adminApi(B.url)) >= before + 1) {
        apiSeenMs = performance.now() - acknowledgedAt;
        return;
      }
      await Bun.sleep(20);
    }
  })();
  let dashboardSeenMs: number | undefined;
  while (performance.now() - acknowledgedAt < 5_000) {
    await refresh(dashboard);
    if ((await cardTotal(dashboard)) === before + 1) {
      dashboardSeenMs = performance.now() - acknowledgedAt;
      break;
    }
    await Bun.sleep(100);
  }
  await apiPoll;
  summary.propagation = { apiSeenMs, dashboardSeenMs };
  check(
    apiSeenMs !== undefined && apiSeenMs < 1_500,
    `B's admin API counted the play ${apiSeenMs?.toFixed(0)} ms after A acknowledged it`,
  );
  check(
    dashboardSeenMs !== undefined,
    `B's dashboard (Osvježi) showed ${before + 1} plays ${dashboardSeenMs?.toFixed(0)} ms after`,
  );
  await player.screenshot({ path: join(shots, 'A-results.png'), fullPage: true });
  await dashboard.screenshot({ path: join(shots, 'B-dashboard-after-play.png'), fullPage: true });
  check(
    playerProblems.length === 0 && dashboardProblems.length === 0,
    `no console errors (${[...playerProblems, ...dashboardProblems].join('; ')})`,
  );

  // 4. Load on both; SIGTERM of A and its restart, then kill -9 of B and its restart --------------
  if (performance.now() - preparedAt < 31_000) await Bun.sleep(31_000 - (performance.now() - preparedAt));
  const acknowledged = new Map<string, number>();
  const refused: Record<string, number> = {};
  let stopLoad = false;
  let nextDirect = 0;
  const countRefusal = (kind: string) => {
    refused[kind] = (refused[kind] ?? 0) + 1;
  };
  const post = async (url: string, body: string) => {
    const res = await fetch(`${url}/api/stats/submit-quiz`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as { playId?: number } };
  };
  /** Sends a body until acknowledged: first to `first`, then to the other instance, as a balancer retries. */
  const sendDirect = async (body: string, first: number) => {
    for (let attempt = 0; ; attempt++) {
      const target = instances[(first + attempt) % 2]!;
      try {
        const { status, json } = await post(target.url, body);
        if (status === 200 && json.playId !== undefined) {
          acknowledged.set(body, json.playId);
          return;
        }
        countRefusal(`${target.name} answered ${status}`);
        if (status < 500) throw new Error(`refused for good: ${status} ${JSON.stringify(json)}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('refused for good')) throw error;
        countRefusal(`${target.name}: ${(error as Error).name}`);
      }
      await Bun.sleep(50);
    }
  };
  const directWorkers = Array.from({ length: 8 }, async (_, w) => {
    while (!stopLoad && nextDirect < directBodies.length)
      await sendDirect(directBodies[nextDirect++]!, w % 2);
  });
  // Through Caddy: what a client behind the proxy sees (its retry is the browser's, after a failure).
  const seenThroughCaddy = { ok: 0, failed: 0, statuses: {} as Record<string, number> };
  let nextCaddy = 0;
  const caddyWorkers = Array.from({ length: caddyUrl ? 2 : 0 }, async () => {
    while (!stopLoad && nextCaddy < caddyBodies.length) {
      const body = caddyBodies[nextCaddy++]!;
      for (;;) {
        const result = await post(caddyUrl!, body).catch((e: Error) => ({
          status: e.name,
          json: {} as { playId?: number },
        }));
        if (result.status === 200 && result.json.playId !== undefined) {
          acknowledged.set(body, result.json.playId);
          seenThroughCaddy.ok++;
          break;
        }
        seenThroughCaddy.failed++;
        seenThroughCaddy.statuses[String(result.status)] =
          (seenThroughCaddy.statuses[String(result.status)] ?? 0) + 1;
        await Bun.sleep(200);
      }
    }
  });
  const loadStarted = performance.now();
  const events: Record<string, unknown>[] = [];
  log('load: 8 clients to A and B directly, 2 through Caddy');
  await Bun.sleep(5_000);
  const ackedBeforeTerm = acknowledged.size;
  log(`SIGTERM to A (${ackedBeforeTerm} plays acknowledged so far)`);
  const termAt = performance.now();
  A.proc!.kill('SIGTERM');
  const termCode = await A.proc!.exited;
  const termExitMs = performance.now() - termAt;
  const termRestartMs = await start(A);
  events.push({
    event: 'SIGTERM A',
    exitCode: termCode,
    exitMs: termExitMs,
    restartToHealthyMs: termRestartMs,
    downMs: performance.now() - termAt,
  });
  check(
    termCode === 0,
    `A exited ${termCode} ${termExitMs.toFixed(0)} ms after SIGTERM; restarted, healthy ${termRestartMs.toFixed(0)} ms later`,
  );
  await Bun.sleep(5_000);
  log(`kill -9 of B (${acknowledged.size} plays acknowledged so far)`);
  const killAt = performance.now();
  B.proc!.kill('SIGKILL');
  const killCode = await B.proc!.exited;
  const killSignal = B.proc!.signalCode ?? killCode;
  await Bun.sleep(2_000); // systemd's RestartSec=2s
  const killRestartMs = await start(B);
  events.push({
    event: 'kill -9 B',
    exitSignal: killSignal,
    restartToHealthyMs: killRestartMs,
    downMs: performance.now() - killAt,
  });
  log(`B restarted 2 s after the kill, healthy ${killRestartMs.toFixed(0)} ms after its start`);
  await Bun.sleep(5_000);
  stopLoad = true;
  await Promise.all([...directWorkers, ...caddyWorkers]);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  summary.load = {
    seconds: loadSeconds,
    acknowledged: acknowledged.size,
    playsPerSecond: acknowledged.size / loadSeconds,
    refusedThenResent: refused,
    throughCaddy: seenThroughCaddy,
    events,
  };
  log(
    `load over after ${loadSeconds.toFixed(0)} s: ${acknowledged.size} plays acknowledged (${(acknowledged.size / loadSeconds).toFixed(0)}/s); refused and re-sent: ${JSON.stringify(refused)}; through Caddy ${seenThroughCaddy.ok} ok, ${seenThroughCaddy.failed} failed ${JSON.stringify(seenThroughCaddy.statuses)}`,
  );

  // Every acknowledged play is in the database, once; the counters agree with the raw record.
  const sql = new Bun.SQL(databaseUrl, { max: 1 });
  const ids = new Set((await sql`SELECT id FROM plays`).map((r: { id: number | string }) => Number(r.id)));
  await sql.close();
  const expected = acknowledged.size + 1; // the browser's play
  const missing = [...acknowledged.values()].filter((id) => !ids.has(id));
  check(missing.length === 0, `every acknowledged play is in the database (${missing.length} missing)`);
  check(
    ids.size === expected && new Set(acknowledged.values()).size === acknowledged.size,
    `the database holds ${ids.size} plays: the ${acknowledged.size} acknowledged under load, each once, and the browser's`,
  );
  await Bun.sleep(1_100);
  const [onA, onB] = [await adminApi(A.url), await adminApi(B.url)];
  check(onA === ids.size && onB === ids.size, `both instances' statistics count ${onA} and ${onB} plays`);
  const kviz = (args: string[], url = databaseUrl) =>
    Bun.spawnSync([binary, ...args], { cwd: trial, env: { PATH: '/usr/bin:/bin', DATABASE_URL: url } });
  const verify = kviz(['stats', 'verify']);
  summary.verify = { exitCode: verify.exitCode, stdout: verify.stdout.toString().trim() };
  check(
    verify.exitCode === 0,
    `kviz stats verify: ${verify.stdout.toString().trim()} (exit ${verify.exitCode})`,
  );
  await refresh(dashboard);
  check((await cardTotal(dashboard)) === ids.size, `B's dashboard shows ${await cardTotal(dashboard)} plays`);
  await dashboard.screenshot({ path: join(shots, 'B-dashboard-after-load.png'), fullPage: true });

  // 5. Backups: kviz backup's advice, pg_dump, pg_restore into a new database, verify there -----------
  const backup = kviz(['backup', join(trial, 'ignored.db')]);
  const advice = backup.stdout.toString() + backup.stderr.toString();
  summary.backupAdvice = advice.trim();
  check(
    advice.includes('pg_dump --format=custom') && !advice.includes(password),
    'kviz backup prints the pg_dump command, without the password',
  );
  const dump = join(trial, 'kviz.dump');
  execFileSync(join(pgBin, 'pg_dump'), ['--format=custom', `--file=${dump}`, databaseUrl]);
  asOwner('createdb', ['-h', pgDir, '-p', String(pgPort), '-U', 'postgres', '--owner=kviz', 'kviz_restored']);
  const restoredUrl = databaseUrl.replace(/\/kviz$/, '/kviz_restored');
  execFileSync(join(pgBin, 'pg_restore'), ['--clean', '--if-exists', `--dbname=${restoredUrl}`, dump]);
  const restoredVerify = kviz(['stats', 'verify'], restoredUrl);
  const restoredSql = new Bun.SQL(restoredUrl, { max: 1 });
  const restoredPlays = Number((await restoredSql`SELECT count(*) AS n FROM plays`)[0].n);
  await restoredSql.close();
  check(
    restoredVerify.exitCode === 0 && restoredPlays === ids.size,
    `pg_dump → pg_restore into kviz_restored: ${restoredPlays} plays, verify exit ${restoredVerify.exitCode}`,
  );

  // 6. /healthz while the database is away, and after it is back --------------------------------------
  pgCtl('stop');
  const downStatuses = await Promise.all(
    instances.map(async (i) => (await fetch(`${i.url}/healthz`)).status),
  );
  check(
    downStatuses.every((s) => s === 503),
    `PostgreSQL stopped: /healthz answers ${downStatuses.join(', ')}`,
  );
  const whileDown = await post(A.url, directBodies[directBodies.length - 1]!).catch((e: Error) => ({
    status: e.name,
  }));
  summary.submitWhileDatabaseDown = whileDown.status;
  log(`a submission while PostgreSQL is stopped: ${whileDown.status}`);
  pgCtl('start');
  const backMs = await Promise.all(instances.map((i) => healthy(i.url, 30_000)));
  check(
    true,
    `PostgreSQL started again: /healthz 200 after ${backMs.map((ms) => Math.round(ms)).join(' and ')} ms`,
  );
  const after = await Promise.all(
    instances.map((i, n) => post(i.url, directBodies[directBodies.length - 2 - n]!).then((r) => r.status)),
  );
  check(
    after.every((s) => s === 200),
    `plays recorded again on both without a restart (${after.join(', ')})`,
  );
  await dashboardContext.close();
  await playerContext.close();
} finally {
  await browser.close();
  for (const i of instances) {
    if (i.proc && i.proc.exitCode === null && i.proc.signalCode === null) {
      i.proc.kill('SIGTERM');
      const code = await i.proc.exited;
      if (code !== 0) failures.push(`${i.name} exited ${code} on the final SIGTERM`);
    }
  }
  caddy?.kill('SIGTERM');
  await caddy?.exited;
  try {
    pgCtl('stop');
  } catch {}
  summary.failures = failures;
  writeFileSync(join(trial, 'trial.json'), `${JSON.stringify(summary, null, 2)}\n`);
  log(
    `${failures.length === 0 ? 'all checks passed' : `${failures.length} checks FAILED`}; screenshots, logs and trial.json in ${trial}`,
  );
  if (failures.length > 0) process.exitCode = 1;
}
