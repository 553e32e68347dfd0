import type { LimitWindows, WindowCount } from '../storage/contract';

/** What one request left of a limit. */
export interface Quota {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

/**
 * A limiter of either kind: the in-process one (SQLite, Kviz uživo) answers at once, the shared one
 * (PostgreSQL, docs/decisions/036) after a round trip to the database.
 */
export interface Limiter {
  limit: number;
  windowSeconds: number;
  /** Counted in the database: callers await its answers (the rateLimit option's async variant). */
  shared?: true;
  consume(key: string): Quota | Promise<Quota>;
  peek(key: string): Quota | Promise<Quota>;
  release(key: string): void | Promise<void>;
  reset(key: string): void | Promise<void>;
  clear(): void | Promise<void>;
  /** Drops the ended windows of an in-process limiter (the database expires its own). */
  expire(): void;
}

/**
 * A fixed-window limiter whose windows are rows in the database (`LimitWindows`), so that N
 * instances allow `limit` events per key and window in total, not N × `limit`, and a restart keeps
 * the windows. `scope` names the limit (one table holds them all).
 */
export function createSharedRateLimiter(
  windows: LimitWindows,
  scope: string,
  limit: number,
  windowMs: number,
  nowMs: () => number,
): Limiter {
  const windowSeconds = Math.round(windowMs / 1000);
  const quota = (w: WindowCount, allowed: boolean, now: number): Quota => ({
    allowed,
    remaining: limit - w.count,
    resetSeconds: w.resetAtMs > now ? Math.max(1, Math.ceil((w.resetAtMs - now) / 1000)) : windowSeconds,
  });
  return {
    limit,
    windowSeconds,
    shared: true,
    async consume(key) {
      const now = nowMs();
      const w = await windows.take(scope, key, windowMs, limit, now);
      return quota(w, w.allowed, now);
    },
    async peek(key) {
      const now = nowMs();
      const w = await windows.peek(scope, key, now);
      return quota(w, w.count < limit, now);
    },
    release: (key) => windows.give(scope, key, nowMs()),
    reset: (key) => windows.forget(scope, key),
    clear: () => windows.forgetAll(scope),
    expire: () => {},
  };
}
