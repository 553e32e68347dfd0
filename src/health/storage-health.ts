/** Seconds a client is asked to wait after a write the storage refused. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/**
 * A write the storage cannot take now, through any wrapper (Drizzle puts the driver's error in
 * `cause`): a full disk (SQLite's SQLITE_FULL, ENOSPC, PostgreSQL's disk_full 53100), an I/O
 * error, a read-only file. Such a fault passes when the operator frees space or remounts; it is
 * not a bug of the request.
 */
export function isStorageFault(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = String((e as { code?: unknown; errno?: unknown }).code ?? '');
    if (
      /^SQLITE_(?:FULL|IOERR|READONLY|CANTOPEN)/.test(code) ||
      /^(?:ENOSPC|EIO|EROFS|EDQUOT|53100)$/.test(code)
    )
      return true;
    if (/database or disk is full|no space left on device|disk I\/O error|readonly database/i.test(e.message))
      return true;
  }
  return false;
}

/**
 * Whether writes go through: failing from a write the storage refused until one succeeds.
 * /healthz answers 503 while it fails; a probe write (a page of its own, so a full disk refuses
 * it) finds the recovery when no play is being written.
 */
export function createStorageHealth(probe?: () => Promise<void>) {
  let failingSince: number | undefined;
  let probing: Promise<void> | undefined;
  return {
    /** A write the storage refused (anything else is not the storage's health). */
    failed(error: unknown): void {
      if (isStorageFault(error)) failingSince ??= Date.now();
    },
    succeeded(): void {
      failingSince = undefined;
    },
    /** `undefined` while writes go through; the reason otherwise (probed again first). */
    async problem(): Promise<'storage_unavailable' | undefined> {
      if (failingSince === undefined) return undefined;
      if (probe) {
        probing ??= probe().then(
          () => {
            failingSince = undefined;
          },
          () => {},
        );
        await probing;
        probing = undefined;
      }
      return failingSince === undefined ? undefined : 'storage_unavailable';
    },
  };
}

export type StorageHealth = ReturnType<typeof createStorageHealth>;

/** The probe write of a server: a value of 16 KiB (new pages: a full disk refuses them), then emptied. */
export const metaProbe = (meta: { write(key: string, value: string): Promise<void> }) => async () => {
  await meta.write('storage_probe', 'x'.repeat(16_384));
  await meta.write('storage_probe', '');
};
