import type { Db } from './client';

/**
 * Another process's commits show through at most this long after they happen.
 * Reading `PRAGMA data_version` opens a WAL read snapshot and costs about as much as a cached
 * page answer itself (docs/decisions/010); read at most once a millisecond, it
 * costs nothing under load, and a request is never served data older than a
 * request arriving a millisecond earlier would have seen.
 */
const RECHECK_MS = 1;

/**
 * The SQLite statistics version (docs/decisions/010): `PRAGMA data_version`,
 * which changes when another connection commits (`kviz stats rebuild`, another
 * process), joined with this connection's own commit count, which data_version
 * does not see and which is read fresh every time.
 */
export function createSqliteVersionRead(db: Db, ownCommits: () => number): () => string {
  const dataVersion = db.$client.prepare<{ data_version: number }, []>('PRAGMA data_version');
  let checkedAt = Number.NEGATIVE_INFINITY;
  let others = 0;
  return () => {
    const now = performance.now();
    if (now - checkedAt >= RECHECK_MS) {
      others = dataVersion.get()!.data_version;
      checkedAt = now;
    }
    return `${others}.${ownCommits()}`;
  };
}
