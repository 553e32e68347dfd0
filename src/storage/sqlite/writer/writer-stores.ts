import type { StatsStores } from '../../contract';
import { createSqliteAnnotationStore } from '../annotation-store';
import type { Db } from '../client';
import { createSqliteDailyStore } from '../daily-store';
import { createDeferredCounters } from '../deferred-counters';
import { createSqlitePartyStore } from '../party-store';
import { createPlayReads } from '../play-store';
import { createSqliteSourceStore } from '../source-store';
import { createSqliteStatsStore } from '../stats-store';
import type { Writer } from './writer-client';

/**
 * The stores of a serving process (docs/decisions/035): reads on the request thread's own
 * connection (WAL: they never wait for the writer's transaction), every write handed to the
 * writer's thread and awaited there. A read of the deferred counters does not flush: it answers
 * from the counters as the writer's last flush left them, at most about a second behind the
 * newest play (the writer flushes within 500 ms of a commit). The counters a play's own
 * transaction writes (the score histogram behind a player's percentile, totals, hours, the daily
 * challenge's) are committed before the play is acknowledged, and the statistics version moves
 * with each commit and flush the writer reports, so caches never answer from before them.
 */
export function createSqliteWriterStores(db: Db, playerSalt: string, writer: Writer): StatsStores {
  const { counters: _, ...reads } = createPlayReads(db, createDeferredCounters(db));
  const party = createSqlitePartyStore(db);
  const annotations = createSqliteAnnotationStore(db);
  return {
    plays: {
      ...reads,
      flushesOnItsOwn: true,
      recordPlays: writer.recordPlays,
      flushCounters: writer.flushCounters,
      rebuildCounters: writer.rebuildCounters,
    },
    // Reads never wait for a flush: the writer runs them (no flush before a read here).
    stats: createSqliteStatsStore(db, writer.changes, { flush: () => 0 }),
    daily: createSqliteDailyStore(db, playerSalt),
    party: { ...party, recordGame: writer.recordGame },
    annotations: { ...annotations, add: writer.addAnnotation, remove: writer.removeAnnotation },
    sources: { ...createSqliteSourceStore(db), add: writer.addSources },
  };
}
