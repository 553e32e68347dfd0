/**
 * `bun bench/quiz-ab.ts A=<dir> B=<dir>[,KEY=value…] [rounds]`: `GET /api/quiz?count=30` of two
 * or more source trees (each `<dir>` a checkout with its `node_modules`; `,KEY=value` adds
 * environment variables to that server) against the payload-matched ceiling
 * (bench/lib/ceiling.ts, a quiz of the first tree byte for byte), from source with
 * NODE_ENV=production. wrk, one thread, 50 connections, `BENCH_SECONDS` a load (4); every round
 * loads the ceiling first and the trees in an order reversed every other round. Prints the
 * medians over the rounds of each round's ratio to that round's ceiling, the server's CPU time
 * per request (the steadier figure on a shared machine) and the server's and wrk's CPU shares.
 * The quiz half of bench/ab.ts, without submissions: the quick A/B of docs/decisions/026.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, stopAllServers } from './lib/server';
import { ensureWrk, type Load, wrk } from './lib/wrk';

const args = process.argv.slice(2);
const trees = args
  .filter((a) => a.includes('='))
  .map((a) => {
    const [label, rest] = [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)];
    const [dir, ...vars] = rest.split(',');
    const env = Object.fromEntries(
      vars.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]),
    );
    return { label, dir: resolve(dir!), env };
  });
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
if (trees.length === 0) throw new Error('usage: bun bench/quiz-ab.ts A=<dir> B=<dir>[,KEY=value] [rounds]');
const say = (message: string) => console.log(`[quiz-ab] ${message}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

ensureWrk(say);
const work = mkdtempSync(join(tmpdir(), 'kviz-quiz-ab-'));
try {
  const targets: { name: string; url: string; pid: number }[] = [];
  for (const { label, dir, env } of trees) {
    const data = join(work, label);
    mkdirSync(data);
    const launcher = join(data, 'launch');
    // Run from its own directory, where its bunfig.toml preloads what the source needs.
    writeFileSync(
      launcher,
      `#!/bin/sh\ncd ${dir} && NODE_ENV=production DATABASE_PATH=${join(data, 'kviz.db')} exec ${process.execPath} src/main.ts "$@"\n`,
      { mode: 0o755 },
    );
    const server = await startServer(launcher, data, env);
    targets.push({ name: label, url: `${server.url}/api/quiz?count=30`, pid: server.pid });
  }
  const body = join(work, 'quiz.json');
  writeFileSync(body, new Uint8Array(await (await fetch(targets[0]!.url)).arrayBuffer()));
  const ceilingProc = Bun.spawn([process.execPath, join(import.meta.dir, 'lib/ceiling.ts'), body], {
    stdout: 'pipe',
  });
  const { value } = await ceilingProc.stdout.getReader().read();
  const ceiling = {
    name: 'ceiling',
    url: `${new TextDecoder().decode(value).trim()}/sized`,
    pid: ceilingProc.pid,
  };
  const loads = new Map<string, Load[]>([ceiling, ...targets].map((t) => [t.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const t of [ceiling, ...(r % 2 === 0 ? targets : [...targets].reverse())]) {
      const load = await wrk({ url: t.url, connections: 50, duration: seconds, serverPid: t.pid });
      loads.get(t.name)!.push(load);
      say(
        `round ${r + 1} ${t.name}: ${load.requestsPerSecond.toFixed(0)} req/s, server ${(load.serverCpu! * 100).toFixed(0)} % ` +
          `(${load.serverCpuUsPerRequest!.toFixed(1)} µs/req), wrk ${(load.generatorCpu * 100).toFixed(0)} %, ` +
          `p99 ${load.latencyP99Ms.toFixed(2)} ms, non-2xx ${load.non2xx}`,
      );
    }
  }
  ceilingProc.kill();
  const base = loads.get('ceiling')!;
  const summary = [ceiling, ...targets].map((t) => {
    const ls = loads.get(t.name)!;
    return {
      target: t.name,
      rps: Math.round(median(ls.map((l) => l.requestsPerSecond))),
      vsCeiling: Number(
        median(ls.map((l, i) => l.requestsPerSecond / base[i]!.requestsPerSecond)).toFixed(3),
      ),
      serverUsPerRequest: Number(median(ls.map((l) => l.serverCpuUsPerRequest!)).toFixed(1)),
      serverCpu: Number(median(ls.map((l) => l.serverCpu!)).toFixed(2)),
      wrkCpu: Number(median(ls.map((l) => l.generatorCpu)).toFixed(2)),
      p50Ms: Number(median(ls.map((l) => l.latencyP50Ms)).toFixed(2)),
      p99Ms: Number(median(ls.map((l) => l.latencyP99Ms)).toFixed(2)),
    };
  });
  console.table(summary);
  console.log(JSON.stringify({ date: new Date().toISOString(), rounds, seconds, summary }));
} finally {
  stopAllServers();
  rmSync(work, { recursive: true, force: true });
}
