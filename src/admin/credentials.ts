import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { MetaStore } from '../storage/contract';

const PASSWORD_HASH_KEY = 'admin_password_hash';
/** A verified Authorization header is trusted this long without re-running the slow password hash. */
const VERIFIED_TTL_MS = 5 * 60 * 1000;

const digest = (value: string) => Bun.SHA256.hash(value) as Uint8Array;
const sameDigest = (a: string, b: Uint8Array) => timingSafeEqual(digest(a), b);

export interface AdminCredentials {
  /** True when `authorization` is `Basic base64(username:password)` with the right pair. Constant time in the secret. */
  verify(authorization: string | null): Promise<boolean>;
  /** True when `verify` would run the slow password hash (argon2, slow by design) for this header. */
  costly(authorization: string | null): boolean | Promise<boolean>;
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Stores the hash of a new administrator password (argon2id); the password itself is never stored. */
export async function setAdminPassword(meta: MetaStore, password: string): Promise<void> {
  await meta.write(PASSWORD_HASH_KEY, await Bun.password.hash(password));
}

function parseBasic(authorization: string | null): { username: string; password: string } | undefined {
  const match = authorization?.match(/^Basic +([A-Za-z0-9+/=]+) *$/i);
  if (!match) return undefined;
  const encoded = match[1]!;
  const bytes = Buffer.from(encoded, 'base64');
  // Only the canonical encoding: Node's decoder skips junk after the padding.
  if (bytes.toString('base64') !== encoded) return undefined;
  const decoded = bytes.toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The administrator's credentials: ADMIN_USERNAME with ADMIN_PASSWORD when set
 * (compared as SHA-256 digests in constant time), otherwise the argon2id hash
 * kept in the database, created with a generated password printed once on the
 * first start. argon2 is slow by design (docs/performance.md#figures-behind-code-comments), so a
 * verified header is remembered (as a digest) for a few minutes instead of being re-hashed on
 * every request.
 */
export async function loadAdminCredentials(
  config: Config,
  meta: MetaStore,
  log: Logger,
  nowMs: () => number = Date.now,
): Promise<AdminCredentials> {
  const username = digest(config.adminUsername);
  if (config.adminPassword !== undefined) {
    const password = digest(config.adminPassword);
    // The header a browser sends for the right pair: compared whole first, one digest and no
    // parsing on every admin request. Any other spelling (`basic`, extra spaces) takes the
    // parse below; which path answered tells a guesser nothing the status does not. (The
    // configuration refuses a username with a colon, which Basic credentials cannot carry.)
    const canonical = digest(
      `Basic ${Buffer.from(`${config.adminUsername}:${config.adminPassword}`).toString('base64')}`,
    );
    return {
      async verify(authorization) {
        if (authorization !== null && sameDigest(authorization, canonical)) return true;
        const given = parseBasic(authorization);
        if (!given) return false;
        // Both comparisons always run: the time does not tell which part was wrong.
        const userOk = sameDigest(given.username, username);
        const passwordOk = sameDigest(given.password, password);
        return userOk && passwordOk;
      },
      costly: () => false,
    };
  }

  if ((await meta.read(PASSWORD_HASH_KEY)) === undefined) {
    const generated = generatePassword();
    const hash = await Bun.password.hash(generated);
    // Instances started together over one PostgreSQL database all get here: the first hash
    // stored is kept, and only the instance whose password it is prints it. (Each writing its
    // own printed two passwords of which only the last written worked.)
    const kept = await meta.readOrCreate(PASSWORD_HASH_KEY, () => hash);
    // Whatever LOG_LEVEL says: this is the only time the password can be seen.
    if (kept === hash)
      log.always(
        'generated an administrator password; it is shown only this once (set ADMIN_PASSWORD or run `kviz admin password` to change it)',
        {
          username: config.adminUsername,
          password: generated,
        },
      );
  }
  const verified = new Map<string, number>();
  // The stored hash is part of the key: after `kviz admin password` (another process),
  // a header verified against the old password no longer matches anything remembered.
  const rememberedKey = (hash: string | undefined, authorization: string) =>
    Bun.SHA256.hash(`${hash}\u0000${authorization}`, 'base64');
  const remembered = (hash: string | undefined, authorization: string) =>
    (verified.get(rememberedKey(hash, authorization)) ?? 0) > nowMs();
  return {
    async costly(authorization) {
      if (!authorization || !parseBasic(authorization)) return false;
      return !remembered(await meta.read(PASSWORD_HASH_KEY), authorization);
    },
    async verify(authorization) {
      const given = parseBasic(authorization);
      if (!given || !authorization) return false;
      const hash = await meta.read(PASSWORD_HASH_KEY);
      const key = rememberedKey(hash, authorization);
      if (remembered(hash, authorization)) return true;
      const userOk = sameDigest(given.username, username);
      const passwordOk = hash !== undefined && (await Bun.password.verify(given.password, hash));
      if (!userOk || !passwordOk) return false;
      if (verified.size > 100) verified.clear();
      verified.set(key, nowMs() + VERIFIED_TTL_MS);
      return true;
    },
  };
}

const UNLOCKED_AT_KEY = 'admin_unlocked_at';

/** What changes when `kviz admin unlock` runs; the server compares it on every admin request. */
export const adminUnlockMarker = (meta: MetaStore) => () => meta.read(UNLOCKED_AT_KEY);

/** Clears every admin lockout of the running server(s): they see the new marker at their next admin request. */
export async function unlockAdmin(meta: MetaStore, nowMs: number): Promise<void> {
  await meta.write(UNLOCKED_AT_KEY, String(nowMs));
}
