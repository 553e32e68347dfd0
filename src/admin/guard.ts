import { tooManyRequests, unauthorized } from '../errors';
import type { Limiter } from '../http/shared-limit';
import type { AdminCredentials } from './credentials';
import type { AdminDevices } from './devices';

const REALM = 'Kviz znanja admin';

/**
 * Slow password checks (argon2, slow by design) allowed at once; more answer 429, so guesses
 * cannot tie up the CPU.
 */
const MAX_SLOW_CHECKS = 2;

export interface AdminGuardDeps {
  credentials: AdminCredentials;
  /** Browsers the administrator signed in on (a signed cookie): their own lane and lockout. */
  devices: AdminDevices;
  /** Failed sign-ins per limiter key and window (RATE_LIMIT_ADMIN_FAILURES per 15 minutes). */
  failures: Limiter;
  /** Changes when `kviz admin unlock` ran (read from the database: it runs in another process). */
  unlockMarker: () => string | undefined | Promise<string | undefined>;
}

/** What a successful sign-in leaves to the route: a device token to set when the browser had none. */
export interface Admitted {
  newDevice?: string;
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
 * A browser with a valid device cookie (src/admin/devices.ts, set at each sign-in that needed
 * a check) is admitted at once when it sends the header it signed in with; with another header
 * it is counted by its device instead of its address and has slow-check slots of its own.
 * Guessers from many addresses can fill the strangers' slots and lock addresses, never a known
 * device out (issue 37).
 */
export function createAdminGuard({ credentials, devices, failures, unlockMarker }: AdminGuardDeps) {
  const lanes = { strangers: 0, devices: 0 };
  // Read at the first request (the marker may come over the network): a marker older than this
  // process then "changes" once and clears failures that are still empty.
  let seenUnlock: string | undefined;
  return {
    /** Resolves when `authorization` is the administrator's; throws 401 or 429 otherwise. */
    async admit(
      key: string,
      authorization: string | null,
      fromOwnPage: boolean,
      deviceToken?: string,
    ): Promise<Admitted> {
      const marker = await unlockMarker();
      if (marker !== seenUnlock) {
        seenUnlock = marker;
        await failures.clear();
      }
      if (!authorization || !/^Basic /i.test(authorization)) throw unauthorized(REALM, fromOwnPage);
      const device = await devices.recognise(deviceToken, authorization);
      // The very header this device signed in with, under the current password: no slow check.
      if (device?.verified) return {};
      const lane = device === undefined ? 'strangers' : 'devices';
      const counted = device === undefined ? key : `device ${device.id}`;
      // Counted unless locked, in one step (one statement when shared): concurrent guesses, on
      // any instance, cannot all pass the check before they are counted.
      const quota = await failures.consume(counted);
      if (!quota.allowed) throw tooManyRequests(quota.resetSeconds);
      const slow = await credentials.costly(authorization);
      if (slow && lanes[lane] >= MAX_SLOW_CHECKS) {
        await failures.release(counted);
        throw tooManyRequests(1);
      }
      if (slow) lanes[lane]++;
      let ok: boolean;
      try {
        ok = await credentials.verify(authorization);
      } finally {
        if (slow) lanes[lane]--;
      }
      if (ok) {
        await failures.reset(counted);
        return { newDevice: await devices.issue(authorization) };
      }
      throw unauthorized(REALM, fromOwnPage);
    },
  };
}

export type AdminGuard = ReturnType<typeof createAdminGuard>;
