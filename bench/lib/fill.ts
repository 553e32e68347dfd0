/**
 * Fills a database with N recorded plays through the product's own recording
 * code (the SQLite play store's recordPlays, the same statements as the HTTP path),
 * in batches, without HTTP: 10⁶ plays in a couple of minutes. Plays come in
 * time order, as they would on a live site.
 * Usage: bun bench/lib/fill.ts DB_PATH PLAYS
 */

import { seededRandom } from '../../src/shared/seeded-random';
import { loadCatalogueIndex } from '../../src/storage/sqlite/catalogue-load';
import { seedCatalogue } from '../../src/storage/sqlite/catalogue-seed';
import { closeDb, createSqliteDb } from '../../src/storage/sqlite/client';
import { migrateDb } from '../../src/storage/sqlite/migrate';
import { createSqlitePlayStore } from '../../src/storage/sqlite/play-store';
import { randomPlay } from '../../test/support/random-play';

const [path, playsArg] = process.argv.slice(2);
if (!path || !playsArg) throw new Error('usage: bun bench/lib/fill.ts DB_PATH PLAYS');
const total = Number(playsArg);
const db = createSqliteDb(path);
migrateDb(db);
seedCatalogue(db);
const catalogue = loadCatalogueIndex(db);
const store = createSqlitePlayStore(db, 'bench-salt');
const random = seededRandom(2026);
const BATCH = 1000;
// Plays spread over 400 days from 1 January 2025 by 100,000 players: a year of daily counters
// (the 365-day range read) and about one day_players row a play, as a busy site would have.
const spread = { players: 100_000, days: 400, firstDayMs: Date.UTC(2025, 0, 1) };
const started = performance.now();
for (let done = 0; done < total; done += BATCH) {
  const plays = Array.from({ length: Math.min(BATCH, total - done) }, (_, i) =>
    randomPlay(catalogue, random, `fill-${done + i}`, {
      ...spread,
      atMs: spread.firstDayMs + Math.floor(((done + i) / total) * spread.days * 86_400_000),
    }),
  );
  for (const outcome of await store.recordPlays(plays)) if (outcome instanceof Error) throw outcome;
  // The per-line counters, as the server's flush writes them about once a second (docs/decisions/025).
  await store.flushCounters();
}
db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)');
closeDb(db);
console.log(JSON.stringify({ plays: total, seconds: (performance.now() - started) / 1000 }));
