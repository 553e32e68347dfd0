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
 * Statements of one limiter an instance runs at once: takes arriving while both run are gathered
 * into the next. One at a time gathered most, but every take then waited for the statement before
 * its own: on the loaded 2-core machine (a round trip of tens of ms while PostgreSQL's processes
 * waited for a core) that serial wait cut the two-instance closed loop and raised the 500 plays/s
 * open loop's p50 from ~12 ms to 90–450 ms (docs/decisions/030's second amendment).
 */
const MAX_IN_FLIGHT = 2;

/** A consume waiting for its limiter's next statement. */
interface Take {
  key: string;
  resolve(quota: Quota): void;
  reject(error: unknown): void;
}

/**
 * A fixed-window limiter whose windows are rows in the database (`LimitWindows`), so that N
 * instances allow `limit` events per key and window in total, not N × `limit`, and a restart keeps
 * the windows. `scope` names the limit (one table holds them all).
 *
 * The takes of one limiter go to the database as group commit sends plays: at most MAX_IN_FLIGHT
 * statements at a time per limiter and instance, the takes that arrive while they run gathered into
 * the next, each key's takes counted at once (`takeMany`). The database still decides every take (a key's window takes
 * only what fits) and the first takes in arrival order get what it took, so the budget is exact on
 * any number of instances; a loaded instance writes a window row a few times per round trip
 * instead of once per request, and no more than two statements of an instance wait on a row another
 * instance is writing (issue 31: with every request from one address, two instances' submissions queued on
 * its two window rows; docs/decisions/030's second amendment).
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
  let waiting: Take[] = [];
  let inFlight = 0;
  /** Sends the gathered takes, a statement at a time, until none wait. */
  const drain = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const byKey = new Map<string, Take[]>();
      for (const take of batch) {
        const takes = byKey.get(take.key);
        if (takes) takes.push(take);
        else byKey.set(take.key, [take]);
      }
      const now = nowMs();
      try {
        const wanted = [...byKey].map(([key, takes]) => ({ key, n: takes.length }));
        const after = await windows.takeMany(scope, wanted, windowMs, limit, now);
        wanted.forEach(({ key }, i) => {
          const w = after[i]!;
          const before = w.count - w.taken;
          // Each allowed take sees the count it made, as if the takes had gone one by one.
          byKey.get(key)!.forEach((take, j) => {
            const allowed = j < w.taken;
            take.resolve(
              quota({ count: allowed ? before + j + 1 : w.count, resetAtMs: w.resetAtMs }, allowed, now),
            );
          });
        });
      } catch (error) {
        for (const take of batch) take.reject(error);
      }
    }
    inFlight--;
  };
  return {
    limit,
    windowSeconds,
    shared: true,
    consume(key) {
      return new Promise<Quota>((resolve, reject) => {
        waiting.push({ key, resolve, reject });
        if (inFlight >= MAX_IN_FLIGHT || waiting.length > 1) return;
        inFlight++;
        // From a microtask: the takes of requests handled in the same turn go together.
        queueMicrotask(drain);
      });
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
