/**
 * `bun bench/latency.ts A=<kviz binary> B=<kviz binary> [plays/s] [seconds] [rounds]`: the
 * latency-under-load section of `npm run bench` alone (docs/decisions/029, 035), for comparing
 * two builds on a shared machine in the same minute: each round runs A then B, the next B then A,
 * each on a fresh server (empty database, its event-loop probe on) at one arrival rate (1,000
 * plays/s by default) for `seconds` (8). Prints per version: submit p50/p99, the overview and
 * page readers' p50/p99/max, the server's event-loop delay (worst window p99, max), its RSS after
 * the run, and whether `kviz stats verify` agreed afterwards.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLoop } from './lib/open-loop';
import { startServer, stopAllServers } from './lib/server';
import { prepareSubmissions } from './lib/submit-load';
import { parseVersions } from './lib/versions';

const args = process.argv.slice(2);
const parsed = parseVersions(
  args,
  'bun bench/latency.ts A=<kviz binary> [B=<kviz binary>] [plays/s] [seconds] [rounds]',
);
const versions = parsed.versions.map(({ label, path }) => ({ label, binary: path }));
const [rate = 1_000, seconds = 8, rounds = 1] = parsed.numbers;

const work = mkdtempSync(join(tmpdir(), 'kviz-latency-'));
const line = (label: string, r: Awaited<ReturnType<typeof openLoop>>, rss: number, verified: boolean) =>
  `${label.padEnd(6)} submit p50/p99 ${r.submit.p50Ms}/${r.submit.p99Ms} ms (${r.submit.failed} failed)` +
  ` | overview p50/p99/max ${r.overview.p50Ms}/${r.overview.p99Ms}/${r.overview.maxMs}` +
  ` | page p50/p99/max ${r.page.p50Ms}/${r.page.p99Ms}/${r.page.maxMs}` +
  ` | loop p99/max ${r.eventLoop?.p99Ms ?? '?'}/${r.eventLoop?.maxMs ?? '?'} ms | RSS ${rss.toFixed(0)} MiB | verify ${verified ? 'ok' : 'FAILED'}`;

try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? versions : [...versions].reverse();
    for (const { label, binary } of order) {
      const dir = join(work, `${label}-${round}`);
      mkdirSync(dir);
      const server = await startServer(binary, dir, { LOG_LEVEL: 'debug' });
      const bodies = await prepareSubmissions(server.url, rate * seconds);
      const run = await openLoop({ url: server.url, bodies, rate, seconds, serverLog: server.logFile });
      const rss = server.rssMiB();
      await server.stop();
      const verify = Bun.spawnSync([join(dir, 'kviz'), 'stats', 'verify'], {
        cwd: dir,
        env: { PATH: '/usr/bin:/bin' },
      });
      console.log(
        `${new Date().toISOString().slice(11, 19)} ${rate}/s ${line(label, run, rss, verify.exitCode === 0)}`,
      );
    }
  }
} finally {
  stopAllServers();
  rmSync(work, { recursive: true, force: true });
}
