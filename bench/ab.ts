/**
 * `bun bench/ab.ts A=<dir> B=<dir> [rounds]`: the quiz and submission loads of `npm run bench`
 * against two versions of the server run from source side by side (each `<dir>` a checkout with
 * its `node_modules`, or a compiled `kviz` binary), alternating A, B, B, A, … so both see the
 * same machine at the same moment. Each server's RSS after the loads is reported too.
 * Prints, per version, the median requests/s of `GET /api/quiz?count=30`, plays/s recorded by
 * `POST /api/stats/submit-quiz`, and the server's and wrk's CPU shares; then the cached reads of
 * `npm run bench` (statistics, percentile, the admin hourly read with its password, the two pages
 * as a browser asks), each with wrk, server CPU µs a request; every server's counters are checked
 * with `kviz stats verify` at the end. `BENCH_SECONDS` sets a run's length (4); `AB_LOADS` picks
 * the loads (`quiz,submit,reads` by default).
 * The quick loop for comparing a change with the code it replaces (docs/performance.md).
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchServer, startServer, stopAllServers } from './lib/server';
import { prepareSubmissions } from './lib/submit-load';
import { parseVersions } from './lib/versions';
import { ensureWrk, type Load, wrk } from './lib/wrk';

const args = process.argv.slice(2);
const parsed = parseVersions(args, 'bun bench/ab.ts A=<dir> B=<dir> [rounds]');
const versions = parsed.versions.map(({ label, path }) => ({ label, dir: path }));
const rounds = parsed.numbers[0] ?? 3;
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = 50;
const loads = new Set((process.env.AB_LOADS ?? 'quiz,submit,reads').split(','));
const admin = { authorization: `Basic ${btoa('admin:bench-password-1')}` };
const browser = { 'accept-encoding': 'gzip, br' };
/** The cached reads: the same paths as `npm run bench` reads one at a time, here under wrk. */
const reads: Record<string, { path: string; headers?: Record<string, string> }> = {
  overview: { path: '/api/stats/overview' },
  songs: { path: '/api/stats/songs' },
  lyrics: { path: '/api/stats/lyrics' },
  percentile: { path: '/api/score-percentile/20' },
  adminHourly: { path: '/api/admin/stats/hourly', headers: admin },
  landing: { path: '/', headers: browser },
  statistics: { path: '/statistics', headers: browser },
};
const work = mkdtempSync(join(tmpdir(), 'kviz-ab-'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const log = (message: string) => console.log(`[ab] ${message}`);

interface Side {
  label: string;
  dir: string;
  server: BenchServer;
  bodies: string[][];
  quiz: Load[];
  submit: (Load & { plays: number })[];
  reads: Record<string, Load[]>;
}

const recorded = async (url: string) =>
  ((await (await fetch(`${url}/api/stats/overview`)).json()) as { totalAttempts: number }).totalAttempts;

async function main() {
  ensureWrk(log);
  const sides: Side[] = [];
  for (const { label, dir } of versions) {
    const data = join(work, label);
    mkdirSync(data);
    // A tiny launcher in place of the binary: the source tree of that version, run by bun (from
    // its own directory, where its bunfig.toml preloads what the source needs), or a binary.
    const launcher = join(data, 'kviz');
    const run = statSync(dir).isFile() ? `exec ${dir}` : `cd ${dir} && exec ${process.execPath} src/main.ts`;
    writeFileSync(launcher, `#!/bin/sh\nexport DATABASE_PATH=${join(data, 'kviz.db')}\n${run} "$@"\n`, {
      mode: 0o755,
    });
    const server = await startServer(launcher, data);
    // More bodies a round than the server can take in it (BENCH_PLAYS_PER_SECOND): each is sent once.
    const perRound = loads.has('submit') ? Number(process.env.BENCH_PLAYS_PER_SECOND ?? 4_000) * seconds : 0;
    log(`${label}: preparing ${perRound * rounds} submissions`);
    const all = await prepareSubmissions(server.url, perRound * rounds);
    const bodies = Array.from({ length: rounds }, (_, r) => all.slice(r * perRound, (r + 1) * perRound));
    sides.push({ label, dir, server, bodies, quiz: [], submit: [], reads: {} });
  }
  // The payload-matched ceiling (bench/lib/ceiling.ts): a bare Bun.serve sending a quiz of the
  // first version byte for byte, loaded in every round with the others.
  const quizBody = join(work, 'quiz.json');
  writeFileSync(
    quizBody,
    new Uint8Array(await (await fetch(`${sides[0]!.server.url}/api/quiz?count=30`)).arrayBuffer()),
  );
  const ceilingServer = Bun.spawn([process.execPath, join(import.meta.dir, 'lib/ceiling.ts'), quizBody], {
    stdout: 'pipe',
  });
  const { value } = await ceilingServer.stdout.getReader().read();
  const ceilingUrl = `${new TextDecoder().decode(value).trim()}/sized`;
  const ceiling: Load[] = [];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? sides : [...sides].reverse();
    ceiling.push(
      await wrk({ url: ceilingUrl, connections, duration: seconds, serverPid: ceilingServer.pid }),
    );
    log(
      `round ${r + 1} ceiling: ${ceiling[r]!.requestsPerSecond.toFixed(0)} req/s (server ${(ceiling[r]!.serverCpu! * 100).toFixed(0)} %, ${ceiling[r]!.serverCpuUsPerRequest!.toFixed(0)} µs/req, wrk ${(ceiling[r]!.generatorCpu * 100).toFixed(0)} %)`,
    );
    for (const side of loads.has('quiz') ? order : []) {
      const { server } = side;
      side.quiz.push(
        await wrk({
          url: `${server.url}/api/quiz?count=30`,
          connections,
          duration: seconds,
          serverPid: server.pid,
        }),
      );
    }
    for (const side of loads.has('submit') ? order : []) {
      const { server } = side;
      const file = join(work, `${side.label}-${r}.ndjson`);
      writeFileSync(file, `${side.bodies[r]!.join('\n')}\n`);
      const before = await recorded(server.url);
      const load = await wrk({
        url: `${server.url}/api/stats/submit-quiz`,
        connections,
        duration: seconds,
        bodiesFile: file,
        serverPid: server.pid,
      });
      side.submit.push({ ...load, plays: (await recorded(server.url)) - before });
    }
    for (const [name, { path, headers }] of loads.has('reads') ? Object.entries(reads) : [])
      for (const side of order) {
        const load = await wrk({
          url: `${side.server.url}${path}`,
          connections,
          duration: seconds,
          headers,
          serverPid: side.server.pid,
        });
        if (load.non2xx > 0) throw new Error(`${side.label} ${path}: ${load.non2xx} answers not 2xx`);
        side.reads[name] = [...(side.reads[name] ?? []), load];
        log(
          `round ${r + 1} ${side.label}: ${name} ${load.requestsPerSecond.toFixed(0)} req/s (server ${(load.serverCpu! * 100).toFixed(0)} %, ${load.serverCpuUsPerRequest!.toFixed(1)} µs/req, wrk ${(load.generatorCpu * 100).toFixed(0)} %)`,
        );
      }
    for (const side of loads.has('quiz') && loads.has('submit') ? sides : [])
      log(
        `round ${r + 1} ${side.label}: quiz ${side.quiz[r]!.requestsPerSecond.toFixed(0)} req/s ` +
          `(server ${(side.quiz[r]!.serverCpu! * 100).toFixed(0)} %, ${side.quiz[r]!.serverCpuUsPerRequest!.toFixed(0)} µs/req, wrk ${(side.quiz[r]!.generatorCpu * 100).toFixed(0)} %); ` +
          `submit ${(side.submit[r]!.plays / side.submit[r]!.seconds).toFixed(0)} plays/s ` +
          `(server ${(side.submit[r]!.serverCpu! * 100).toFixed(0)} %, ${((side.submit[r]!.serverCpu! * side.submit[r]!.seconds * 1e6) / side.submit[r]!.plays).toFixed(0)} µs/play, wrk ${(side.submit[r]!.generatorCpu * 100).toFixed(0)} %, non-2xx ${side.submit[r]!.non2xx})`,
      );
  }
  ceilingServer.kill();
  const summary: Record<string, unknown> = {
    ceiling: {
      rps: median(ceiling.map((l) => l.requestsPerSecond)),
      serverCpu: median(ceiling.map((l) => l.serverCpu!)),
      serverUsPerRequest: median(ceiling.map((l) => l.serverCpuUsPerRequest!)),
      wrkCpu: median(ceiling.map((l) => l.generatorCpu)),
    },
  };
  for (const side of sides) {
    const rssAfterLoadsMiB = side.server.rssMiB();
    log(`${side.label}: RSS after the loads ${rssAfterLoadsMiB.toFixed(1)} MiB`);
    await side.server.stop();
    const verify = Bun.spawnSync([join(work, side.label, 'kviz'), 'stats', 'verify'], {
      cwd: join(work, side.label),
      env: { PATH: '/usr/bin:/bin' },
    });
    summary[side.label] = {
      quizRps: median(side.quiz.map((l) => l.requestsPerSecond)),
      // Each round's quiz rate over that round's ceiling.
      quizVsCeiling: median(side.quiz.map((l, r) => l.requestsPerSecond / ceiling[r]!.requestsPerSecond)),
      quizServerCpu: median(side.quiz.map((l) => l.serverCpu!)),
      quizServerUsPerRequest: median(side.quiz.map((l) => l.serverCpuUsPerRequest!)),
      quizWrkCpu: median(side.quiz.map((l) => l.generatorCpu)),
      quizP99Ms: median(side.quiz.map((l) => l.latencyP99Ms)),
      playsPerSecond: median(side.submit.map((l) => l.plays / l.seconds)),
      submitServerCpu: median(side.submit.map((l) => l.serverCpu!)),
      submitWrkCpu: median(side.submit.map((l) => l.generatorCpu)),
      submitP99Ms: median(side.submit.map((l) => l.latencyP99Ms)),
      countersVerified: verify.exitCode === 0,
      rssAfterLoadsMiB,
      reads: Object.fromEntries(
        Object.entries(side.reads).map(([name, runs]) => [
          name,
          {
            rps: median(runs.map((l) => l.requestsPerSecond)),
            serverUsPerRequest: median(runs.map((l) => l.serverCpuUsPerRequest!)),
            p99Ms: median(runs.map((l) => l.latencyP99Ms)),
          },
        ]),
      ),
    };
  }
  console.log(JSON.stringify({ date: new Date().toISOString(), rounds, seconds, summary }, null, 2));
}

try {
  await main();
} finally {
  stopAllServers();
  rmSync(work, { recursive: true, force: true });
}
