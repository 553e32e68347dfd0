import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie a signed-in browser keeps (docs/decisions/012, amendment of issue 37). */
export const DEVICE_COOKIE = 'kviz_admin_device';
/** A device is known this long after its last sign-in with the password. */
export const DEVICE_TTL_SECONDS = 30 * 24 * 3600;

export interface AdminDevices {
  /** A new device token, for a browser that has just signed in with `authorization`. */
  issue(authorization: string): Promise<string>;
  /**
   * The device of `token` when it was issued here for the current password and has not
   * expired; `verified` when it was issued for this very `authorization` (no slow check needed).
   */
  recognise(
    token: string | undefined,
    authorization: string,
  ): Promise<{ id: string; verified: boolean } | undefined>;
}

/**
 * Devices on which the administrator signed in: a token `id.expires.device.verified` where
 * `device` is an HMAC of the id and expiry and `verified` an HMAC of those and the
 * Authorization header that signed in, both under a key made of a secret kept in the database
 * and the password's identity (AdminCredentials.deviceKey). The server keeps nothing per
 * device; changing the password (`kviz admin password`, a new ADMIN_PASSWORD) revokes every
 * device at once. A thief of the cookie still needs the password, and guesses it under the
 * device's own lockout; the key never leaves the server, so the cookie allows no offline guess.
 */
export function createAdminDevices(keyMaterial: () => Promise<string>, nowMs: () => number): AdminDevices {
  // The key changes only with the password: derived once per key material, not per request (a
  // client without the cookie, e.g. a script with Basic auth, is issued a device on every read).
  let derived: { material: string; key: Buffer } | undefined;
  const keyFor = async () => {
    const material = await keyMaterial();
    if (derived?.material !== material)
      derived = { material, key: createHmac('sha256', 'kviz admin device').update(material).digest() };
    return derived.key;
  };
  const mac = (key: Buffer, ...parts: string[]) =>
    createHmac('sha256', key).update(parts.join('\u0000')).digest();
  const same = (given: string, expected: Buffer) => {
    const received = Buffer.from(given, 'base64url');
    return received.length === expected.length && timingSafeEqual(received, expected);
  };
  return {
    async issue(authorization) {
      const key = await keyFor();
      const id = randomBytes(12).toString('base64url');
      const expires = String(Math.floor(nowMs() / 1000) + DEVICE_TTL_SECONDS);
      const device = mac(key, id, expires).toString('base64url');
      return `${id}.${expires}.${device}.${mac(key, id, expires, authorization).toString('base64url')}`;
    },
    async recognise(token, authorization) {
      const match = token?.match(
        /^([A-Za-z0-9_-]{16})\.(\d{1,12})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/,
      );
      if (!match) return undefined;
      const [, id, expires, device, verified] = match as unknown as [string, string, string, string, string];
      if (Number(expires) * 1000 <= nowMs()) return undefined;
      const key = await keyFor();
      if (!same(device, mac(key, id, expires))) return undefined;
      return { id, verified: same(verified, mac(key, id, expires, authorization)) };
    },
  };
}

/** The device token of a Cookie header, if any. */
export function deviceTokenOf(cookie: string | null): string | undefined {
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie value of a new device token: only for the admin API, never sent to another site. */
export const deviceCookie = (token: string, secure: boolean) =>
  `${DEVICE_COOKIE}=${token}; Path=/api/admin; Max-Age=${DEVICE_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
