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
