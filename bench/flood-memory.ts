/**
 * `bun bench/flood-memory.ts A=<binary> B=<binary>[,NAME=value…] [rounds]`: the memory of compiled binaries
 * under the issue-37 flood (docs/decisions/012): `FLOOD_REQUESTS` generated requests (100,000;
 * the same ones as `test/hostile/fuzz-server.test.ts`), each from its own client address through
 * a trusted proxy, 8 at a time. The versions alternate A, B, B, A, … so both see the same machine
 * at the same moment; each run starts a fresh copy on a fresh database. Per run: the RSS peak
 * (sampled every 100 ms), right after, and `FLOOD_IDLE_SECONDS` (25) later, after the idle tidy;
 * the server's CPU a request; any 5xx. Then the median of each per version.
 * `FLOOD_PRELOAD=<file>` is passed to every server as `BUN_OPTIONS=--preload <file>` (a probe
 * that prints `bun:jsc` heap statistics, say); its output lands in the run's log file, which is
 * kept. `FLOOD_SIGNAL_AFTER=SIGUSR2` sends that signal right after the flood (a probe's cue to
 * write a heap snapshot).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  fetchQuizzes,
  floodAddress,
  type Generated,
  generatedRequests,
  sendGenerated,
} from '../test/hostile/fuzz-requests';
import { cpuSeconds, residentMiB } from './lib/proc';
import { startServer, stopAllServers } from './lib/server';
import { parseVersions } from './lib/versions';

const args = process.argv.slice(2);
// `label=binary,NAME=value,…`: the binary, and settings of its environment for this version.
const parsed = parseVersions(args, 'bun bench/flood-memory.ts A=<binary> B=<binary>[,NAME=value…] [rounds]', {
  settings: true,
});
const versions = parsed.versions.map(({ label, path, env }) => ({ label, binary: path, env }));
const rounds = parsed.numbers[0] ?? 3;
const REQUESTS = Number(process.env.FLOOD_REQUESTS ?? 100_000);
const IDLE_SECONDS = Number(process.env.FLOOD_IDLE_SECONDS ?? 25);
const CONCURRENCY = 8;
const PASSWORD = 'bench-password-1'; // bench/lib/server.ts starts every server with it
const log = (message: string) => console.log(`[flood] ${message}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const rssMiB = (pid: number) => residentMiB(pid).rss;
const cpuMs = (pid: number) => cpuSeconds(pid) * 1000;

interface Run {
  peak: number;
  after: number;
  /** Anonymous memory right after (RSS less the binary's and other files' pages). */
  afterAnon: number;
  idle: number;
  cpuUs: number;
  perSecond: number;
  fiveHundreds: number;
}

async function flood(binary: string, env: Record<string, string>): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-flood-'));
  const preload = process.env.FLOOD_PRELOAD;
  const server = await startServer(binary, dir, {
    RATE_LIMIT_ADMIN_FAILURES: '1000000',
    TRUSTED_PROXIES: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
    ...(preload ? { BUN_OPTIONS: `--preload ${resolve(preload)}` } : {}),
  });
  try {
    // Generated before the flood, so that the client's work during it is only sending.
    const generate = generatedRequests(await fetchQuizzes(server.url), PASSWORD, REQUESTS);
    const requests: Generated[] = Array.from({ length: REQUESTS }, (_, i) => generate(i));
    let next = 0;
    let fiveHundreds = 0;
    const worker = async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        if ((await sendGenerated(server.url, requests[i]!, floodAddress(i))) >= 500) fiveHundreds++;
      }
    };
    let peak = rssMiB(server.pid);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(server.pid));
    }, 100);
    const cpuBefore = cpuMs(server.pid);
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const { rss: after, anon: afterAnon } = residentMiB(server.pid);
    if (process.env.FLOOD_SIGNAL_AFTER) process.kill(server.pid, process.env.FLOOD_SIGNAL_AFTER);
    const cpuUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / REQUESTS;
    await Bun.sleep(IDLE_SECONDS * 1000);
    const idle = rssMiB(server.pid);
    return {
      peak: Math.max(peak, after),
      after,
      afterAnon,
      idle,
      cpuUs,
      perSecond: REQUESTS / seconds,
      fiveHundreds,
    };
  } finally {
    await server.stop();
    if (!preload) rmSync(dir, { recursive: true, force: true });
    else log(`log kept: ${server.logFile}`);
  }
}

const results = new Map<string, Run[]>(versions.map((v) => [v.label, []]));
process.on('SIGINT', () => {
  stopAllServers();
  process.exit(130);
});
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? versions : [...versions].reverse();
    for (const { label, binary, env } of order) {
      const run = await flood(binary, env);
      results.get(label)!.push(run);
      const f = (n: number) => n.toFixed(0);
      log(
        `round ${round + 1} ${label}: peak ${f(run.peak)} MiB, after ${f(run.after)} (anonymous ${f(run.afterAnon)}), idle ${f(run.idle)}; ` +
          `${f(run.cpuUs)} µs CPU a request, ${f(run.perSecond)} req/s, ${run.fiveHundreds} × 5xx`,
      );
    }
  }
} finally {
  stopAllServers();
}
console.log(
  '\nmedians | peak MiB | right after | anonymous right after | idle | server µs a request | req/s | 5xx',
);
for (const [label, runs] of results) {
  const m = (key: keyof Run) => median(runs.map((r) => r[key])).toFixed(0);
  const all = (key: keyof Run) => runs.map((r) => r[key].toFixed(0)).join(' · ');
  console.log(
    `${label} | ${m('peak')} (${all('peak')}) | ${m('after')} (${all('after')}) | ${m('afterAnon')} | ${m('idle')} | ${m('cpuUs')} | ${m('perSecond')} | ${runs.reduce((a, r) => a + r.fiveHundreds, 0)}`,
  );
}
