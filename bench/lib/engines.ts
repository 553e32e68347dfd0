/**
 * SQLite against PostgreSQL, one instance against two (docs/decisions/023): the
 * same compiled binary over SQLite, over PostgreSQL alone, and twice over one
 * PostgreSQL database with the load split across both, as behind a balancer.
 * Each configuration gets submissions from wrk (fresh tokens every round) while
 * one client reads the overview over HTTP, alternating between the instances;
 * then the same read at rest. Configurations are measured in interleaved rounds
 * (order reversed every other round), so the machine's noise falls on all, and
 * `kviz stats verify` checks every database at the end.
 *
 * The PostgreSQL cluster is the test suite's throwaway one (test/support/postgres.ts),
 * durable (fsync on): what production pays for a commit.
 * Used by `npm run bench` (bench/run.ts) and `npm run bench:pg` (bench/pg-instances.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startCluster } from '../../test/support/postgres';
import { type OpenLoopRun, openLoop } from './open-loop';
import { type BenchServer, startServer } from './server';
import { bodyFilesPerInstance, prepareSubmissions } from './submit-load';
import { wrk } from './wrk';

export interface EngineProfile {
  rounds: number;
  /** Seconds of submissions a round. */
  seconds: number;
  /** wrk connections in all, split evenly across the instances. */
  connections: number;
  /** Submission bodies prepared for a round at most (fewer once a configuration's rate is known). */
  maxBodies: number;
  /** Reads at rest, per round. */
  reads: number;
  /** Pause between two reads during the submission load (one read in flight at a time). */
  readPauseMs: number;
  /** Measure SQLite too (off: PostgreSQL alone, a shorter run). */
  sqlite: boolean;
  /** Seconds of the open-loop run at PG_OPEN_LOOP_RATE on one PostgreSQL instance (0: none). */
  openLoopSeconds: number;
}

/** The arrival rate of the PostgreSQL open-loop run, plays/s (issue 31's target load). */
const PG_OPEN_LOOP_RATE = 500;

export const ENGINE_PROFILES = {
  full: {
    // Five: one round of PostgreSQL varied by up to ±30 % (28 November 2026: one instance 1,393,
    // 1,044 and 1,086 plays/s; two 933, 870 and 1,710), too much for a median of three.
    rounds: 5,
    seconds: 6,
    connections: 20,
    maxBodies: 12_000,
    reads: 200,
    readPauseMs: 10,
    sqlite: true,
    openLoopSeconds: 8,
  },
  // PostgreSQL alone, one round: under a minute of load (`npm run bench:pg -- --quick`).
  quick: {
    rounds: 1,
    seconds: 6,
    connections: 20,
    maxBodies: 12_000,
    reads: 100,
    readPauseMs: 10,
    sqlite: false,
    openLoopSeconds: 6,
  },
  smoke: {
    rounds: 1,
    seconds: 1,
    connections: 4,
    maxBodies: 100,
    reads: 20,
    readPauseMs: 10,
    sqlite: true,
    openLoopSeconds: 1,
  },
} satisfies Record<string, EngineProfile>;

/** The read timed: the statistics overview, which /statistics and the dashboard open with. */
const ENGINE_READ_PATH = '/api/stats/overview';

interface Latency {
  p50Ms: number;
  p99Ms: number;
  samples: number;
}

interface EngineConfigResult {
  name: string;
  engine: 'sqlite' | 'postgresql';
  instances: number;
  /** Plays recorded a second, per round (counted by the server, not by wrk). */
  playsPerSecond: number[];
  /** wrk's submission latency per round; with two instances, the slower instance's. */
  submitP50Ms: number[];
  submitP99Ms: number[];
  non2xx: number;
  errors: number;
  /** A round recorded (nearly) every prepared body: its rate is a lower bound. */
  bodiesRanOut: boolean;
  /** Server CPU during the submission load, a share of one core, all instances together, per round. */
  serverCpu: number[];
  /** The read while submissions are written (caches are dropped at every commit), all rounds pooled. */
  readUnderLoad: Latency;
  /** The same read once the load stopped (cached per statistics version), all rounds pooled. */
  readAtRest: Latency;
  /** `kviz stats verify` after the last round: counters equal to the recompute from the raw record. */
  countersVerified: boolean;
}

export interface EngineResults {
  profile: EngineProfile;
  /** PG_OPEN_LOOP_RATE plays/s open loop on one PostgreSQL instance, readers beside it (bench/lib/open-loop.ts). */
  pgOpenLoop?: OpenLoopRun;
  readPath: string;
  postgresVersion: string;
  configs: EngineConfigResult[];
  seconds: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const latencyOf = (times: number[]): Latency => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), samples: sorted.length };
};

async function totalAttempts(url: string): Promise<number> {
  const res = await fetch(`${url}/api/stats/overview`);
  if (!res.ok) throw new Error(`${url}/api/stats/overview → ${res.status}`);
  return ((await res.json()) as { totalAttempts: number }).totalAttempts;
}

async function timedRead(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}${ENGINE_READ_PATH}`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}${ENGINE_READ_PATH} → ${res.status}`);
  return performance.now() - started;
}

interface Config {
  result: EngineConfigResult;
  servers: BenchServer[];
  databaseUrl?: string;
  dir: string;
}

/**
 * PG_OPEN_LOOP_RATE plays/s open loop on the one-instance PostgreSQL server (after its rounds: a
 * database with plays), readers of `/api/stats/overview` and `/` every 5 ms beside it.
 */
async function openLoopOnOne(
  configs: Config[],
  profile: EngineProfile,
  log: (message: string) => void,
): Promise<OpenLoopRun | undefined> {
  const one = configs.find((c) => c.result.engine === 'postgresql' && c.servers.length === 1);
  if (!one || profile.openLoopSeconds === 0) return undefined;
  const url = one.servers[0]!.url;
  log(
    `PostgreSQL, 1 instance: ${PG_OPEN_LOOP_RATE} plays/s open loop for ${profile.openLoopSeconds} s, readers every 5 ms`,
  );
  const bodies = await prepareSubmissions(url, PG_OPEN_LOOP_RATE * profile.openLoopSeconds, 10);
  const run = await openLoop({ url, bodies, rate: PG_OPEN_LOOP_RATE, seconds: profile.openLoopSeconds });
  log(
    `open loop: submit p99 ${run.submit.p99Ms} ms (${run.submit.failed} failed), overview p99 ${run.overview.p99Ms} ms, / p99 ${run.page.p99Ms} ms`,
  );
  return run;
}

export async function measureEngines(options: {
  binary: string;
  /** A scratch directory of the run (the instances' folders and the bodies go there). */
  work: string;
  profile: EngineProfile;
  log: (message: string) => void;
}): Promise<EngineResults> {
  const { binary, work, profile, log } = options;
  const started = performance.now();
  log('PostgreSQL: starting a throwaway durable cluster (test/support/postgres.ts)');
  const cluster = await startCluster({ durable: true });
  const configs: Config[] = [];
  try {
    const admin = new Bun.SQL(cluster.url('postgres'), { max: 1 });
    let postgresVersion: string;
    try {
      postgresVersion = String((await admin`SHOW server_version`)[0].server_version);
      await admin.unsafe('CREATE DATABASE bench_one');
      await admin.unsafe('CREATE DATABASE bench_two');
    } finally {
      await admin.close();
    }
    const dir = (name: string) => {
      const d = join(work, `engines-${name}`);
      mkdirSync(d, { recursive: true });
      return d;
    };
    const config = (
      name: string,
      engine: EngineConfigResult['engine'],
      servers: BenchServer[],
      where: { dir: string; databaseUrl?: string },
    ): Config => ({
      servers,
      ...where,
      result: {
        name,
        engine,
        instances: servers.length,
        playsPerSecond: [],
        submitP50Ms: [],
        submitP99Ms: [],
        non2xx: 0,
        errors: 0,
        bodiesRanOut: false,
        serverCpu: [],
        readUnderLoad: { p50Ms: 0, p99Ms: 0, samples: 0 },
        readAtRest: { p50Ms: 0, p99Ms: 0, samples: 0 },
        countersVerified: false,
      },
    });
    if (profile.sqlite) {
      const sqliteDir = dir('sqlite');
      configs.push(
        config('SQLite, 1 instance', 'sqlite', [await startServer(binary, sqliteDir)], { dir: sqliteDir }),
      );
    }
    const one = { dir: dir('pg-one'), databaseUrl: cluster.url('bench_one') };
    configs.push(
      config(
        'PostgreSQL, 1 instance',
        'postgresql',
        [await startServer(binary, one.dir, { DATABASE_URL: one.databaseUrl })],
        one,
      ),
    );
    // Two binaries over one database, started at once (one migration, one seed, one set of secrets).
    const two = { dir: dir('pg-two-a'), databaseUrl: cluster.url('bench_two') };
    configs.push(
      config(
        'PostgreSQL, 2 instances',
        'postgresql',
        await Promise.all(
          [two.dir, dir('pg-two-b')].map((d) => startServer(binary, d, { DATABASE_URL: two.databaseUrl })),
        ),
        two,
      ),
    );

    const underLoad = new Map(configs.map((c) => [c, [] as number[]]));
    const atRest = new Map(configs.map((c) => [c, [] as number[]]));
    for (let round = 0; round < profile.rounds; round++)
      for (const c of round % 2 === 0 ? configs : [...configs].reverse()) {
        const { servers, result } = c;
        // Enough bodies for 4× the best rate this configuration has shown (all of them in round one).
        const best = Math.max(0, ...result.playsPerSecond);
        const bodies =
          best === 0
            ? profile.maxBodies
            : Math.min(profile.maxBodies, Math.max(300, Math.ceil(best * profile.seconds * 4)));
        const before = await totalAttempts(servers[0]!.url);
        // Each instance gets bodies from its own quizzes and an equal share of the connections.
        const files = await bodyFilesPerInstance(servers, bodies, (i) =>
          join(work, `engines-bodies-${round}-${result.name.replace(/\W+/g, '-')}-${i}.ndjson`),
        );
        let loading = true;
        const reader = (async () => {
          for (let i = 0; loading; i++) {
            underLoad.get(c)!.push(await timedRead(servers[i % servers.length]!.url));
            await Bun.sleep(profile.readPauseMs);
          }
        })();
        const loads = await Promise.all(
          servers.map((server, i) =>
            wrk({
              url: `${server.url}/api/stats/submit-quiz`,
              connections: Math.max(1, Math.floor(profile.connections / servers.length)),
              duration: profile.seconds,
              bodiesFile: files[i]!,
              serverPid: server.pid,
            }),
          ),
        );
        loading = false;
        await reader;
        const seconds = Math.max(...loads.map((l) => l.seconds));
        // PostgreSQL's counters lag the newest plays by under a second (docs/decisions/030).
        await Bun.sleep(result.engine === 'postgresql' ? 1_100 : 0);
        const recorded = (await totalAttempts(servers[0]!.url)) - before;
        result.playsPerSecond.push(recorded / seconds);
        result.submitP50Ms.push(Math.max(...loads.map((l) => l.latencyP50Ms)));
        result.submitP99Ms.push(Math.max(...loads.map((l) => l.latencyP99Ms)));
        result.non2xx += loads.reduce((sum, l) => sum + l.non2xx, 0);
        result.errors += loads.reduce((sum, l) => sum + l.errors + l.timeouts, 0);
        result.serverCpu.push(loads.reduce((sum, l) => sum + (l.serverCpu ?? 0), 0));
        if (recorded >= bodies - profile.connections) result.bodiesRanOut = true;
        for (let i = 0; i < profile.reads; i++)
          atRest.get(c)!.push(await timedRead(servers[i % servers.length]!.url));
        log(
          `${result.name}, round ${round + 1}: ${Math.round(recorded / seconds)} plays/s (${recorded} of ${bodies} prepared), read under load p50 ${median(underLoad.get(c)!).toFixed(2)} ms`,
        );
      }
    const pgOpenLoop = await openLoopOnOne(configs, profile, log);
    for (const c of configs) {
      c.result.readUnderLoad = latencyOf(underLoad.get(c)!);
      c.result.readAtRest = latencyOf(atRest.get(c)!);
      for (const server of c.servers) await server.stop();
      const verify = Bun.spawnSync([join(c.dir, 'kviz'), 'stats', 'verify'], {
        cwd: c.dir,
        env: { PATH: '/usr/bin:/bin', ...(c.databaseUrl ? { DATABASE_URL: c.databaseUrl } : {}) },
      });
      c.result.countersVerified = verify.exitCode === 0;
      if (!c.result.countersVerified)
        log(`${c.result.name}: kviz stats verify failed:\n${verify.stdout}\n${verify.stderr}`);
    }
    return {
      profile,
      ...(pgOpenLoop ? { pgOpenLoop } : {}),
      readPath: ENGINE_READ_PATH,
      postgresVersion,
      configs: configs.map((c) => c.result),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    for (const c of configs) for (const server of c.servers) server.kill();
    cluster.stop();
  }
}
