/**
 * `bun bench/pg-where.ts <dir|binary> [two] [open=<plays/s>] [seconds]`: where a PostgreSQL
 * submission's time goes, on one build (docs/decisions/030, 043). On a durable throwaway cluster
 * with pg_stat_statements, one instance (or `two` over one database) is warmed up with 3 s of
 * submissions (its answer keys and players made), then loaded for `seconds` (6): closed loop (wrk,
 * 20 connections in all, each instance its own players) or, with `open=`, that many plays/s open
 * loop on one instance. Meanwhile a separate connection samples `pg_stat_activity` every 10 ms.
 * Printed: plays/s, CPU a play of the servers and of the cluster's processes, the statements a
 * play costs (calls a play, time), what the sampled sessions were doing (waiting on what, running
 * what) and, for the open loop, the submissions' latency by 250 ms of their due time beside what
 * the sessions did then (a fold, a lock wait, autovacuum, a checkpoint).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startCluster } from '../test/support/postgres';
import { clusterPids, cpuSeconds } from './lib/proc';
import { type BenchServer, startServer, stopAllServers } from './lib/server';
import { sleepUntil } from './lib/sleep-until';
import { bodyFilesPerInstance, prepareSubmissions } from './lib/submit-load';
import { ensureWrk, wrk } from './lib/wrk';

const args = process.argv.slice(2);
const source = resolve(args[0] ?? '.');
const two = args.includes('two');
const openRate = Number(args.find((a) => a.startsWith('open='))?.slice(5) ?? 0);
const seconds = Number(args.find((a) => /^\d+$/.test(a)) ?? 6);
const work = mkdtempSync(join(tmpdir(), 'kviz-pg-where-'));
/** PG_WHERE_PROFILE=1: each server (run from source) writes a CPU profile (`--cpu-prof-md`) into the run's folder, kept then. */
const profile = process.env.PG_WHERE_PROFILE === '1';
const log = (message: string) => console.log(`[pg-where] ${message}`);

function launcher(dir: string): string {
  const file = join(dir, 'launch.sh');
  const run = statSync(source).isFile()
    ? `exec ${source}`
    : `cd ${source} && exec ${process.execPath} ${profile ? `--cpu-prof-md --cpu-prof-dir=${dir}` : ''} src/main.ts`;
  writeFileSync(file, `#!/bin/sh\n${run} "$@"\n`, { mode: 0o755 });
  return file;
}

interface Sample {
  atMs: number;
  rows: { kind: string; wait: string; query: string; state: string }[];
}

/** Samples pg_stat_activity every 10 ms until `stop()`; the samples. */
function sampler(url: string) {
  const sql = new Bun.SQL(url, { max: 1 });
  const samples: Sample[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const atMs = performance.now();
      const rows = (await sql`
        SELECT backend_type AS kind, coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait, state,
               left(regexp_replace(coalesce(query, ''), '\\s+', ' ', 'g'), 60) AS query
        FROM pg_stat_activity
        WHERE pid <> pg_backend_pid() AND (state IS DISTINCT FROM 'idle' OR backend_type <> 'client backend')`) as Sample['rows'];
      samples.push({ atMs, rows });
      await Bun.sleep(10);
    }
    await sql.close();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return samples;
    },
  };
}

/** What the sampled sessions did: counts of (backend, wait, query) over all samples. */
function summarise(samples: Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples)
    for (const r of s.rows) {
      if (r.kind !== 'client backend' && r.wait.startsWith('Activity:')) continue; // idle background loops
      const key = `${r.kind === 'client backend' ? '' : `[${r.kind}] `}${r.state ?? ''} ${r.wait} ${r.kind === 'client backend' ? r.query : ''}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([k, n]) => `${(n / samples.length).toFixed(2).padStart(6)} ${k}`)
    .join('\n');
}

/** Open loop with each submission's due time and latency kept. */
async function openLoopRecorded(url: string, bodies: string[], rate: number, runSeconds: number) {
  const start = performance.now() + 50;
  const end = start + runSeconds * 1000;
  const records: { dueMs: number; latencyMs: number; ok: boolean }[] = [];
  const inFlight: Promise<void>[] = [];
  let i = 0;
  for (;;) {
    const now = performance.now();
    if (now >= end) break;
    while (start + i * (1000 / rate) <= now) {
      const due = start + i * (1000 / rate);
      const body = bodies[i % bodies.length]!;
      inFlight.push(
        fetch(`${url}/api/stats/submit-quiz`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }).then(
          async (r) => {
            await r.arrayBuffer();
            records.push({ dueMs: due, latencyMs: performance.now() - due, ok: r.ok });
          },
          () => void records.push({ dueMs: due, latencyMs: performance.now() - due, ok: false }),
        ),
      );
      i++;
    }
    await sleepUntil(Math.min(start + i * (1000 / rate), end));
  }
  await Promise.all(inFlight);
  return { start, records };
}

async function statements(url: string, plays: number): Promise<string> {
  const sql = new Bun.SQL(url, { max: 1 });
  try {
    const rows = await sql.unsafe(
      `SELECT calls, round(total_exec_time)::int AS ms, round(mean_exec_time::numeric, 3) AS mean,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY calls DESC LIMIT 8`,
    );
    const slow = await sql.unsafe(
      `SELECT calls, round(total_exec_time)::int AS ms, round(mean_exec_time::numeric, 3) AS mean,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time DESC LIMIT 12`,
    );
    rows.push(
      ...slow.filter((r: { query: string }) => !rows.some((o: { query: string }) => o.query === r.query)),
    );
    return rows
      .map(
        (r: { calls: number; ms: number; mean: string; query: string }) =>
          `${(r.calls / plays).toFixed(3).padStart(7)} a play  ${String(r.ms).padStart(6)} ms  mean ${r.mean}  ${r.query}`,
      )
      .join('\n');
  } finally {
    await sql.close();
  }
}

async function main() {
  ensureWrk(log);
  const cluster = await startCluster({
    durable: true,
    settings: [
      'track_activity_query_size=2048',
      // PG_WHERE_EXPLAIN=<dir>: plans of statements over 30 ms (with their row counts and buffers) logged into <dir>.
      ...(process.env.PG_WHERE_EXPLAIN
        ? [
            'shared_preload_libraries=pg_stat_statements,auto_explain',
            'auto_explain.log_min_duration=30',
            'auto_explain.log_analyze=on',
            'auto_explain.log_buffers=on',
            'logging_collector=on',
            `log_directory=${process.env.PG_WHERE_EXPLAIN}`,
          ]
        : ['shared_preload_libraries=pg_stat_statements']),
    ],
  });
  try {
    const admin = new Bun.SQL(cluster.url('postgres'), { max: 1 });
    await admin.unsafe('CREATE DATABASE where_db');
    await admin.close();
    const url = cluster.url('where_db');
    const servers: BenchServer[] = [];
    for (const name of two ? ['a', 'b'] : ['a']) {
      const dir = join(work, name);
      mkdirSync(dir);
      servers.push(await startServer(launcher(dir), dir, { DATABASE_URL: url }));
    }
    const ext = new Bun.SQL(url, { max: 1 });
    await ext.unsafe('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const closed = async (plays: number, runSeconds: number, tag: string) => {
      const files = await bodyFilesPerInstance(servers, plays, (i) =>
        join(work, `bodies-${tag}-${i}.ndjson`),
      );
      return () =>
        Promise.all(
          servers.map((server, i) =>
            wrk({
              url: `${server.url}/api/stats/submit-quiz`,
              connections: 20 / servers.length,
              duration: runSeconds,
              bodiesFile: files[i]!,
            }),
          ),
        );
    };
    log('warming up: 3 s of submissions');
    await (await closed(6_000, 3, 'warm'))();
    await Bun.sleep(1_500);
    const openBodies =
      openRate > 0 ? await prepareSubmissions(servers[0]!.url, openRate * seconds, 10, 20_000) : [];
    const load = openRate > 0 ? undefined : await closed(2_500 * seconds, seconds, 'load');
    const count = async () => Number((await ext`SELECT count(*)::int AS n FROM plays`)[0].n);
    await ext`SELECT pg_stat_statements_reset()`;
    const before = await count();
    const pgBefore = new Map(clusterPids(cluster.port).map((pid) => [pid, cpuSeconds(pid)]));
    const bunBefore = servers.map((s) => cpuSeconds(s.pid));
    const perf = (pids: number[]) =>
      Bun.which('perf')
        ? Bun.spawn(
            [
              'perf',
              'stat',
              '-x',
              ',',
              '-e',
              'raw_syscalls:sys_enter,context-switches',
              '-p',
              pids.join(','),
            ],
            {
              stdout: 'ignore',
              stderr: 'pipe',
            },
          )
        : undefined;
    const perfServers = perf(servers.map((s) => s.pid));
    const perfPg = perf(clusterPids(cluster.port));
    const watch = sampler(url);
    const wall = performance.now();
    let open: Awaited<ReturnType<typeof openLoopRecorded>> | undefined;
    if (load) await load();
    else open = await openLoopRecorded(servers[0]!.url, openBodies, openRate, seconds);
    const elapsed = (performance.now() - wall) / 1000;
    const samples = await watch.stop();
    /** perf's counts (syscalls, context switches), stopped now. */
    const counted = async (proc: ReturnType<typeof perf>) => {
      if (!proc) return [Number.NaN, Number.NaN];
      proc.kill('SIGINT');
      const text = await new Response(proc.stderr).text();
      return text
        .split('\n')
        .filter((line) => /raw_syscalls|context-switches/.test(line))
        .map((line) => Number(line.split(',')[0]));
    };
    const [serverCalls, serverSwitches] = await counted(perfServers);
    const [pgCalls, pgSwitches] = await counted(perfPg);
    await Bun.sleep(1_100);
    const plays = (await count()) - before;
    const bunUsed = servers.reduce((sum, s, i) => sum + cpuSeconds(s.pid) - bunBefore[i]!, 0);
    const pgUsed = clusterPids(cluster.port).reduce(
      (sum, pid) => sum + cpuSeconds(pid) - (pgBefore.get(pid) ?? 0),
      0,
    );
    // The cluster's CPU by process kind (its title: "postgres: walwriter", "postgres: postgres where_db 127.0.0.1(…) …").
    const byKind = new Map<string, number>();
    for (const pid of clusterPids(cluster.port)) {
      let title = 'postmaster';
      try {
        title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      } catch {}
      const kind = title.startsWith('postgres: ')
        ? title
            .slice(10)
            .replace(/ 127\.0\.0\.1\(\d+\).*$/, ' (client backend)')
            .replace(/^postgres where_db/, 'where_db')
        : 'postmaster';
      byKind.set(kind, (byKind.get(kind) ?? 0) + cpuSeconds(pid) - (pgBefore.get(pid) ?? 0));
    }
    console.log(
      `${two ? 'two instances' : 'one instance'}, ${openRate > 0 ? `open loop ${openRate}/s` : 'closed loop'}: ${plays} plays in ${elapsed.toFixed(1)} s = ${Math.round(plays / elapsed)} plays/s; CPU a play: server(s) ${Math.round((bunUsed / plays) * 1e6)} µs, PostgreSQL ${Math.round((pgUsed / plays) * 1e6)} µs; servers ${Math.round((bunUsed / elapsed) * 100)} % of a core, PostgreSQL ${Math.round((pgUsed / elapsed) * 100)} %; ${samples.length} samples of pg_stat_activity`,
    );
    console.log(
      `a play: system calls server(s) ${(serverCalls! / plays).toFixed(1)}, PostgreSQL ${(pgCalls! / plays).toFixed(1)}; context switches server(s) ${(serverSwitches! / plays).toFixed(1)}, PostgreSQL ${(pgSwitches! / plays).toFixed(1)}`,
    );
    console.log(
      `PostgreSQL CPU a play by process (gone ones not counted): ${[...byKind]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${Math.round((v / plays) * 1e6)} µs`)
        .join('; ')}`,
    );
    console.log(`\nStatements (most frequent):\n${await statements(url, plays)}`);
    const tables = await ext.unsafe(
      `SELECT relname, n_live_tup, n_dead_tup, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del, autovacuum_count, autoanalyze_count,
              pg_relation_size(relid) / 8192 AS pages
       FROM pg_stat_user_tables ORDER BY n_tup_upd + n_tup_ins + n_tup_del DESC LIMIT 10`,
    );
    console.log(
      `\nTables (since start): name live dead inserted updated (HOT) deleted autovacuums pages\n${tables
        .map(
          (t: Record<string, unknown>) =>
            `${t.relname} ${t.n_live_tup} ${t.n_dead_tup} ${t.n_tup_ins} ${t.n_tup_upd} (${t.n_tup_hot_upd}) ${t.n_tup_del} ${t.autovacuum_count} ${t.pages}`,
        )
        .join('\n')}`,
    );
    console.log(`\nSessions a sample (state, wait, query):\n${summarise(samples)}`);
    if (open) {
      const { start, records } = open;
      const sorted = records.map((r) => r.latencyMs).sort((a, b) => a - b);
      const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
      console.log(
        `\nsubmit p50 ${p(0.5)} / p99 ${p(0.99)} / max ${sorted.at(-1)!.toFixed(1)} ms, ${records.filter((r) => !r.ok).length} failed`,
      );
      console.log(
        '\nBy 250 ms of due time: submissions, p99 / max ms; sessions a sample: folding, lock waits, WAL, CPU, autovacuum, checkpointer',
      );
      const withFold: number[] = [];
      const withoutFold: number[] = [];
      for (let t = 0; t < seconds * 1000; t += 250) {
        const here = records
          .filter((r) => r.dueMs - start >= t && r.dueMs - start < t + 250)
          .map((r) => r.latencyMs);
        here.sort((a, b) => a - b);
        const inWindow = samples.filter((s) => s.atMs - start >= t && s.atMs - start < t + 250);
        const per = (test: (r: Sample['rows'][number]) => boolean) =>
          (
            inWindow.reduce((n, s) => n + s.rows.filter(test).length, 0) / Math.max(1, inWindow.length)
          ).toFixed(1);
        const folding = Number(
          per((r) =>
            /lyric_confusions|cumulative_|song_confusions|lyric_stats|pending_plays" inner|DELETE FROM pending_plays/.test(
              r.query,
            ),
          ),
        );
        (folding >= 0.5 ? withFold : withoutFold).push(here[Math.floor(0.99 * here.length)] ?? 0);
        console.log(
          `${String(t).padStart(5)} ms  n ${String(here.length).padStart(3)}  p99 ${(here[Math.floor(0.99 * here.length)] ?? 0).toFixed(1).padStart(6)}  max ${(here.at(-1) ?? 0).toFixed(1).padStart(6)} | fold ${per((r) => /lyric_confusions|cumulative_|song_confusions|lyric_stats|pending_plays" inner|DELETE FROM pending_plays/.test(r.query))} lock ${per((r) => r.wait.startsWith('Lock:'))} wal ${per((r) => r.wait.startsWith('IO:WAL') || r.wait.startsWith('LWLock:WAL'))} cpu ${per((r) => r.kind === 'client backend' && r.wait === 'CPU')} av ${per((r) => r.kind.startsWith('autovacuum worker'))} ckpt ${per((r) => r.kind === 'checkpointer' && !r.wait.startsWith('Activity:'))}`,
        );
      }
      const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      console.log(
        `windows with a fold running most of the time: ${withFold.length}, median of their p99 ${mid(withFold).toFixed(1)} ms; without: ${withoutFold.length}, ${mid(withoutFold).toFixed(1)} ms`,
      );
    }
    await ext.close();
    for (const server of servers) await server.stop();
  } finally {
    stopAllServers();
    cluster.stop();
    if (profile) log(`profiles kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

await main();
