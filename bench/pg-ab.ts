/**
 * `bun bench/pg-ab.ts A=<dir|binary> B=<dir|binary> [rounds]`: issue 31's PostgreSQL figures for
 * two versions side by side on one durable throwaway cluster (test/support/postgres.ts), in
 * interleaved rounds (A, B, then B, A, …) so both see the same machine at the same moments:
 * - plays/s with one instance and with two instances over one database (wrk, 20 connections in
 *   all, each instance its own players: bench/lib/submit-load.ts), and their ratio;
 * - `PG_AB_RATE` plays/s (500) open loop on the one-instance server with the readers of
 *   `/api/stats/overview` and `/` every 5 ms beside it (bench/lib/open-loop.ts).
 * Each load runs `PG_AB_SECONDS` (5). Medians of the rounds are printed, and each round's two ÷ one
 * and CPU a play (server and cluster, of the one- and of the two-instance loop: what a second
 * instance adds per play); the statements with the most time, and the most frequent ones of each
 * database (the round trips a play costs); `kviz stats verify` checks every database at the end.
 * A `<dir>` is a checkout with its `node_modules` (run with bun from source); `PG_AB_PROFILE=1` writes a CPU profile of each one-instance server
 * (`--cpu-prof-md`) into the run's folder, which is kept then.
 * The short loop for a change of the PostgreSQL write or read path (docs/decisions/030).
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../test/support/postgres';
import { openLoop } from './lib/open-loop';
import { clusterPids, cpuSeconds } from './lib/proc';
import { type BenchServer, startServer, stopAllServers } from './lib/server';
import { bodyFilesPerInstance, prepareSubmissions } from './lib/submit-load';
import { parseVersions } from './lib/versions';
import { ensureWrk, wrk } from './lib/wrk';

const args = process.argv.slice(2);
const parsed = parseVersions(args, 'bun bench/pg-ab.ts A=<dir|binary> B=<dir|binary> [rounds]');
const versions = parsed.versions.map(({ label, path }) => ({ label, dir: path }));
const rounds = parsed.numbers[0] ?? 3;
const seconds = Number(process.env.PG_AB_SECONDS ?? 5);
const rate = Number(process.env.PG_AB_RATE ?? 500);
const profile = process.env.PG_AB_PROFILE === '1';
const connections = 20;
const work = mkdtempSync(join(tmpdir(), 'kviz-pg-ab-'));
const log = (message: string) => console.log(`[pg-ab] ${message}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Side {
  label: string;
  one: BenchServer;
  two: BenchServer[];
  urls: { one: string; two: string };
  dirs: string[];
  onePerSecond: number[];
  twoPerSecond: number[];
  submitP99: number[];
  /** CPU a play of the one-instance closed loop: the server's and the database's, µs. */
  bunUsPerPlay: number[];
  pgUsPerPlay: number[];
  /** The same for the two-instance closed loop (both servers' CPU together). */
  bunUsPerPlayTwo: number[];
  pgUsPerPlayTwo: number[];
  overviewP99: number[];
  pageP99: number[];
  failed: number;
}

/**
 * Plays in the raw record of a database: what was acknowledged, folded into the counters or not
 * (the overview's total lags by a fold, and how far depends on the build's fold cadence).
 */
async function recorded(databaseUrl: string): Promise<number> {
  const sql = new Bun.SQL(databaseUrl, { max: 1 });
  try {
    const [row] = await sql`SELECT count(*)::int AS n FROM plays`;
    return row.n as number;
  } finally {
    await sql.close();
  }
}

/** A launcher in place of the binary: the source tree run by bun, or the binary itself. */
function launcher(dir: string, source: string, bunFlags: string): string {
  const file = join(dir, 'launch.sh');
  const run = statSync(source).isFile()
    ? `exec ${source}`
    : `cd ${source} && exec ${process.execPath} ${bunFlags} src/main.ts`;
  writeFileSync(file, `#!/bin/sh\n${run} "$@"\n`, { mode: 0o755 });
  return file;
}

/** Plays/s of wrk on these servers at once (each its own bodies and a share of the connections). */
async function closedLoop(
  servers: BenchServer[],
  databaseUrl: string,
  round: number,
  name: string,
  cpu?: { port: number; bunUs: number[]; pgUs: number[] },
): Promise<number> {
  const before = await recorded(databaseUrl);
  const files = await bodyFilesPerInstance(servers, 2_500 * seconds, (i) =>
    join(work, `bodies-${name}-${round}-${i}.ndjson`),
  );
  // The cluster's processes before and after: a backend a pool opened during the load counts whole.
  const pgBefore = new Map((cpu ? clusterPids(cpu.port) : []).map((pid) => [pid, cpuSeconds(pid)]));
  const pgUsed = () =>
    cpu ? clusterPids(cpu.port).reduce((sum, pid) => sum + cpuSeconds(pid) - (pgBefore.get(pid) ?? 0), 0) : 0;
  const bunCpu = () => servers.reduce((sum, server) => sum + cpuSeconds(server.pid), 0);
  const bunBefore = bunCpu();
  const loads = await Promise.all(
    servers.map((server, i) =>
      wrk({
        url: `${server.url}/api/stats/submit-quiz`,
        connections: connections / servers.length,
        duration: seconds,
        bodiesFile: files[i]!,
        serverPid: server.pid,
      }),
    ),
  );
  // The counters lag the newest plays by under a second (docs/decisions/030); the fold of the
  // last plays is part of their cost.
  await Bun.sleep(1_100);
  const plays = (await recorded(databaseUrl)) - before;
  if (cpu && plays > 0) {
    cpu.bunUs.push(Math.round(((bunCpu() - bunBefore) / plays) * 1e6));
    cpu.pgUs.push(Math.round((pgUsed() / plays) * 1e6));
  }
  return plays / Math.max(...loads.map((l) => l.seconds));
}

async function main() {
  ensureWrk(log);
  log('starting a durable throwaway cluster with pg_stat_statements');
  const cluster = await startCluster({
    durable: true,
    settings: ['shared_preload_libraries=pg_stat_statements'],
  });
  const sides: Side[] = [];
  try {
    const admin = new Bun.SQL(cluster.url('postgres'), { max: 1 });
    for (const { label } of versions)
      for (const db of ['one', 'two']) await admin.unsafe(`CREATE DATABASE ab_${label.toLowerCase()}_${db}`);
    await admin.close();
    for (const { label, dir } of versions) {
      const urls = {
        one: cluster.url(`ab_${label.toLowerCase()}_one`),
        two: cluster.url(`ab_${label.toLowerCase()}_two`),
      };
      const dirs = ['one', 'two-a', 'two-b'].map((name) => {
        const d = join(work, `${label}-${name}`);
        mkdirSync(d);
        return d;
      });
      const flags = (d: string) => (profile ? `--cpu-prof-md --cpu-prof-dir=${d}` : '');
      const one = await startServer(launcher(dirs[0]!, dir, flags(dirs[0]!)), dirs[0]!, {
        DATABASE_URL: urls.one,
      });
      const two = await Promise.all(
        dirs.slice(1).map((d) => startServer(launcher(d, dir, ''), d, { DATABASE_URL: urls.two })),
      );
      sides.push({
        label,
        one,
        two,
        urls,
        dirs,
        onePerSecond: [],
        twoPerSecond: [],
        submitP99: [],
        overviewP99: [],
        pageP99: [],
        bunUsPerPlay: [],
        pgUsPerPlay: [],
        bunUsPerPlayTwo: [],
        pgUsPerPlayTwo: [],
        failed: 0,
      });
    }
    for (let round = 0; round < rounds; round++)
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        side.onePerSecond.push(
          await closedLoop([side.one], side.urls.one, round, `${side.label}-one`, {
            port: cluster.port,
            bunUs: side.bunUsPerPlay,
            pgUs: side.pgUsPerPlay,
          }),
        );
        side.twoPerSecond.push(
          await closedLoop(side.two, side.urls.two, round, `${side.label}-two`, {
            port: cluster.port,
            bunUs: side.bunUsPerPlayTwo,
            pgUs: side.pgUsPerPlayTwo,
          }),
        );
        const bodies = await prepareSubmissions(side.one.url, rate * seconds, 10, 20_000);
        const run = await openLoop({ url: side.one.url, bodies, rate, seconds });
        side.submitP99.push(run.submit.p99Ms);
        side.overviewP99.push(run.overview.p99Ms);
        side.pageP99.push(run.page.p99Ms);
        side.failed += run.submit.failed + run.overview.failed + run.page.failed;
        log(
          `${side.label} round ${round + 1}: one ${Math.round(side.onePerSecond.at(-1)!)}/s, two ${Math.round(side.twoPerSecond.at(-1)!)}/s; open loop ${rate}/s submit p99 ${run.submit.p99Ms} ms (p50 ${run.submit.p50Ms}), overview p99 ${run.overview.p99Ms} ms, / p99 ${run.page.p99Ms} ms`,
        );
      }
    const top = await pgTop(cluster.url('postgres'));
    for (const side of sides) {
      for (const server of [side.one, ...side.two]) await server.stop();
      const verified = [side.urls.one, side.urls.two].map(
        (url) =>
          Bun.spawnSync([join(side.dirs[0]!, 'kviz'), 'stats', 'verify'], {
            cwd: side.dirs[0]!,
            env: { PATH: '/usr/bin:/bin', DATABASE_URL: url },
          }).exitCode === 0,
      );
      const one = median(side.onePerSecond);
      const two = median(side.twoPerSecond);
      console.log(
        `${side.label}: one ${Math.round(one)} plays/s, two ${Math.round(two)} plays/s (${(two / one).toFixed(2)}×); ` +
          `open loop ${rate}/s: submit p99 ${median(side.submitP99)} ms, overview p99 ${median(side.overviewP99)} ms, / p99 ${median(side.pageP99)} ms; ` +
          `CPU a play (closed loop): one instance: server ${median(side.bunUsPerPlay)} µs, PostgreSQL ${median(side.pgUsPerPlay)} µs; two instances: servers ${median(side.bunUsPerPlayTwo)} µs, PostgreSQL ${median(side.pgUsPerPlayTwo)} µs; ` +
          `failed ${side.failed}; verified ${verified.join(', ')}\n  each round: one ${side.onePerSecond.map(Math.round).join(', ')}; two ${side.twoPerSecond.map(Math.round).join(', ')}; submit p99 ${side.submitP99.join(', ')}; overview p99 ${side.overviewP99.join(', ')}; / p99 ${side.pageP99.join(', ')}; two ÷ one ${side.twoPerSecond.map((t, i) => (t / side.onePerSecond[i]!).toFixed(2)).join(', ')}; CPU a play server one/two ${side.bunUsPerPlay.join('/')} · ${side.bunUsPerPlayTwo.join('/')}, PostgreSQL one/two ${side.pgUsPerPlay.join('/')} · ${side.pgUsPerPlayTwo.join('/')} µs`,
      );
    }
    console.log(top);
  } finally {
    stopAllServers();
    cluster.stop();
    if (profile) log(`profiles kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

/** The statements that took the most database time over the whole run (all databases). */
async function pgTop(url: string): Promise<string> {
  const admin = new Bun.SQL(url, { max: 1 });
  try {
    await admin.unsafe('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const rows = await admin.unsafe(
      `SELECT d.datname AS db, calls, round(total_exec_time)::int AS ms, round(mean_exec_time::numeric, 3) AS mean, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid ORDER BY total_exec_time DESC LIMIT 25`,
    );
    // The statements a play costs: the most frequent ones of each database (the round trips).
    const frequent = await admin.unsafe(
      `SELECT db, calls, ms, mean, query FROM (
         SELECT d.datname AS db, calls, round(total_exec_time)::int AS ms, round(mean_exec_time::numeric, 3) AS mean,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query,
                row_number() OVER (PARTITION BY d.datname ORDER BY calls DESC) AS rank
         FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname LIKE 'ab\\_%') ranked
       WHERE rank <= 8 ORDER BY db, calls DESC`,
    );
    const line = (r: Record<string, unknown>) => `${r.db}\t${r.calls}\t${r.ms} ms\t${r.mean}\t${r.query}`;
    return `${rows.map(line).join('\n')}\n\nThe most frequent statements of each database:\n${frequent.map(line).join('\n')}`;
  } finally {
    await admin.close();
  }
}

await main();
