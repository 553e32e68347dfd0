/**
 * `npm run bench`: every hot path measured against this machine's ceiling (a
 * bare Bun.serve) and against the naive design, side by side in one run,
 * loopback only, bounded in time and connections, loaded by wrk (installed from
 * Debian when missing), then SQLite against PostgreSQL with one and with two
 * instances (bench/lib/engines.ts, on a throwaway cluster). Writes
 * bench/results/latest.json and the tables in docs/performance.md.
 *
 * `--smoke`: a tiny load that only proves the script runs (used by the test suite);
 * its results go to a temporary directory and no document is touched.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ENGINE_PROFILES, measureEngines } from './lib/engines';
import { type LiveScenario, liveServerEnv, measureLiveGame } from './lib/live-game';
import { openLoop } from './lib/open-loop';
import { pageWeights, weighedPages } from './lib/page-weight';
import { type Results, renderPerformanceDoc, spliceResults } from './lib/report';
import { type BenchServer, pinToCpu, startServer, startTwice, stopAllServers } from './lib/server';
import { prepareSubmissions } from './lib/submit-load';
import { ensureWrk, type Load, wrk } from './lib/wrk';

const root = resolve(import.meta.dir, '..');
const smoke = process.argv.includes('--smoke');
const profile = smoke
  ? {
      duration: 1,
      connections: 10,
      submissions: 200,
      small: 100,
      large: 1_000,
      readSamples: 20,
      openLoopSeconds: 1,
    }
  : {
      duration: 8,
      connections: 50,
      submissions: 120_000,
      small: 1_000,
      large: 1_000_000,
      readSamples: 500,
      openLoopSeconds: 8,
    };
/** The arrival rates of the latency-under-load section, plays/s. */
const openLoopRates = smoke ? [50] : [200, 1_000, 3_000];
const work = mkdtempSync(join(tmpdir(), 'kviz-bench-'));
/** Everything this run started, stopped whatever happens: an orphan would hold the terminal's pipe open. */
const children: { kill(): void }[] = [];
const track = <T extends { kill(): void }>(child: T): T => {
  children.push(child);
  return child;
};
const log = (message: string) => console.log(`[bench] ${message}`);

function run(command: string[], cwd = root): string {
  const result = Bun.spawnSync(command, {
    cwd,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.exitCode !== 0)
    throw new Error(`${command.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout.toString();
}

/** A wrk load on `url`; the server's pid, when given, has its CPU time measured around the run. */
function load(options: {
  url: string;
  headers?: Record<string, string>;
  bodiesFile?: string;
  serverPid?: number;
}): Promise<Load> {
  return wrk({
    connections: profile.connections,
    duration: profile.duration,
    ...options,
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} → ${response.status}`);
  return performance.now() - started;
}

/**
 * Median latency (ms) of the same read on two servers, requests alternating
 * between them after a warm-up, so both see the same machine at the same moment.
 */
async function latencySideBySide(
  urls: [string, string],
  samples: number,
  headers: Record<string, string>,
): Promise<[number, number]> {
  for (const url of urls) await timedGet(url, headers);
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < samples; i++)
    for (const side of [0, 1] as const) times[side].push(await timedGet(urls[side], headers));
  return [median(times[0]), median(times[1])];
}

const admin = { authorization: `Basic ${btoa('admin:bench-password-1')}` };
const readPaths = {
  overview: '/api/stats/overview',
  songs: '/api/stats/songs',
  lyrics: '/api/stats/lyrics',
  percentile: '/api/score-percentile/20',
  hourly: '/api/admin/stats/hourly',
};

/** A database filled with `plays` plays, and the in-process read and recompute timings on it. */
function filledDatabase(plays: number) {
  const dir = join(work, `fill-${plays}`);
  mkdirSync(join(dir, 'data'), { recursive: true });
  const dbPath = join(dir, 'data/kviz.db');
  log(`filling a database with ${plays.toLocaleString('en')} plays through the recording code…`);
  const fill = JSON.parse(
    run(['node_modules/.bin/bun', 'bench/lib/fill.ts', dbPath, String(plays)]).trim(),
  ) as { seconds: number };
  run(['sync']); // let the kernel write the fill out before anything is timed
  const inProcess = JSON.parse(
    run(['node_modules/.bin/bun', 'bench/lib/read-latency.ts', dbPath, String(profile.readSamples)]).trim(),
  ) as {
    uncachedMs: Record<string, number>;
    recomputeMs: Record<string, number>;
    rangeMs: Record<string, number>;
    yearPlays: number;
    storage: Results['stats']['large']['storage'];
  };
  return { dir, plays, fillSeconds: fill.seconds, dbMiB: statSync(dbPath).size / 1024 / 1024, ...inProcess };
}

/** The statistics reads over HTTP at two sizes, side by side. */
async function statsAtTwoSizes(binary: string) {
  const small = filledDatabase(profile.small);
  const large = filledDatabase(profile.large);
  const servers = [await startServer(binary, small.dir), await startServer(binary, large.dir)] as const;
  // Both on the last CPU, so neither is favoured by where it sits relative to this client.
  const pinned = servers.every((server) => pinToCpu(server.pid, navigator.hardwareConcurrency - 1));
  const httpMs: [Record<string, number>, Record<string, number>] = [{}, {}];
  for (const [name, path] of Object.entries(readPaths)) {
    const [a, b] = await latencySideBySide(
      [`${servers[0].url}${path}`, `${servers[1].url}${path}`],
      profile.readSamples,
      admin,
    );
    httpMs[0][name] = a;
    httpMs[1][name] = b;
  }
  for (const server of servers) await server.stop();
  const strip = ({ dir: _, ...rest }: typeof small) => rest;
  return {
    small: { ...strip(small), httpMs: httpMs[0], pinned },
    large: { ...strip(large), httpMs: httpMs[1], pinned },
  };
}

async function main() {
  const started = performance.now();
  log(`work directory ${work}`);
  ensureWrk(log);
  const binary = join(work, 'kviz');
  run(['node_modules/.bin/bun', 'build.ts', binary]);
  const binaryMiB = statSync(binary).size / 1024 / 1024;

  log('start to first 200: 5 fresh databases, then 5 starts on an existing one');
  const freshStarts: number[] = [];
  const existingStarts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const startDir = join(work, `start-${i}`);
    mkdirSync(startDir);
    const { freshMs, existingMs } = await startTwice(binary, startDir);
    freshStarts.push(freshMs);
    existingStarts.push(existingMs);
  }

  const dir = join(work, 'server');
  mkdirSync(dir);
  const server: BenchServer = await startServer(binary, dir);

  // The ceiling answers a real quiz of this server, byte for byte: a payload-matched comparison.
  const quizBody = join(work, 'quiz.json');
  writeFileSync(
    quizBody,
    new Uint8Array(await (await fetch(`${server.url}/api/quiz?count=30`)).arrayBuffer()),
  );
  log('ceiling: a bare Bun.serve answering a tiny JSON body, then a pre-made quiz of this server');
  const ceilingServer = track(
    Bun.spawn(['node_modules/.bin/bun', 'bench/lib/ceiling.ts', quizBody], { cwd: root, stdout: 'pipe' }),
  );
  // It prints its URL once listening; read that first chunk, not the whole (endless) stream.
  const { value } = await ceilingServer.stdout.getReader().read();
  const ceilingUrl = new TextDecoder().decode(value).trim();
  const ceiling = await load({ url: ceilingUrl, serverPid: ceilingServer.pid });
  const ceilingSized = await load({ url: `${ceilingUrl}/sized`, serverPid: ceilingServer.pid });
  ceilingServer.kill();

  log('GET /api/quiz?count=30');
  const quiz = await load({ url: `${server.url}/api/quiz?count=30`, serverPid: server.pid });
  log('GET /api/daily');
  const daily = await load({ url: `${server.url}/api/daily`, serverPid: server.pid });

  // Each body is sent once, for the run's duration; more bodies than the server can take in it are
  // prepared, and the report says so when they ran out first (the rate is then a lower bound).
  log(`POST /api/stats/submit-quiz: up to ${profile.submissions} plays with tokens fetched beforehand`);
  const bodies = await prepareSubmissions(server.url, profile.submissions);
  const bodiesFile = join(work, 'bodies.ndjson');
  writeFileSync(bodiesFile, `${bodies.join('\n')}\n`);
  const submit = await load({
    url: `${server.url}/api/stats/submit-quiz`,
    bodiesFile,
    serverPid: server.pid,
  });
  const verify = Bun.spawnSync([join(dir, 'kviz'), 'stats', 'verify'], {
    cwd: dir,
    env: { PATH: '/usr/bin:/bin' },
  });
  const countersVerified = verify.exitCode === 0;
  const recorded = (await (await fetch(`${server.url}/api/stats/overview`)).json()) as {
    totalAttempts: number;
  };

  log('pages / and /statistics, as a browser asks (Accept-Encoding: gzip, br), and without compression');
  const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };
  const landing = await load({ url: `${server.url}/`, headers: browserHeaders, serverPid: server.pid });
  const statisticsPage = await load({
    url: `${server.url}/statistics`,
    headers: browserHeaders,
    serverPid: server.pid,
  });
  const landingRaw = await load({ url: `${server.url}/`, serverPid: server.pid });
  const statisticsPageRaw = await load({ url: `${server.url}/statistics`, serverPid: server.pid });
  const afterLoad = server.residentMiB();
  // Most of that is the loads' garbage and what the allocators keep of it: the same server
  // again once it has been idle a few seconds, past its tidy 10–11 s after a burst
  // (src/http/idle-tidy.ts; docs/performance.md, "Where the memory goes").
  const idleMs = smoke ? 100 : 12_000;
  await Bun.sleep(idleMs);
  const idle = server.residentMiB();
  const pageHtml: Record<string, string> = {};
  for (const page of weighedPages) pageHtml[page] = await (await fetch(`${server.url}${page}`)).text();
  await server.stop();

  const latencyUnderLoad = await measureLatencyUnderLoad(binary);

  const liveGame = await measureLiveGames(binary);

  const { small, large } = await statsAtTwoSizes(binary);

  log('SQLite vs PostgreSQL, one and two instances: submissions and a read, interleaved rounds');
  const engines = await measureEngines({
    binary,
    work,
    profile: smoke ? ENGINE_PROFILES.smoke : ENGINE_PROFILES.full,
    log,
  });

  const results: Results = {
    date: new Date().toISOString(),
    command: smoke ? 'bun bench/run.ts --smoke' : 'npm run bench',
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', bun: Bun.version },
    profile,
    binaryMiB,
    firstStartFreshMs: median(freshStarts),
    firstStartExistingMs: median(existingStarts),
    starts: { freshMs: freshStarts, existingMs: existingStarts },
    rssAfterLoadMiB: afterLoad.rss,
    residentAfterLoadMiB: afterLoad,
    rssIdleMiB: idle.rss,
    residentIdleMiB: idle,
    rssIdleAfterMs: idleMs,
    ceiling,
    ceilingSized,
    quiz,
    daily,
    submit: {
      ...submit,
      // Plays recorded by the server: bodies sent again once all were sent record nothing.
      playsPerSecond: recorded.totalAttempts / submit.seconds,
      bodiesRanOut: recorded.totalAttempts >= profile.submissions - profile.connections,
      countersVerified,
      recorded: recorded.totalAttempts,
    },
    quizBytes: statSync(quizBody).size,
    landing,
    statisticsPage,
    landingRaw,
    statisticsPageRaw,
    pageWeights: pageWeights(join(root, 'dist/client'), pageHtml),
    stats: { small, large },
    engines,
    latencyUnderLoad: latencyUnderLoad.runs,
    latencyCountersVerified: latencyUnderLoad.countersVerified,
    liveGame,
    seconds: (performance.now() - started) / 1000,
  };
  const outDir = smoke ? work : join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  const doc = renderPerformanceDoc(results);
  const docPath = join(root, 'docs/performance.md');
  if (smoke) writeFileSync(join(work, 'performance.md'), doc);
  else writeFileSync(docPath, existsSync(docPath) ? spliceResults(readFileSync(docPath, 'utf8'), doc) : doc);
  console.log(doc.split('<!-- results -->')[1] ?? doc);
  log(`done in ${results.seconds.toFixed(0)} s; results in ${join(outDir, 'latest.json')}`);
  return results;
}

/**
 * Latency under load: a server of its own (an empty database, its event-loop probe on), each
 * rate for the profile's seconds with fresh plays, then its counters verified.
 */
async function measureLatencyUnderLoad(binary: string) {
  const dir = join(work, 'open-loop');
  mkdirSync(dir);
  const server = await startServer(binary, dir, { LOG_LEVEL: 'debug' });
  const runs = [];
  for (const rate of openLoopRates) {
    log(`latency under load: ${rate} plays/s open loop for ${profile.openLoopSeconds} s, readers every 5 ms`);
    const bodies = await prepareSubmissions(server.url, rate * profile.openLoopSeconds);
    const run = await openLoop({
      url: server.url,
      bodies,
      rate,
      seconds: profile.openLoopSeconds,
      serverLog: server.logFile,
    });
    runs.push({ ...run, rssAfterMiB: server.rssMiB() });
  }
  await server.stop();
  const verify = Bun.spawnSync([join(dir, 'kviz'), 'stats', 'verify'], {
    cwd: dir,
    env: { PATH: '/usr/bin:/bin' },
  });
  return { runs, countersVerified: verify.exitCode === 0 };
}

/**
 * Kviz uživo at the targets (5,000 players in one room, then 200 rooms × 10 at once), each
 * on a server of its own, two lines of 10 s (one in the smoke run); bench/lib/live-game.ts says
 * what is measured. About 35 s a scenario.
 */
async function measureLiveGames(binary: string) {
  const scenarios: LiveScenario[] = smoke
    ? [
        { name: 'one room', rooms: 1, size: 20 },
        { name: 'many rooms', rooms: 3, size: 5 },
      ]
    : [
        { name: 'one room', rooms: 1, size: 5_000 },
        { name: 'many rooms', rooms: 200, size: 10 },
      ];
  const reports = [];
  for (const scenario of scenarios) {
    log(`Kviz uživo: ${scenario.rooms} room(s) × ${scenario.size} players`);
    const dir = join(work, `live-${scenario.rooms}-${scenario.size}`);
    mkdirSync(dir);
    reports.push(
      await measureLiveGame({
        start: async () => {
          const server = await startServer(binary, dir, liveServerEnv([scenario]));
          return {
            url: `${server.url.replace(/^http/, 'ws')}/api/uzivo/ws`,
            pid: server.pid,
            stop: server.stop,
          };
        },
        scenario,
        lines: smoke ? 1 : 2,
        seconds: 10,
        generators: 2,
        log,
      }),
    );
  }
  return reports;
}

let finished = false;
try {
  const results = await main();
  finished = true;
  if (
    !results.submit.countersVerified ||
    !results.latencyCountersVerified ||
    results.engines.configs.some((c) => !c.countersVerified)
  )
    process.exitCode = 1;
} finally {
  for (const child of children) child.kill();
  stopAllServers();
  // The work directory holds a copy of the binary per server (~1.6 GB in all). A smoke run that
  // finished keeps it for its test to read (test/bench-smoke.test.ts removes it).
  if (!smoke || !finished) rmSync(work, { recursive: true, force: true });
}
