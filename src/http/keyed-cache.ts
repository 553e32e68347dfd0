/**
 * Values computed once per key and statistics version (docs/decisions/010, 034): the public
 * reads whose answer depends on a parameter (the lines of a play, a day's challenge figures)
 * get the same strong ETag and cost one computation per key while nothing changes. Keys are
 * chosen by clients, so at most `capacity` are kept: past it the cache starts over. A failed
 * computation is not kept.
 */
export function keyedPerVersion<T>(
  version: () => string,
  compute: (key: string) => Promise<T>,
  capacity = 1024,
): (key: string) => T | Promise<T> {
  let at: string | undefined;
  const entries = new Map<string, { value: T } | Promise<T>>();
  return (key) => {
    const current = version();
    if (at !== current) {
      at = current;
      entries.clear();
    }
    const found = entries.get(key);
    if (found) return found instanceof Promise ? found : found.value;
    if (entries.size >= capacity) entries.clear();
    const computing = compute(key);
    entries.set(key, computing);
    computing.then(
      (value) => {
        if (at === current && entries.get(key) === computing) entries.set(key, { value });
      },
      () => {
        if (entries.get(key) === computing) entries.delete(key);
      },
    );
    return computing;
  };
}
