/**
 * Statistics reads on a filled database, in process and uncached (the cost the
 * server pays once per statistics version), and the GROUP BY recompute of the
 * same figures from the raw answers. Usage: bun bench/lib/read-latency.ts DB_PATH SAMPLES
 */
import { closeDb, createDb } from '../../src/db/client';
import { percentileOf } from '../../src/stats/percentile';
import { createCounterCheck } from '../../src/stats/sqlite/counter-check';
import { createSqliteStatsStore } from '../../src/stats/sqlite/stats-store';

const [path, samplesArg] = process.argv.slice(2);
const samples = Number(samplesArg ?? 50);
const db = createDb(path!);
const stats = createSqliteStatsStore(db, () => 0);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timeIt(fn: () => unknown, n: number): Promise<number> {
  await fn(); // warm-up: first use of the statement, pages into the cache
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

const reads = {
  overview: () => stats.getOverview(),
  songs: () => stats.getSongStats(),
  lyrics: () => stats.getLyricStats(),
  percentile: async () => percentileOf(20, await stats.getScoreHistogram()),
  hourly: () => stats.getHourly(),
};
const uncachedMs: Record<string, number> = {};
for (const [name, fn] of Object.entries(reads)) uncachedMs[name] = await timeIt(fn, samples);

// The same figures recomputed from the raw record (what a naive design would run per request): every
// play decoded once, all counters at a time, so each read is charged the whole recompute.
const check = createCounterCheck(db);
const fullRecomputeMs = await timeIt(() => check.recompute(), 1);
const recomputeMs = Object.fromEntries(Object.keys(reads).map((name) => [name, fullRecomputeMs]));
closeDb(db);
console.log(JSON.stringify({ uncachedMs, recomputeMs }));
