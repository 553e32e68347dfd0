/**
 * The dashboard's filtered reads on a filled database (docs/decisions/039), in process and
 * uncached (a fresh read store per sample, so the per-version cache never answers): the cards of
 * a range with its compared period under a device filter, an album filter and a mode filter, and
 * every day of the record. Usage: bun bench/lib/filter-latency.ts DB_PATH SAMPLES
 */
import { getAdminSummary } from '../../src/ranges/admin-range';
import { statsFor } from '../../src/ranges/filter-params';
import { closeDb, createSqliteDb } from '../../src/storage/sqlite/client';
import { createSqliteStatsStore } from '../../src/storage/sqlite/stats-store';

const [path, samplesArg] = process.argv.slice(2);
const samples = Number(samplesArg ?? 5);
const db = createSqliteDb(path!);
const today = db.$client.query<{ last: string }, []>('SELECT max(day) AS last FROM plays').get()!.last;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const cases: [string, Record<string, string | number>][] = [
  ['30 days, device=phone', { from: shift(today, -29), to: today, device: 'phone' }],
  ['365 days, device=phone', { from: shift(today, -364), to: today, device: 'phone' }],
  ['365 days, album=1', { from: shift(today, -364), to: today, album: 1 }],
  ['365 days, mode=hard', { from: shift(today, -364), to: today, mode: 'hard' }],
  ['all days, device=phone', { device: 'phone' }],
];

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

for (const [name, query] of cases) {
  const times: number[] = [];
  let plays = 0;
  for (let i = 0; i < samples; i++) {
    const stats = createSqliteStatsStore(db, () => 0);
    const started = performance.now();
    const scoped = await statsFor({ stats, today: () => today }, query, today);
    const summary = await getAdminSummary(scoped, query, today);
    times.push(performance.now() - started);
    plays = summary.current.plays + summary.previous.plays;
  }
  const read = db.$client
    .query<{ n: number }, [string, string]>('SELECT count(*) AS n FROM plays WHERE day BETWEEN ? AND ?')
    .get(String(query.from ?? '0000-00-00'), today)!.n;
  console.log(
    JSON.stringify({ read: name, medianMs: Math.round(median(times)), keptPlays: plays, playsInRange: read }),
  );
}
closeDb(db);
