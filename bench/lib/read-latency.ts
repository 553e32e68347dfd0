/**
 * Statistics reads on a filled database, in process and uncached (the cost the
 * server pays once per statistics version), the recompute of the same figures
 * from the raw record, the date-range reads (a day and a year), and the bytes the
 * database spends per play. Usage: bun bench/lib/read-latency.ts DB_PATH SAMPLES
 */

import {
  getDailySeries,
  getLineConfusions,
  getRangeCounts,
  getRangeSummary,
  getScoreDistribution,
  getSongConfusions,
  getTopConfusions,
} from '../../src/ranges/range-reads';
import { percentileOf } from '../../src/stats/percentile';
import { closeDb, createSqliteDb } from '../../src/storage/sqlite/client';
import { createSqliteCounterCheck } from '../../src/storage/sqlite/counter-check';
import { createSqliteStatsStore } from '../../src/storage/sqlite/stats-store';

const [path, samplesArg] = process.argv.slice(2);
const samples = Number(samplesArg ?? 50);
const db = createSqliteDb(path!);
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
const check = createSqliteCounterCheck(db);
const fullRecomputeMs = await timeIt(() => check.recompute(), 1);
const recomputeMs = Object.fromEntries(Object.keys(reads).map((name) => [name, fullRecomputeMs]));

// Date ranges: the fill spreads its plays over 400 days from 2025-01-01, so a year is full.
const lastDay = '2025-12-31';
const oneDay = { from: lastDay, to: lastDay };
const year = { from: '2025-01-01', to: lastDay };
// The line and song with the most wrong picks: the largest confusion reads of one line or song.
const busiestLine = (
  db.$client
    .query('SELECT lyric_id AS id FROM lyric_confusions GROUP BY lyric_id ORDER BY count(*) DESC LIMIT 1')
    .get() as { id: number } | null
)?.id;
const busiestSong = (
  db.$client
    .query('SELECT song_id AS id FROM song_confusions GROUP BY song_id ORDER BY count(*) DESC LIMIT 1')
    .get() as { id: number } | null
)?.id;
const rangeMs = {
  countsDay: await timeIt(() => getRangeCounts(stats, oneDay), samples),
  countsYear: await timeIt(() => getRangeCounts(stats, year), samples),
  // getRangeCounts plus the distinct players (COUNT(DISTINCT) over the range's day_players rows).
  summaryDay: await timeIt(() => getRangeSummary(stats, oneDay), samples),
  summaryYear: await timeIt(() => getRangeSummary(stats, year), samples),
  distinctPlayersDay: await timeIt(() => stats.getDistinctPlayers(oneDay.from, oneDay.to), samples),
  distinctPlayersYear: await timeIt(() => stats.getDistinctPlayers(year.from, year.to), samples),
  // Confusions (docs/decisions/024): all time, and of a day and a year from cumulative_confusions.
  confusionsTopAllTime: await timeIt(() => getTopConfusions(stats, 100), samples),
  confusionsTopDay: await timeIt(() => getTopConfusions(stats, 100, oneDay), samples),
  confusionsTopYear: await timeIt(() => getTopConfusions(stats, 100, year), samples),
  confusionsLineDay: await timeIt(() => getLineConfusions(stats, busiestLine ?? 1, 10, oneDay), samples),
  confusionsLineYear: await timeIt(() => getLineConfusions(stats, busiestLine ?? 1, 10, year), samples),
  confusionsSongDay: await timeIt(() => getSongConfusions(stats, busiestSong ?? 1, 10, oneDay), samples),
  confusionsSongYear: await timeIt(() => getSongConfusions(stats, busiestSong ?? 1, 10, year), samples),
  distributionDay: await timeIt(() => getScoreDistribution(stats, oneDay), samples),
  distributionYear: await timeIt(() => getScoreDistribution(stats, year), samples),
  seriesYear: await timeIt(() => getDailySeries(stats, year), Math.max(5, samples / 10)),
};
const yearSummary = await getRangeSummary(stats, year);

// Bytes on disk: the raw record (plays, its nonce index, the answer keys) and everything, per play.
const sqlite = db.$client;
const plays = (sqlite.query('SELECT count(*) AS n FROM plays').get() as { n: number }).n;
const byName = new Map(
  (
    sqlite.query('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all() as {
      name: string;
      bytes: number;
    }[]
  ).map((r) => [r.name, r.bytes]),
);
const rawRecordNames = ['plays', 'plays_nonce_unique', 'answer_keys', 'answer_keys_lyric_song_album'];
const rawRecordBytes = rawRecordNames.reduce((sum, name) => sum + (byName.get(name) ?? 0), 0);
const { page_count: pages } = sqlite.query('PRAGMA page_count').get() as { page_count: number };
const { page_size: pageSize } = sqlite.query('PRAGMA page_size').get() as { page_size: number };
const storage = {
  plays,
  rawRecordBytes,
  databaseBytes: pages * pageSize,
  rawRecordBytesPerPlay: plays === 0 ? 0 : rawRecordBytes / plays,
  databaseBytesPerPlay: plays === 0 ? 0 : (pages * pageSize) / plays,
  largest: [...byName].sort((a, b) => b[1] - a[1]).slice(0, 8),
};
closeDb(db);
console.log(JSON.stringify({ uncachedMs, recomputeMs, rangeMs, yearPlays: yearSummary.plays, storage }));
