import { eq } from 'drizzle-orm';
import type { PgDb } from './client';
import { statsVersion } from './schema';

/**
 * How often an instance reads the statistics version: a fold by another instance (the counters
 * changed, docs/decisions/030) shows here at most this long (plus one round trip) after its
 * commit. One query of one row per interval per instance, whatever the traffic (its cost:
 * docs/decisions/023): ten a second, so the aggregator's half-second turns (stores.ts) plus a fold
 * plus this stay under a second of lag.
 */
const VERSION_REFRESH_MS = 100;

/**
 * The PostgreSQL statistics version (docs/decisions/010, 023, 030): `stats_version`,
 * bumped by every fold and rebuild (a batch of plays changes no counter: it only adds pending
 * plays), read in the background every VERSION_REFRESH_MS and kept in memory, so `version()`
 * stays synchronous; joined with this instance's own commits and folds, so its own plays'
 * percentile (which counts pending plays) and its own folds show at once. `countersVersion`
 * leaves the commits out: a commit adds pending plays and changes no counter, so the caches of
 * counter reads (overview, lists, the start page) hold between folds instead of being dropped at
 * every commit (issue 31: readers then waited on the pool behind the writes).
 * `stop()` ends the refreshing (the store's close).
 */
export function createPgVersionRead(db: PgDb, own: { commits: () => number; folds: () => number }) {
  let stored = '0';
  let failing = false;
  const listeners: ((error: unknown) => void)[] = [];
  const read = async () => {
    try {
      const row = (
        await db.select({ version: statsVersion.version }).from(statsVersion).where(eq(statsVersion.id, 1))
      )[0];
      stored = String(row?.version ?? 0);
      failing = false;
    } catch (error) {
      // The database is away: the app's storage health hears it (no quizzes handed out, /healthz
      // 503); caches keep their version until it answers.
      failing = true;
      for (const listener of listeners) listener(error);
    }
  };
  const timer = setInterval(read, VERSION_REFRESH_MS);
  timer.unref();
  return {
    /** Resolves once the first read is done (the store is ready to serve). */
    ready: read(),
    version: () => `${stored}.${own.folds()}.${own.commits()}`,
    /** Moves with folds and rebuilds only (any instance's): the counters' own version. */
    countersVersion: () => `${stored}.${own.folds()}`,
    failing: () => failing,
    onFault: (listener: (error: unknown) => void) => void listeners.push(listener),
    stop: () => clearInterval(timer),
  };
}
