/**
 * Statistics reads on a filled database, in process and uncached (the cost the
 * server pays once per statistics version), and the GROUP BY recompute of the
 * same figures from the raw answers. Usage: bun bench/lib/read-latency.ts DB_PATH SAMPLES
 */
import { closeDb, createDb } from '../../src/db/client';
import { createStatsReader } from '../../src/stats/read';

const [path, samplesArg] = process.argv.slice(2);
const samples = Number(samplesArg ?? 50);
const db = createDb(path!);
const stats = createStatsReader(db);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
function timeIt(fn: () => unknown, n: number): number {
  fn(); // warm-up: first use of the statement, pages into the cache
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

const reads = {
  overview: () => stats.getOverview(),
  songs: () => stats.getSongStats(),
  lyrics: () => stats.getLyricStats(),
  percentile: () => stats.getPercentile(20),
  hourly: () => stats.getHourly(),
};
const uncachedMs = Object.fromEntries(Object.entries(reads).map(([name, fn]) => [name, timeIt(fn, samples)]));

// The same figures recomputed from the raw record (what a naive design would run per request).
const sqlite = db.$client;
const recomputeMs = {
  overview: timeIt(
    () =>
      sqlite.query('SELECT count(*), avg(score) FROM plays').get() &&
      sqlite.query('SELECT count(*), sum(is_correct) FROM play_answers').get(),
    2,
  ),
  lyrics: timeIt(
    () =>
      sqlite.query('SELECT lyric_id, count(*), sum(is_correct) FROM play_answers GROUP BY lyric_id').all(),
    2,
  ),
  songs: timeIt(
    () => sqlite.query('SELECT song_id, count(*), sum(is_correct) FROM play_answers GROUP BY song_id').all(),
    2,
  ),
  percentile: timeIt(
    () => sqlite.query('SELECT count(*) FILTER (WHERE score < 20), count(*) FROM plays').get(),
    2,
  ),
  hourly: timeIt(
    () => sqlite.query('SELECT hour, count(*), count(DISTINCT player_id) FROM plays GROUP BY hour').all(),
    2,
  ),
};
closeDb(db);
console.log(JSON.stringify({ uncachedMs, recomputeMs }));
