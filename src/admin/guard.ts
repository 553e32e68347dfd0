import { tooManyRequests, unauthorized } from '../errors';
import type { RateLimiter } from '../http/rate-limit';
import type { AdminCredentials } from './credentials';

const REALM = 'Kviz znanja admin';

/**
 * Slow password checks (argon2, slow by design) allowed at once; more answer 429, so guesses
 * cannot tie up the CPU.
 */
const MAX_SLOW_CHECKS = 2;

export interface AdminGuardDeps {
  credentials: AdminCredentials;
  /** Failed sign-ins per limiter key and window (RATE_LIMIT_ADMIN_FAILURES per 15 minutes). */
  failures: RateLimiter;
  /** Changes when `kviz admin unlock` ran (read from the database: it runs in another process). */
  unlockMarker: () => string | undefined | Promise<string | undefined>;
}

/**
 * The admin lockout policy (docs/decisions/012-integrity.md):
 * - a request without Basic credentials is a plain 401 and counts for nothing;
 * - a failure is reserved before the password check and released on success,
 *   so concurrent guesses cannot all slip under the limit;
 * - at most MAX_SLOW_CHECKS slow password checks run at once;
 * - a success clears the address's failures; a locked address gets 429 even
 *   for the right password (otherwise the lock would tell a guesser when it
 *   guessed right), until the window ends or `kviz admin unlock`.
 */
export function createAdminGuard({ credentials, failures, unlockMarker }: AdminGuardDeps) {
  let slowChecks = 0;
  // Read at the first request (the marker may come over the network): a marker older than this
  // process then "changes" once and clears failures that are still empty.
  let seenUnlock: string | undefined;
  return {
    /** Resolves when `authorization` is the administrator's; throws 401 or 429 otherwise. */
    async admit(key: string, authorization: string | null, fromOwnPage: boolean): Promise<void> {
      const marker = await unlockMarker();
      if (marker !== seenUnlock) {
        seenUnlock = marker;
        failures.clear();
      }
      if (!authorization || !/^Basic /i.test(authorization)) throw unauthorized(REALM, fromOwnPage);
      failures.check(key);
      failures.count(key);
      const slow = await credentials.costly(authorization);
      if (slow && slowChecks >= MAX_SLOW_CHECKS) {
        failures.release(key);
        throw tooManyRequests(1);
      }
      if (slow) slowChecks++;
      let ok: boolean;
      try {
        ok = await credentials.verify(authorization);
      } finally {
        if (slow) slowChecks--;
      }
      if (ok) {
        failures.reset(key);
        return;
      }
      throw unauthorized(REALM, fromOwnPage);
    },
  };
}

export type AdminGuard = ReturnType<typeof createAdminGuard>;
