import type { StatsStores } from '../contract';
import { createSqliteAnnotationStore } from './annotation-store';
import type { Db } from './client';
import { createSqliteDailyStore } from './daily-store';
import { createDeferredCounters } from './deferred-counters';
import { createSqlitePartyStore } from './party-store';
import { createSqlitePlayStore } from './play-store';
import { createSqliteSourceStore } from './source-store';
import { createSqliteStatsStore } from './stats-store';

/** Both statistics stores over one SQLite connection, sharing the count of its own commits. */
export function createSqliteStores(db: Db, playerSalt: string): StatsStores {
  let commits = 0;
  const deferred = createDeferredCounters(db);
  return {
    plays: createSqlitePlayStore(db, playerSalt, () => void commits++, deferred),
    stats: createSqliteStatsStore(db, () => commits, deferred),
    daily: createSqliteDailyStore(db, playerSalt),
    party: createSqlitePartyStore(db),
    annotations: createSqliteAnnotationStore(db),
    sources: createSqliteSourceStore(db),
  };
}
