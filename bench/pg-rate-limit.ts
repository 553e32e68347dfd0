/**
 * `bun bench/pg-rate-limit.ts`: what a rate limit shared through PostgreSQL
 * would cost a request, against the in-memory limiter the product uses
 * (docs/decisions/023-postgresql.md). The shared form is one upsert of a
 * fixed-window counter per request, its commit asynchronous (a lost window
 * after a crash is harmless); measured interleaved with the in-memory one.
 */
import { createRateLimiter } from '../src/http/rate-limit';
import { startCluster } from '../test/support/postgres';

const ROUNDS = 5;
const REQUESTS = 2_000;
const cluster = await startCluster({ durable: true });
try {
  const sql = new Bun.SQL(cluster.url('postgres'), { max: 1 });
  await sql`CREATE UNLOGGED TABLE rate_windows (key text, window_start bigint, count int NOT NULL, PRIMARY KEY (key, window_start))`;
  const memory = createRateLimiter(1_000_000, 60_000, Date.now);
  const shared = async (key: string) => {
    const window = Math.floor(Date.now() / 60_000);
    await sql.begin(async (tx) => {
      await tx`SET LOCAL synchronous_commit = off`;
      await tx`INSERT INTO rate_windows VALUES (${key}, ${window}, 1) ON CONFLICT (key, window_start) DO UPDATE SET count = rate_windows.count + 1 RETURNING count`;
    });
  };
  const sharedOneStatement = async (key: string) => {
    const window = Math.floor(Date.now() / 60_000);
    await sql`INSERT INTO rate_windows VALUES (${key}, ${window}, 1) ON CONFLICT (key, window_start) DO UPDATE SET count = rate_windows.count + 1 RETURNING count`;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const results = {
    memory: [] as number[],
    sharedAsyncCommit: [] as number[],
    sharedAutocommit: [] as number[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    for (let i = 0; i < REQUESTS; i++) memory.consume(`10.0.${i % 200}.1`);
    results.memory.push(((performance.now() - start) * 1000) / REQUESTS);
    start = performance.now();
    for (let i = 0; i < REQUESTS; i++) await shared(`10.0.${i % 200}.1`);
    results.sharedAsyncCommit.push(((performance.now() - start) * 1000) / REQUESTS);
    start = performance.now();
    for (let i = 0; i < REQUESTS / 10; i++) await sharedOneStatement(`10.0.${i % 200}.1`);
    results.sharedAutocommit.push(((performance.now() - start) * 1000) / (REQUESTS / 10));
  }
  console.log(`rate limit cost per request, µs (median of ${ROUNDS} interleaved rounds; rounds in brackets)`);
  for (const [name, xs] of Object.entries(results))
    console.log(`| ${name} | ${median(xs).toFixed(2)} | (${xs.map((x) => x.toFixed(1)).join(', ')}) |`);
  await sql.close();
} finally {
  cluster.stop();
}
