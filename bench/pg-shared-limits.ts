/**
 * `bun bench/pg-shared-limits.ts`: what the rate limits shared through PostgreSQL
 * (docs/decisions/036) cost a limited request, end to end over loopback: GET /api/quiz (one
 * window) and the submission's two windows measured as the quiz route with and without the
 * shared windows, on two servers over one database of the throwaway test cluster (the table is UNLOGGED: no
 * WAL, so fsync does not enter), interleaved
 * rounds, one request at a time and 8 at once. Short (≈ 10 s): safe on the shared machine.
 */
import { pgMeta } from '../src/storage/pg/meta';
import { createCatalogueDatabase, openPgStores } from '../test/support/engines';
import { buildTestApp } from '../test/support/fixtures';
import { stopSharedCluster } from '../test/support/postgres';

const ROUNDS = 4;
const REQUESTS = 600;
const env = { RATE_LIMIT_QUIZ_PER_MINUTE: '1000000' };

const url = await createCatalogueDatabase();
const servers: Record<string, string> = {};
const closers: (() => Promise<void>)[] = [];
for (const shared of [false, true]) {
  const opened = await openPgStores(url);
  const { app } = await buildTestApp(
    {
      stores: opened.stores,
      index: opened.catalogue,
      meta: pgMeta(opened.db),
      ...(shared ? { limitWindows: opened.limitWindows } : {}),
    },
    { env },
  );
  app.listen({ port: 0, hostname: '127.0.0.1' });
  servers[shared ? 'shared' : 'in process'] = `http://127.0.0.1:${app.server!.port}/api/quiz`;
  closers.push(async () => {
    await app.stop(true);
    await opened.close();
  });
}

const times: Record<string, { one: number[]; eight: number[] }> = {
  'in process': { one: [], eight: [] },
  shared: { one: [], eight: [] },
};
const timed = async (target: string, into: number[]) => {
  const start = performance.now();
  const res = await fetch(target);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${res.status}`);
  into.push(performance.now() - start);
};
for (const target of Object.values(servers)) for (let i = 0; i < 100; i++) await timed(target, []); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? Object.keys(servers) : Object.keys(servers).reverse();
  for (const name of order) {
    for (let i = 0; i < REQUESTS; i++) await timed(servers[name]!, times[name]!.one);
    let next = 0;
    const worker = async () => {
      while (next++ < REQUESTS) await timed(servers[name]!, times[name]!.eight);
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!.toFixed(3);
console.log('GET /api/quiz over loopback, ms (p50 / p99), %d requests each', ROUNDS * REQUESTS);
for (const [name, t] of Object.entries(times))
  console.log(
    `${name.padEnd(10)} one at a time ${pct(t.one, 0.5)} / ${pct(t.one, 0.99)}   8 at once ${pct(t.eight, 0.5)} / ${pct(t.eight, 0.99)}`,
  );
for (const close of closers) await close();
await stopSharedCluster();
process.exit(0);
