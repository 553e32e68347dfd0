/**
 * `compute()` once per statistics version: caches of statistics JSON and of
 * rendered pages cost nothing while nothing changes and are never stale
 * (docs/decisions/010-response-caches.md). The version is read from the
 * database on every call, so another process's writes invalidate the cache
 * too. A failed computation is not kept: the next call tries again.
 */
export function cachedPerVersion<T>(
  version: () => Promise<string>,
  compute: () => T | Promise<T>,
): () => Promise<T> {
  let at: string | undefined;
  let value: Promise<T>;
  return async () => {
    const current = await version();
    if (at !== current) {
      at = current;
      value = Promise.resolve().then(compute);
      value.catch(() => {
        if (at === current) at = undefined;
      });
    }
    return value;
  };
}
