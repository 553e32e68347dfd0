/**
 * Fills a database with N recorded plays through the product's own recording
 * code (the SQLite play store's recordPlays, the same statements as the HTTP path),
 * in batches, without HTTP: 10⁶ plays in a couple of minutes.
 * Usage: bun bench/lib/fill.ts DB_PATH PLAYS
 */
import { loadCatalogueIndex } from '../../src/catalogue/catalogue-index';
import { seedCatalogue } from '../../src/catalogue/seed';
import { closeDb, createDb } from '../../src/db/client';
import { migrateDb } from '../../src/db/migrate';
import { createSqlitePlayStore } from '../../src/stats/sqlite/play-store';
import { seededRandom } from '../../test/support/random';
import { randomPlay } from '../../test/support/random-play';

const [path, playsArg] = process.argv.slice(2);
if (!path || !playsArg) throw new Error('usage: bun bench/lib/fill.ts DB_PATH PLAYS');
const total = Number(playsArg);
const db = createDb(path);
migrateDb(db);
seedCatalogue(db);
const catalogue = loadCatalogueIndex(db);
const store = createSqlitePlayStore(db, 'bench-salt');
const random = seededRandom(2026);
const BATCH = 1000;
const started = performance.now();
for (let done = 0; done < total; done += BATCH) {
  const plays = Array.from({ length: Math.min(BATCH, total - done) }, (_, i) =>
    randomPlay(catalogue, random, `fill-${done + i}`),
  );
  for (const outcome of await store.recordPlays(plays)) if (outcome instanceof Error) throw outcome;
}
db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)');
closeDb(db);
console.log(JSON.stringify({ plays: total, seconds: (performance.now() - started) / 1000 }));
