import { AppError } from '../errors';
import type { Logger } from '../logger';

/** Seconds a client is asked to wait after a write the storage refused (a full disk: the operator must act). */
const STORAGE_RETRY_AFTER_SECONDS = 30;

/** Seconds a client is asked to wait while the database does not answer (a restart, a failover: seconds). */
const UNREACHABLE_RETRY_AFTER_SECONDS = 5;

/** At most one log line about the storage's trouble per this many ms, however many requests meet it (issue 31). */
const LOG_INTERVAL_MS = 1_000;

/** At most one recovery check (ping, probe write) per this many ms while failing. */
const RECHECK_MS = 1_000;

type Problem = 'storage_unavailable' | 'database_unreachable';

const codesOf = (e: Error) => {
  const { code, errno } = e as { code?: unknown; errno?: unknown };
  return [String(code ?? ''), String(errno ?? '')];
};

/**
 * The database does not answer: Bun's PostgreSQL client could not connect or lost its connection,
 * or the server refuses new sessions (SQLSTATE class 08 connection exception, 57P01–57P03 shutdown
 * or starting up, 53300 too many connections), through any wrapper.
 */
function isUnreachable(e: Error): boolean {
  return codesOf(e).some(
    (c) =>
      /^ERR_POSTGRES_(?:CONNECTION_|IDLE_TIMEOUT|LIFETIME_TIMEOUT|TLS)/.test(c) ||
      /^(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE)$/.test(c) ||
      /^(?:08[0-9A-Z]{3}|57P0[123]|53300)$/.test(c),
  );
}

/** A write refused for want of space or permission: a full disk, an I/O error, a read-only file or server. */
function isRefusedWrite(e: Error): boolean {
  if (
    codesOf(e).some(
      (c) =>
        /^SQLITE_(?:FULL|IOERR|READONLY|CANTOPEN)/.test(c) ||
        /^(?:ENOSPC|EIO|EROFS|EDQUOT|53100|53200|58030|25006)$/.test(c),
    )
  )
    return true;
  return /database or disk is full|no space left on device|disk I\/O error|readonly database/i.test(
    e.message,
  );
}

/** Which storage problem an error is, through wrappers (Drizzle puts the driver's error in `cause`); undefined: none. */
export function storageProblemOf(error: unknown): Problem | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (isUnreachable(e)) return 'database_unreachable';
    if (isRefusedWrite(e)) return 'storage_unavailable';
  }
  return undefined;
}

/**
 * A fault of the storage, not of the request: a full disk (SQLite's SQLITE_FULL, ENOSPC,
 * PostgreSQL's disk_full 53100), an I/O error, a read-only file, or a database that does not
 * answer (PostgreSQL stopped, restarting, out of connections). It passes when the operator acts
 * or the database is back; a retry then succeeds.
 */
export function isStorageFault(error: unknown): boolean {
  return storageProblemOf(error) !== undefined;
}

/** The answer to a request that needs the storage while it fails: 503 storage_unavailable with Retry-After. */
export function storageUnavailable(problem: Problem = 'storage_unavailable'): AppError {
  const seconds =
    problem === 'database_unreachable' ? UNREACHABLE_RETRY_AFTER_SECONDS : STORAGE_RETRY_AFTER_SECONDS;
  return new AppError(
    503,
    'storage_unavailable',
    `The server cannot store anything right now; nothing was recorded. Try again in ${seconds} s.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

export interface StorageHealthDeps {
  /** A small write of its own (a full disk refuses it): finds the recovery when no play is written. */
  probe?: () => Promise<void>;
  log?: Logger;
  nowMs?: () => number;
}

/**
 * Whether the storage takes writes: failing from a storage fault (a refused write, a database
 * that does not answer) until a write succeeds or a recovery check (the probe write) goes through.
 * While failing, /healthz answers 503, the routes that hand out plays refuse (`refusing`), and
 * the trouble is logged at most once a second with the number of faults since the last line.
 */
export function createStorageHealth(deps: StorageHealthDeps | (() => Promise<void>) = {}) {
  const { probe, log, nowMs = Date.now } = typeof deps === 'function' ? { probe: deps } : deps;
  let failing: { since: number; problem: Problem } | undefined;
  let probing: Promise<void> | undefined;
  let lastCheck = 0;
  let lastLog = -Infinity;
  let unlogged = 0;
  const recover = () => {
    if (failing && log)
      log.info('the storage takes writes again', {
        problem: failing.problem,
        seconds: (nowMs() - failing.since) / 1000,
      });
    failing = undefined;
  };
  const check = (): Promise<void> => {
    if (!probe) return Promise.resolve();
    lastCheck = nowMs();
    probing ??= probe()
      .then(recover, () => {})
      .finally(() => {
        probing = undefined;
      });
    return probing;
  };
  return {
    /**
     * Told of any error of a write or read: a storage fault starts (or continues) the failure and
     * is logged, at most one line a second (anything else is not the storage's health).
     */
    failed(error: unknown, where?: Record<string, unknown>): void {
      const problem = storageProblemOf(error);
      if (!problem) return;
      failing ??= { since: nowMs(), problem };
      failing.problem = problem;
      unlogged++;
      const now = nowMs();
      if (log && now - lastLog >= LOG_INTERVAL_MS) {
        log.warn('the storage is unavailable', {
          problem,
          faults: unlogged,
          error: String((error as Error)?.message ?? error),
          ...where,
        });
        lastLog = now;
        unlogged = 0;
      }
    },
    succeeded(): void {
      if (failing) recover();
    },
    /** `undefined` while writes go through; the reason otherwise (checked again first). */
    async problem(): Promise<Problem | undefined> {
      if (failing === undefined) return undefined;
      await check();
      return failing?.problem;
    },
    /**
     * Synchronous, for the routes that hand out plays: the problem while failing (a recovery check
     * is started, at most one a second), undefined otherwise.
     */
    refusing(): Problem | undefined {
      if (failing === undefined) return undefined;
      if (nowMs() - lastCheck >= RECHECK_MS) void check();
      return failing?.problem;
    },
  };
}

export type StorageHealth = ReturnType<typeof createStorageHealth>;

/** The probe write of a server: a value of 16 KiB (new pages: a full disk refuses them), then emptied. */
export const metaProbe = (meta: { write(key: string, value: string): Promise<void> }) => async () => {
  await meta.write('storage_probe', 'x'.repeat(16_384));
  await meta.write('storage_probe', '');
};
