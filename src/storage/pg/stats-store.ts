import { sql } from 'drizzle-orm';
import type { StatsStore } from '../contract';
import type { PgDb } from './client';
import { createConfusionReads } from './stats-confusions';
import { createDayReads } from './stats-day-reads';
import { createOverviewReads } from './stats-overview-reads';
import { createPlayReads } from './stats-play-reads';
import { createRangeReads } from './stats-range-reads';

/**
 * The PostgreSQL read side: the SQLite store's queries (src/storage/sqlite/stats-store.ts)
 * over the same counters; `version` comes from the caller (stats-version.ts).
 *
 * Split by concern as the SQLite store is: all-time reads and lists (stats-overview-reads.ts),
 * day reads (stats-day-reads.ts), range lists (stats-range-reads.ts) and confusions
 * (stats-confusions.ts).
 */
export function createPgStatsStore(db: PgDb, version: () => string): StatsStore {
  const overview = createOverviewReads(db);
  return {
    version,
    ...createDayReads(db),
    ...overview,
    ...createRangeReads(db, overview),
    ...createConfusionReads(db),
    ...createPlayReads(db),
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
  };
}
