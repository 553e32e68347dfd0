/**
 * Fills a database with N recorded plays through the product's own recording
 * code (createPlayRecorder(...).many, the same statements as the HTTP path),
 * in batches, without HTTP: 10⁶ plays in a couple of minutes.
 * Usage: bun bench/lib/fill.ts DB_PATH PLAYS
 */
import { loadCatalogueIndex } from '../../src/catalogue/index';
import { seedCatalogue } from '../../src/catalogue/seed';
import { closeDb, createDb } from '../../src/db/client';
import { migrateDb } from '../../src/db/migrate';
import { createPlayRecorder } from '../../src/stats/record';
import { seededRandom } from '../../src/testing/random';
import { randomPlay } from '../../src/testing/random-play';

const [path, playsArg] = process.argv.slice(2);
if (!path || !playsArg) throw new Error('usage: bun bench/lib/fill.ts DB_PATH PLAYS');
const total = Number(playsArg);
const db = createDb(path);
migrateDb(db);
seedCatalogue(db);
const catalogue = loadCatalogueIndex(db);
const recorder = createPlayRecorder(db, 'bench-salt');
const random = seededRandom(2026);
const BATCH = 1000;
const started = performance.now();
for (let done = 0; done < total; done += BATCH) {
  const plays = Array.from({ length: Math.min(BATCH, total - done) }, (_, i) =>
    randomPlay(catalogue, random, `fill-${done + i}`),
  );
  for (const outcome of recorder.many(plays)) if (outcome instanceof Error) throw outcome;
}
db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)');
closeDb(db);
console.log(JSON.stringify({ plays: total, seconds: (performance.now() - started) / 1000 }));
