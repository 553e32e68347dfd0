import { sql } from 'drizzle-orm';
import type { StatsStore } from '../contract';
import type { Db } from './client';
import { createDeferredCounters, type DeferredCounters } from './deferred-counters';
import { createConfusionReads } from './stats-confusions';
import { createDayReads } from './stats-day-reads';
import { createOverviewReads, itemLists, type Settled } from './stats-overview-reads';
import { createPlayReads } from './stats-play-reads';
import { createRangeReads } from './stats-range-reads';
import { createSqliteVersionRead } from './stats-version';

/**
 * The SQLite read side. Every query reads counters (never the raw answers), so
 * its cost does not grow with the number of plays. Statements are prepared once.
 * `ownCommits` counts this connection's committed batches (stats-version.ts).
 * The counters a play's transaction leaves to a later flush (per line, song and album, the
 * confusions, the per-key day totals: docs/decisions/025) are flushed before each read of them,
 * so a read never misses a recorded play, whichever process recorded it. Reads are cached per
 * statistics version, so this costs two indexed reads per read computed, and a flush only when
 * plays are waiting.
 *
 * A serving process passes a `deferred` that does not flush: its writer flushes on a thread of its
 * own and reads never wait for it (docs/decisions/035, writer/writer-stores.ts).
 *
 * Split by concern: all-time reads and lists (stats-overview-reads.ts), day reads from running
 * totals (stats-day-reads.ts), range lists (stats-range-reads.ts) and confusions
 * (stats-confusions.ts); here the flush before a read and the store's interface.
 */
export function createSqliteStatsStore(
  db: Db,
  ownCommits: () => number,
  deferred: Pick<DeferredCounters, 'flush'> = createDeferredCounters(db),
): StatsStore {
  const settled: Settled = <T>(read: () => T): Promise<T> => {
    try {
      deferred.flush();
    } catch {
      // The flush could not write (a full disk: its transaction rolled back). The read answers
      // from the counters as they are, without the plays still waiting (docs/decisions/012);
      // the background flush reports the fault and tries again.
    }
    return Promise.resolve(read());
  };
  const lists = itemLists(db);
  return {
    version: createSqliteVersionRead(db, ownCommits),
    ...createDayReads(db),
    ...createOverviewReads(db, lists, settled),
    ...createRangeReads(db, lists, settled),
    ...createPlayReads(db),
    ...createConfusionReads(db, settled),
    async ping() {
      // Not a statement prepared once: preparing is what fails on a closed or broken database.
      db.get(sql`SELECT 1`);
    },
  };
}
