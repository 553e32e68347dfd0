/**
 * `npm run bench:pg`: submissions per second and read latency of the compiled
 * binary over SQLite (one instance) and over PostgreSQL (one instance, and two
 * instances over one database), loaded by wrk on this machine
 * (docs/decisions/023). The PostgreSQL cluster is a durable throwaway one
 * (fsync on) from Debian's package. Configurations are measured in interleaved
 * rounds, fresh submission bodies each time, so the machine's noise falls on all.
 * `--smoke`: a tiny run that proves the script works.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBinary } from '../test/support/binary';
import { startCluster } from '../test/support/postgres';
import { type BenchServer, startServer, stopAllServers } from './lib/server';
import { prepareSubmissions } from './lib/submit-load';
import { ensureWrk, wrk } from './lib/wrk';

const smoke = process.argv.includes('--smoke');
const ROUNDS = smoke ? 1 : 3;
const SECONDS = smoke ? 1 : 6;
const CONNECTIONS = smoke ? 4 : 20;
const BODIES = smoke ? 100 : 6_000;
const READS = smoke ? 20 : 300;
const log = (message: string) => console.log(`[bench:pg] ${message}`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const overviewOf = async (url: string) =>
  ((await (await fetch(`${url}/api/stats/overview`)).json()) as { totalAttempts: number }).totalAttempts;

interface Config {
  name: string;
  servers: BenchServer[];
}

ensureWrk(log);
const work = mkdtempSync(join(tmpdir(), 'kviz-bench-pg-'));
const cluster = await startCluster({ durable: true });
try {
  const binary = await buildBinary();
  const admin = new Bun.SQL(cluster.url('postgres'), { max: 1 });
  await admin.unsafe('CREATE DATABASE bench_one');
  await admin.unsafe('CREATE DATABASE bench_two');
  await admin.close();
  const dir = (name: string) => {
    const d = join(work, name);
    mkdirSync(d);
    return d;
  };
  const configs: Config[] = [
    { name: 'SQLite, 1 instance', servers: [await startServer(binary, dir('sqlite'))] },
    {
      name: 'PostgreSQL, 1 instance',
      servers: [await startServer(binary, dir('pg-one'), { DATABASE_URL: cluster.url('bench_one') })],
    },
    {
      name: 'PostgreSQL, 2 instances',
      servers: await Promise.all(
        ['pg-two-a', 'pg-two-b'].map((d) =>
          startServer(binary, dir(d), { DATABASE_URL: cluster.url('bench_two') }),
        ),
      ),
    },
  ];
  const results = new Map(
    configs.map((c) => [c.name, { playsPerSecond: [] as number[], readMs: [] as number[] }]),
  );
  for (let round = 0; round < ROUNDS; round++)
    for (const config of round % 2 === 0 ? configs : [...configs].reverse()) {
      const { servers } = config;
      const before = await overviewOf(servers[0]!.url);
      // Each instance gets its own bodies and an equal share of the connections, as behind a balancer.
      const loads = await Promise.all(
        servers.map(async (server, i) => {
          const bodies = await prepareSubmissions(server.url, BODIES / servers.length, 10);
          const file = join(work, `bodies-${round}-${config.servers.length}-${i}.ndjson`);
          writeFileSync(file, `${bodies.join('\n')}\n`);
          return { server, file };
        }),
      );
      const ran = await Promise.all(
        loads.map(({ server, file }) =>
          wrk({
            url: `${server.url}/api/stats/submit-quiz`,
            connections: CONNECTIONS / servers.length,
            duration: SECONDS,
            bodiesFile: file,
          }),
        ),
      );
      const seconds = Math.max(...ran.map((r) => r.seconds));
      await Bun.sleep(1_100); // the other instance's statistics version catches up
      const recorded = (await overviewOf(servers[0]!.url)) - before;
      results.get(config.name)!.playsPerSecond.push(recorded / seconds);
      // An uncached read after each play: the percentile of a score reads the histogram counters.
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const server = servers[i % servers.length]!;
        const started = performance.now();
        await (await fetch(`${server.url}/api/score-percentile/${i % 31}`)).arrayBuffer();
        times.push(performance.now() - started);
      }
      results.get(config.name)!.readMs.push(median(times));
      log(
        `${config.name}: ${Math.round(recorded / seconds)} plays/s, percentile read p50 ${median(times).toFixed(2)} ms`,
      );
    }
  console.log(
    `\n| configuration | submissions (plays/s, median of ${ROUNDS} rounds) | percentile read p50 (ms) |\n|---|---:|---:|`,
  );
  for (const [name, r] of results)
    console.log(
      `| ${name} | ${Math.round(median(r.playsPerSecond))} (${r.playsPerSecond.map(Math.round).join(', ')}) | ${median(r.readMs).toFixed(2)} |`,
    );
  for (const c of configs) for (const s of c.servers) await s.stop();
} finally {
  stopAllServers();
  cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
