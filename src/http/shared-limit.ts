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
  /** The shared limiter's clock (its windows' times). */
  now?: () => number;
  consume(key: string): Quota | Promise<Quota>;
  peek(key: string): Quota | Promise<Quota>;
  release(key: string): void | Promise<void>;
  reset(key: string): void | Promise<void>;
  clear(): void | Promise<void>;
  /** Drops the ended windows of an in-process limiter (the database expires its own). */
  expire(): void;
  /** A shared limiter's window in the database: a route's windows are taken in one round trip (`consumeInOrder`). */
  window?: { windows: LimitWindows; scope: string; windowMs: number };
}

/**
 * Counts a request against a route's limiters in order: each counts it until one refuses, the
 * ones after that only say what is left (a refused request counts nowhere after the window that
 * refused it). Shared limiters over one table take all their windows in one round trip (the
 * submissions' minute and hour: two round trips a play before, docs/decisions/043).
 */
export async function consumeInOrder(limiters: readonly Limiter[], key: string): Promise<Quota[]> {
  const windows = limiters[0]?.window?.windows;
  if (windows && limiters.length > 1 && limiters.every((l) => l.window?.windows === windows)) {
    const now = limiters[0]!.now!();
    const counts = await windows.takeInOrder(
      key,
      limiters.map((l) => ({ scope: l.window!.scope, windowMs: l.window!.windowMs, limit: l.limit })),
      now,
    );
    return counts.map((w, i) => quotaOf(w, w.allowed, now, limiters[i]!));
  }
  const quotas: Quota[] = [];
  let refused = false;
  for (const limiter of limiters) {
    const quota = await (refused ? limiter.peek(key) : limiter.consume(key));
    if (!quota.allowed) refused = true;
    quotas.push(quota);
  }
  return quotas;
}

/** A window's count as a quota: what is left of `limiter`'s limit, and when its window starts again. */
function quotaOf(
  w: WindowCount,
  allowed: boolean,
  now: number,
  limiter: Pick<Limiter, 'limit' | 'windowSeconds'>,
): Quota {
  return {
    allowed,
    remaining: limiter.limit - w.count,
    resetSeconds:
      w.resetAtMs > now ? Math.max(1, Math.ceil((w.resetAtMs - now) / 1000)) : limiter.windowSeconds,
  };
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
  const quota = (w: WindowCount, allowed: boolean, now: number): Quota =>
    quotaOf(w, allowed, now, { limit, windowSeconds });
  return {
    limit,
    windowSeconds,
    shared: true,
    window: { windows, scope, windowMs },
    now: nowMs,
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
