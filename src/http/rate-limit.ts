import { Elysia } from 'elysia';
import { tooManyRequests } from '../errors';
import { clientAddress } from './client-address';

/**
 * Fixed-window counter per key (client address), in memory: the product is one
 * process. Expired windows are swept when the map grows, so memory stays bounded
 * by the number of addresses seen in one window.
 */
export function createRateLimiter(limit: number, windowMs: number, nowMs: () => number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  };
  const current = (key: string, now: number) => {
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      if (windows.size > 10_000) sweep(now);
      w = { count: 0, resetAt: now + windowMs };
      windows.set(key, w);
    }
    return w;
  };
  const retryAfter = (w: { resetAt: number }, now: number) =>
    Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  return {
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
      const w = windows.get(key);
      if (w && w.resetAt > now && w.count >= limit) throw tooManyRequests(retryAfter(w, now));
    },
    /** Counts one event without checking (a failed sign-in). */
    count(key: string): void {
      current(key, nowMs()).count++;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The `rateLimit: name` route option: counts the request against its client
 * address's limit before validation (rejected attempts count too) and answers
 * 429 with Retry-After over it. Routes `.use()` the instance the app built.
 */
export function rateLimits<Name extends string>(limiters: Record<Name, RateLimiter>, trustProxy: boolean) {
  return new Elysia({ name: 'rate-limits', seed: trustProxy }).use(clientAddress(trustProxy)).macro({
    rateLimit: (name: Name) => ({
      transform({ clientAddress }: { clientAddress: string }) {
        limiters[name].hit(clientAddress);
      },
    }),
  });
}

export type RateLimits = ReturnType<typeof rateLimits<'quiz' | 'submit'>>;
