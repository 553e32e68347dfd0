import type { Server } from 'bun';
import { Elysia } from 'elysia';
import { tooManyRequests } from '../errors';
import { createAddressMatcher, createLimiterKeyCache } from './address';
import { clientAddressOf } from './client-address';
import { consumeInOrder, type Limiter, type Quota } from './shared-limit';
import { createWindowTable } from './window-table';

/** Addresses tracked at most per limiter: a flood of new addresses cannot grow memory without bound. */
const MAX_KEYS = 100_000;

/**
 * Fixed-window counter per key (a client address, see limiterKey), in memory.
 * Every window of a limiter has the same length, so windows end in the order they started:
 * a queue in start order lets each request expire what has ended from its head, one step per
 * ended window — O(1) amortised at any number of keys (a scan of the whole map at 100,000 keys
 * cost a new address 1.9 ms, issue 37). Past MAX_KEYS live windows the oldest is dropped (that
 * address starts a new window: forgetting errs on the side of the client, never of memory).
 * The windows live in typed arrays (src/http/window-table.ts): no object or `Map` entry per
 * window, and the arrays shrink once a burst of addresses has ended.
 */
export function createRateLimiter(limit: number, windowMs: number, nowMs: () => number) {
  const windows = createWindowTable();
  const expire = (now: number) => {
    while (windows.queued() && windows.headEnd() <= now) windows.dropHead();
  };
  /** The sequence number of the key's live window, or -1. */
  const live = (key: string, now: number) => {
    const seq = windows.find(key);
    return seq >= 0 && windows.end(seq) > now ? seq : -1;
  };
  /** The key's live window, started now when it has none. */
  const current = (key: string, now: number) => {
    expire(now);
    const seq = live(key, now);
    if (seq >= 0) return seq;
    while (windows.size() >= MAX_KEYS && windows.queued()) windows.dropHead();
    return windows.start(key, now + windowMs);
  };
  const retryAfter = (seq: number, now: number) => Math.max(1, Math.ceil((windows.end(seq) - now) / 1000));
  /** Counts one request unless the key is over its limit; says what is left either way. */
  const consume = (key: string): Quota => {
    const now = nowMs();
    const seq = current(key, now);
    const allowed = windows.count(seq) < limit;
    if (allowed) windows.setCount(seq, windows.count(seq) + 1);
    return { allowed, remaining: limit - windows.count(seq), resetSeconds: retryAfter(seq, now) };
  };
  return {
    limit,
    windowSeconds: Math.round(windowMs / 1000),
    consume,
    /** What is left for the key, without counting. */
    peek(key: string): Quota {
      const now = nowMs();
      const seq = live(key, now);
      if (seq < 0) return { allowed: true, remaining: limit, resetSeconds: Math.round(windowMs / 1000) };
      const count = windows.count(seq);
      return { allowed: count < limit, remaining: limit - count, resetSeconds: retryAfter(seq, now) };
    },
    /** Counts one request; throws 429 with Retry-After when the key is over its limit. */
    hit(key: string): void {
      const quota = consume(key);
      if (!quota.allowed) throw tooManyRequests(quota.resetSeconds);
    },
    /** Throws 429 when the key is over its limit, without counting (for "failures only" limits). */
    check(key: string): void {
      const now = nowMs();
      const seq = live(key, now);
      if (seq >= 0 && windows.count(seq) >= limit) throw tooManyRequests(retryAfter(seq, now));
    },
    /** Counts one event without checking (a failure reserved before it is known). */
    count(key: string): void {
      const seq = current(key, nowMs());
      windows.setCount(seq, windows.count(seq) + 1);
    },
    /** Takes back one event counted with `count` (the reserved failure did not happen). */
    release(key: string): void {
      const seq = live(key, nowMs());
      if (seq >= 0 && windows.count(seq) > 0) windows.setCount(seq, windows.count(seq) - 1);
    },
    /** Forgets the key (a successful sign-in clears its failures). */
    reset(key: string): void {
      windows.forget(key);
    },
    /** Forgets every key (`kviz admin unlock`). */
    clear(): void {
      windows.clear();
      windows.shrink();
    },
    size: () => windows.size(),
    /**
     * Drops the windows that have ended and gives their memory back (requests expire as they
     * come; an idle server's timer calls this).
     */
    expire(): void {
      expire(nowMs());
      windows.shrink();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** A window as an IETF quota policy name: "minute", "hour", or its length in seconds. */
const policyName = (seconds: number) =>
  seconds === 60 ? 'minute' : seconds === 3600 ? 'hour' : seconds === 900 ? 'quarter-hour' : `${seconds}s`;

/**
 * The IETF RateLimit-Policy and RateLimit fields (draft-ietf-httpapi-ratelimit-headers) of
 * a route's limiters and what this request left of each.
 */
const policyOf = (limiters: readonly Limiter[]) =>
  limiters.map((l) => `"${policyName(l.windowSeconds)}";q=${l.limit};w=${l.windowSeconds}`).join(', ');

function rateLimitFields(limiters: readonly Limiter[], quotas: Quota[], policy = policyOf(limiters)) {
  return {
    'ratelimit-policy': policy,
    ratelimit: quotas
      .map(
        (q, i) =>
          `"${policyName(limiters[i]!.windowSeconds)}";r=${Math.max(0, q.remaining)};t=${q.resetSeconds}`,
      )
      .join(', '),
  };
}

/**
 * The client's limiter key of each submission in flight, for its handler (the daily ranking's
 * cap per address). Kept beside the request, not on its context: a hook that writes to its
 * context must take it whole, and Elysia then parses headers, query and cookies for the route
 * (src/http/request-log.ts). Only submissions are kept; an entry goes with its request.
 */
const submissionKeys = new WeakMap<Request, string>();

/** The client's limiter key of a submission (undefined for a route not limited as one). */
export const limiterKeyOf = (request: Request): string | undefined => submissionKeys.get(request);

/**
 * When a refused request may succeed: the end of the window that blocks longest. With both the
 * minute and the hour spent, the minute's end is 31 s away but a retry then is refused again
 * for the hour's remaining 3,571 s (issue 37).
 */
function retryAfterOf(quotas: readonly Quota[]): number {
  let seconds = 0;
  for (const q of quotas) if (!q.allowed && q.resetSeconds > seconds) seconds = q.resetSeconds;
  return seconds;
}

/**
 * The `rateLimit: name` route option: counts the request against every limiter
 * of that name (per minute, per hour) under its client's limiter key, before
 * validation (rejected attempts count too; a HEAD request counts nowhere), and answers 429 with Retry-After
 * over any of them. Every answer of the route, 429 included, carries the
 * RateLimit-Policy and RateLimit fields. Routes `.use()` the instance the app built.
 */
export function rateLimits<Name extends string>(
  limiters: Record<Name, Limiter[]>,
  trustedProxies: readonly string[],
) {
  const limiterKey = createLimiterKeyCache();
  // The RateLimit-Policy field of each name: it never changes, so it is written once.
  const policies = new Map<string, string>();
  const policyFor = (name: Name) => {
    let policy = policies.get(name);
    if (policy === undefined) {
      policy = policyOf(limiters[name]);
      policies.set(name, policy);
    }
    return policy;
  };
  const isTrusted = createAddressMatcher(trustedProxies);
  /** The client's limiter key; a submission's is kept for its handler (the daily ranking's cap). */
  const keyOf = (name: Name, { request, server }: LimitedContext) => {
    const key = limiterKey(clientAddressOf(request, server, isTrusted));
    if (name === 'submit') submissionKeys.set(request, key);
    return key;
  };
  /** The RateLimit fields on the answer; 429 with Retry-After when a window refused. */
  const settle = (name: Name, set: LimitedContext['set'], quotas: Quota[], refused: boolean) => {
    const fields = rateLimitFields(limiters[name], quotas, policyFor(name));
    Object.assign(set.headers, fields);
    if (refused) {
      const error = tooManyRequests(retryAfterOf(quotas));
      error.headers = { ...error.headers, ...fields };
      throw error;
    }
  };
  // Shared limiters (PostgreSQL, docs/decisions/036) answer after a round trip: their routes get an
  // async transform. The in-process ones keep the synchronous one (no promise per request).
  const shared = Object.values<Limiter[]>(limiters).some((list) => list.some((l) => l.shared));
  return new Elysia({ name: 'rate-limits', seed: trustedProxies.join(',') }).macro({
    rateLimit: (name: Name) =>
      shared
        ? {
            // Destructured, never handed on whole (see keyOf).
            async transform({ request, server, set }: LimitedContext) {
              const key = keyOf(name, { request, server, set });
              // HEAD only looks (docs/decisions/034).
              const quotas =
                request.method === 'HEAD'
                  ? await Promise.all(limiters[name].map((limiter) => limiter.peek(key)))
                  : await consumeInOrder(limiters[name], key);
              settle(
                name,
                set,
                quotas,
                quotas.some((q) => !q.allowed),
              );
            },
          }
        : {
            // The client's address is worked out here, for the limited routes only: as a derive it
            // also ran for the reads mounted beside them, a measurable share of a cached read's CPU
            // (docs/performance.md#figures-behind-code-comments).
            transform({ request, server, set }: LimitedContext) {
              const key = keyOf(name, { request, server, set });
              let refused = false;
              // HEAD only looks (docs/decisions/034: it has no side effects), and once one window
              // refuses, the later ones are only read: a refused request counts nowhere.
              const head = request.method === 'HEAD';
              const quotas = limiters[name].map((limiter) => {
                const quota = (refused || head ? limiter.peek(key) : limiter.consume(key)) as Quota;
                if (!quota.allowed) refused = true;
                return quota;
              });
              settle(name, set, quotas, refused);
            },
          },
  });
}

/** What the rateLimit option's transform reads and writes of a request's context. */
interface LimitedContext {
  request: Request;
  server: Server<unknown> | null;
  set: { headers: Record<string, unknown> };
}

export type RateLimits = ReturnType<typeof rateLimits<'quiz' | 'submit' | 'lines' | 'share'>>;

/**
 * The same count as the `rateLimit` option, for a handler that does not refuse over the limit but
 * does less (the /quiz page renders without its inline quiz): counts the request under its
 * client's key against every limiter and says whether all allowed it.
 */
export function quotaCheck(limiters: Limiter[], trustedProxies: readonly string[]) {
  const limiterKey = createLimiterKeyCache();
  const isTrusted = createAddressMatcher(trustedProxies);
  return async (request: Request, server: Server<unknown> | null): Promise<boolean> => {
    const key = limiterKey(clientAddressOf(request, server, isTrusted));
    for (const limiter of limiters) if (!(await limiter.consume(key)).allowed) return false;
    return true;
  };
}
