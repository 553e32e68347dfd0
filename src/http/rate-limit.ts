import { Elysia } from 'elysia';
import { tooManyRequests } from '../errors';
import { limiterKey } from './address';
import { deriveClientAddress } from './client-address';

/** Addresses tracked at most per limiter: a flood of new addresses cannot grow memory without bound. */
const MAX_KEYS = 100_000;

/**
 * Fixed-window counter per key (a client address, see limiterKey), in memory.
 * Expired windows are swept when the map grows; past MAX_KEYS live windows the
 * oldest is dropped (that address starts a new window: forgetting errs on the
 * side of the client, never of memory).
 */
export function createRateLimiter(limit: number, windowMs: number, nowMs: () => number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  };
  const current = (key: string, now: number) => {
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      if (windows.size >= MAX_KEYS) sweep(now);
      if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value!);
      w = { count: 0, resetAt: now + windowMs };
      windows.set(key, w);
    }
    return w;
  };
  const retryAfter = (w: { resetAt: number }, now: number) =>
    Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  const live = (key: string, now: number) => {
    const w = windows.get(key);
    return w && w.resetAt > now ? w : undefined;
  };
  return {
    limit,
    /** Counts one request; throws 429 with Retry-After when the key is over its limit. */
    hit(key: string): void {
      const now = nowMs();
      const w = current(key, now);
      if (w.count >= limit) throw tooManyRequests(retryAfter(w, now));
      w.count++;
    },
    /** Throws 429 when the key is over its limit, without counting (for "failures only" limits). */
    check(key: string): void {
      const now = nowMs();
      const w = live(key, now);
      if (w && w.count >= limit) throw tooManyRequests(retryAfter(w, now));
    },
    /** Counts one event without checking (a failure reserved before it is known). */
    count(key: string): void {
      current(key, nowMs()).count++;
    },
    /** Takes back one event counted with `count` (the reserved failure did not happen). */
    release(key: string): void {
      const w = live(key, nowMs());
      if (w && w.count > 0) w.count--;
    },
    /** Forgets the key (a successful sign-in clears its failures). */
    reset(key: string): void {
      windows.delete(key);
    },
    /** Forgets every key (`kviz admin unlock`). */
    clear(): void {
      windows.clear();
    },
    size: () => windows.size,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The `rateLimit: name` route option: counts the request against every limiter
 * of that name (per minute, per hour) under its client's limiter key, before
 * validation (rejected attempts count too), and answers 429 with Retry-After
 * over any of them. Routes `.use()` the instance the app built.
 */
export function rateLimits<Name extends string>(
  limiters: Record<Name, RateLimiter[]>,
  trustedProxies: readonly string[],
) {
  // The derive is scoped: it reaches the routes of the feature that uses this plugin, no others.
  return new Elysia({ name: 'rate-limits', seed: trustedProxies.join(',') })
    .derive({ as: 'scoped' }, deriveClientAddress(trustedProxies))
    .macro({
      rateLimit: (name: Name) => ({
        transform({ clientAddress }: { clientAddress?: string }) {
          // The derive above runs first (both are transform hooks, in order); never count under a shared key.
          if (clientAddress === undefined)
            throw new Error('rate limit reached before the client-address derive');
          const key = limiterKey(clientAddress);
          for (const limiter of limiters[name]) limiter.hit(key);
        },
      }),
    });
}

export type RateLimits = ReturnType<typeof rateLimits<'quiz' | 'submit'>>;
