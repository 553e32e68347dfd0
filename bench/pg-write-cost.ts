/**
 * `bun bench/pg-write-cost.ts [plays]`: the CPU a PostgreSQL batch of plays costs, in process
 * (no HTTP, no rate limits): the play store of this tree (src/storage/pg/play-store.ts) writes
 * `plays` (6,000) random plays of the demo catalogue in batches of 1, 3, 6 and 12, two batches in
 * flight as the group commit hands them over under load, on a durable throwaway cluster; then one
 * fold of everything pending. Printed for each batch size: the statements a play costs, and the
 * CPU a play of this process and of the cluster's processes — the per-batch part (round trips,
 * the commit) is what grows when an instance's batches get smaller (two instances each gather
 * half the plays: docs/decisions/043).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateCatalogue } from '../src/catalogue/validate';
import type { PlayToRecord } from '../src/storage/contract';
import { importCataloguePg, loadCatalogueIndexPg } from '../src/storage/pg/catalogue';
import { closePgDb, createPgDb, migratePg } from '../src/storage/pg/client';
import { createPgPlayStore } from '../src/storage/pg/play-store';
import { startCluster } from '../test/support/postgres';
import { randomPlay } from '../test/support/random-play';
import { clusterPids, cpuSeconds } from './lib/proc';

const total = Number(process.argv[2] ?? 6_000);
const SIZES = [1, 3, 6, 12];
const IN_FLIGHT = 2;

const cluster = await startCluster({
  durable: true,
  settings: ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_planning=on'],
});
try {
  const admin = new Bun.SQL(cluster.url('postgres'), { max: 1 });
  await admin.unsafe('CREATE DATABASE cost');
  await admin.close();
  const url = cluster.url('cost');
  await migratePg(url);
  const db = createPgDb(url, { max: 10 });
  const file = JSON.parse(readFileSync(join(import.meta.dir, '../data/catalogue.json'), 'utf8'));
  const checked = validateCatalogue(file);
  if (!checked.catalogue) throw new Error('the demo catalogue did not validate');
  await importCataloguePg(db, checked.catalogue);
  const catalogue = await loadCatalogueIndexPg(db);
  await db.$client.unsafe('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const store = createPgPlayStore(db, 'salt');
  let seed = 1;
  const random = () => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  let n = 0;
  const play = (): PlayToRecord =>
    randomPlay(catalogue, random, `nonce-${n++}`, { players: 5_000, atMs: Date.now() });
  // Warm: every answer key made, statements prepared.
  for (let i = 0; i < 40; i++) await store.recordPlays(Array.from({ length: 10 }, play));
  await store.flushCounters();
  for (const size of SIZES) {
    const batches = Array.from({ length: Math.ceil(total / size) }, () => Array.from({ length: size }, play));
    await db.$client`SELECT pg_stat_statements_reset()`;
    const pids = clusterPids(cluster.port);
    const pgBefore = new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
    const selfBefore = cpuSeconds('self');
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < batches.length) await store.recordPlays(batches[next++]!);
      }),
    );
    const wall = performance.now() - started;
    const plays = batches.length * size;
    const self = cpuSeconds('self') - selfBefore;
    const pg = clusterPids(cluster.port).reduce(
      (s, pid) => s + cpuSeconds(pid) - (pgBefore.get(pid) ?? 0),
      0,
    );
    const calls =
      await db.$client`SELECT sum(calls)::int AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'cost') AND query NOT LIKE '%pg_stat_statements%'`;
    if (process.env.COST_STATEMENTS === '1')
      for (const r of await db.$client.unsafe(
        `SELECT calls, plans, round(mean_plan_time::numeric, 3) AS plan, round(mean_exec_time::numeric, 3) AS exec, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS query FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'cost') ORDER BY total_exec_time + total_plan_time DESC LIMIT 6`,
      ))
        console.log(
          `   ${r.calls} calls, ${r.plans} plans, plan ${r.plan} ms, exec ${r.exec} ms: ${r.query}`,
        );
    const foldSelf = cpuSeconds('self');
    const foldPg = new Map(clusterPids(cluster.port).map((pid) => [pid, cpuSeconds(pid)]));
    const foldStarted = performance.now();
    await store.flushCounters();
    const foldMs = performance.now() - foldStarted;
    const foldPgUsed = clusterPids(cluster.port).reduce(
      (s, pid) => s + cpuSeconds(pid) - (foldPg.get(pid) ?? 0),
      0,
    );
    console.log(
      `batch ${String(size).padStart(2)}: ${Math.round((plays / wall) * 1000)} plays/s; ${(calls[0].n / plays).toFixed(2)} statements a play; CPU a play: this process ${Math.round((self / plays) * 1e6)} µs, PostgreSQL ${Math.round((pg / plays) * 1e6)} µs; ` +
        `one fold of them: ${Math.round(foldMs)} ms, this process ${Math.round(((cpuSeconds('self') - foldSelf) / plays) * 1e6)} µs a play, PostgreSQL ${Math.round((foldPgUsed / plays) * 1e6)} µs a play`,
    );
  }
  // The folds of a day that fills: plays whose wrong picks spread over every song (as the HTTP
  // bench's do: a quiz's options are drawn from the whole catalogue), folded every FOLD_EVERY
  // plays as the aggregator's turns do under load. A fold should cost the same at the end of the
  // day as at its start (docs/decisions/043).
  const FOLD_EVERY = 500;
  if (process.env.COST_NO_FK === '1') {
    const fks = await db.$client.unsafe(
      `SELECT conrelid::regclass::text AS t, conname FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN ('lyric_confusions', 'song_confusions', 'cumulative_confusions', 'cumulative_answers', 'lyric_stats', 'song_stats', 'album_stats')`,
    );
    for (const fk of fks) await db.$client.unsafe(`ALTER TABLE ${fk.t} DROP CONSTRAINT "${fk.conname}"`);
    console.log(`dropped ${fks.length} foreign keys of the counter tables`);
  }
  const songs = catalogue.songs;
  const spread = (): PlayToRecord => {
    const p = play();
    for (const a of p.answers)
      if (!a.isCorrect) {
        a.selectedSongId = songs[Math.floor(random() * songs.length)]!.id;
        a.isCorrect = a.selectedSongId === a.songId;
      }
    return p;
  };
  const foldCosts: number[] = [];
  for (let written = 0; written < total * 2; written += FOLD_EVERY) {
    for (let i = 0; i < FOLD_EVERY; i += 10) await store.recordPlays(Array.from({ length: 10 }, spread));
    const pids = clusterPids(cluster.port);
    const before = new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
    const selfBefore = cpuSeconds('self');
    await store.flushCounters();
    const pg = clusterPids(cluster.port).reduce((s, pid) => s + cpuSeconds(pid) - (before.get(pid) ?? 0), 0);
    foldCosts.push(((pg + cpuSeconds('self') - selfBefore) / FOLD_EVERY) * 1e6);
  }
  const third = Math.max(1, Math.floor(foldCosts.length / 3));
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  console.log(
    `folds of ${FOLD_EVERY} plays (wrong picks over every song), CPU a play of this process and PostgreSQL together: first third ${mean(foldCosts.slice(0, third))} µs, last third ${mean(foldCosts.slice(-third))} µs (${foldCosts.length} folds)`,
  );
  await closePgDb(db);
} finally {
  cluster.stop();
}
