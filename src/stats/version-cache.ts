/**
 * `compute()` once per statistics version: caches of statistics JSON and of
 * rendered pages cost nothing while nothing changes and are never stale
 * (docs/decisions/010-response-caches.md). The version comes from the
 * database, so another process's writes invalidate the cache too. A failed
 * computation is not kept: the next call tries again.
 *
 * While the version holds, the value is returned as is, not as a promise: the
 * hot path of a cached page or statistics call stays synchronous (awaiting it made a cached
 * answer markedly dearer: docs/performance.md#figures-behind-code-comments).
 */
export function cachedPerVersion<T>(
  version: () => string,
  compute: () => T | Promise<T>,
): () => T | Promise<T> {
  let at: string | undefined;
  let ready: { value: T } | undefined;
  let pending: Promise<T> | undefined;
  return () => {
    const current = version();
    if (at === current) {
      if (ready) return ready.value;
      if (pending) return pending;
    }
    at = current;
    ready = undefined;
    const computing = Promise.resolve().then(compute);
    pending = computing;
    computing.then(
      (value) => {
        if (pending === computing) ready = { value };
      },
      () => {
        if (pending === computing) {
          at = undefined;
          pending = undefined;
        }
      },
    );
    return computing;
  };
}

/**
 * `version`, moving at most once every `ms`: a page re-rendered per statistics version is
 * rendered once per commit while plays stream in (SQLite's version moves with each one), which
 * at 3,000 plays/s was a 1.5 ms render of the start page for nearly every request of it. Pages
 * follow this instead: their figures lag the newest play by at most `ms`, within the lag the
 * statistics already have (docs/decisions/035, 041); a quiet server's page is current once `ms`
 * has passed since the last change it showed.
 */
export function changingAtMostEvery(version: () => string, ms: number, nowMs: () => number): () => string {
  let shown: string | undefined;
  let since = Number.NEGATIVE_INFINITY;
  return () => {
    const now = nowMs();
    if (shown !== undefined && now - since < ms) return shown;
    const current = version();
    if (current !== shown) {
      shown = current;
      since = now;
    }
    return shown;
  };
}
