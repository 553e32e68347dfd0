import type { StatsStores } from '../contract';
import { createPgAnnotationStore } from './annotation-store';
import type { PgDb } from './client';
import { createPgDailyStore } from './daily-store';
import { createPgPartyStore } from './party-store';
import { createPgPlayStore } from './play-store';
import { createPgStatsStore } from './stats-store';
import { createPgVersionRead } from './stats-version';

/**
 * Both statistics stores over one PostgreSQL pool. `ready` resolves once the
 * statistics version has been read; `close` stops its refreshing (the pool is
 * the caller's).
 */
export function createPgStores(
  db: PgDb,
  playerSalt: string,
): StatsStores & { ready: Promise<void>; close(): void } {
  let commits = 0;
  const versionRead = createPgVersionRead(db, () => commits);
  return {
    plays: createPgPlayStore(db, playerSalt, () => void commits++),
    stats: { ...createPgStatsStore(db, versionRead.version), onFault: versionRead.onFault },
    daily: createPgDailyStore(db, playerSalt),
    party: createPgPartyStore(db),
    annotations: createPgAnnotationStore(db),
    ready: versionRead.ready,
    close: versionRead.stop,
  };
}
