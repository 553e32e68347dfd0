/**
 * A counter that changes whenever recorded statistics change (after every
 * committed batch of plays). Caches of statistics JSON and of rendered pages
 * are keyed on it, so they are never stale and cost nothing while nothing
 * changes (docs/decisions/010-response-caches.md).
 */
export interface StatsVersion {
  current(): number;
  bump(): void;
}

export function createStatsVersion(): StatsVersion {
  let version = 0;
  return { current: () => version, bump: () => void version++ };
}

/** `compute()` once per statistics version. */
export function cachedPerVersion<T>(version: StatsVersion, compute: () => T): () => T {
  let at = -1;
  let value: T;
  return () => {
    if (at !== version.current()) {
      value = compute();
      at = version.current();
    }
    return value;
  };
}
