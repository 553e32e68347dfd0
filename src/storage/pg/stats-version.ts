import { eq } from 'drizzle-orm';
import type { PgDb } from './client';
import { statsVersion } from './schema';

/**
 * How often an instance reads the statistics version: a play recorded by
 * another instance shows here at most this long (plus one round trip) after
 * its commit. One query of one row per interval per instance, whatever the traffic (its cost:
 * docs/decisions/023).
 */
export const VERSION_REFRESH_MS = 1_000;

/**
 * The PostgreSQL statistics version (docs/decisions/010, 023): `stats_version`,
 * bumped in every transaction that changes statistics, read in the background
 * once a second and kept in memory, so `version()` stays synchronous; joined
 * with this instance's own commit count, so its own plays show at once.
 * `stop()` ends the refreshing (the store's close).
 */
export function createPgVersionRead(db: PgDb, ownCommits: () => number) {
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
    version: () => `${stored}.${ownCommits()}`,
    failing: () => failing,
    onFault: (listener: (error: unknown) => void) => void listeners.push(listener),
    stop: () => clearInterval(timer),
  };
}
