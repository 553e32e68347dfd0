/**
 * Test support: a process that records plays on a PostgreSQL database through a play store of
 * its own (no aggregator turns: nothing is folded while it records), prints `recorded N` once they
 * are acknowledged (committed), then `folding` and folds them in one transaction, then `folded`.
 * src/storage/pg/aggregator.test.ts kills it with SIGKILL while the fold holds the aggregator's lock.
 *
 * Usage: bun test/support/pg-fold-child.ts <url> <plays>
 */
import { seededRandom } from '../../src/shared/seeded-random';
import { loadCatalogueIndexPg } from '../../src/storage/pg/catalogue';
import { createPgDb } from '../../src/storage/pg/client';
import { createPgPlayStore } from '../../src/storage/pg/play-store';
import { randomPlay } from './random-play';

const [url, count] = [process.argv[2]!, Number(process.argv[3])];
const db = createPgDb(url, { max: 2 });
const catalogue = await loadCatalogueIndexPg(db);
const store = createPgPlayStore(db, 'test-salt');
const random = seededRandom(31);
const BATCH = 250;
for (let i = 0; i < count; i += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) =>
    randomPlay(catalogue, random, `child-${i + j}`, { players: 200, days: 3 }),
  );
  const outcomes = await store.recordPlays(batch);
  if (outcomes.some((o) => o instanceof Error)) throw new Error('a play failed');
}
console.log(`recorded ${count}`);
console.log('folding');
await store.flushCounters();
console.log('folded');
process.exit(0);
