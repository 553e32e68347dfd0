import { closeSync, constants, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseOpenError } from '../open-error';
import { fileLock } from './file-lock';

/**
 * One `kviz serve` per database file, whatever name it is reached by. Two servers on one file
 * each keep their own rate limits and caches, and through two names (a hard link) each its
 * own WAL: both write one file and corrupt it (issue 37: "Rowid out of order" after 5 s).
 *
 * So the server holds an exclusive `flock` on the database file itself for its lifetime. The
 * lock belongs to the file (its inode), not to a name: a hard link, a symlink, a bind mount or
 * another relative path all meet the same lock. SQLite's own locks are `fcntl` byte ranges,
 * which on Linux and macOS are independent of `flock`, so the server's SQLite connections and
 * the commands (import, backup, stats, admin, which do not take it) work beside it. The
 * operating system drops it when the process ends, even by kill -9: a crash never leaves a
 * stale lock (docs/decisions/012).
 */
export function acquireServeLock(databasePath: string): { release(): void } {
  if (databasePath === ':memory:') return { release() {} };
  let fd: number;
  try {
    mkdirSync(dirname(databasePath), { recursive: true });
    // Created when missing (a first start): SQLite takes an empty file as an empty database.
    fd = openSync(databasePath, constants.O_RDONLY | constants.O_CREAT, 0o644);
  } catch (error) {
    throw new DatabaseOpenError(databasePath, `it cannot be opened: ${(error as Error).message}`);
  }
  const held = fileLock(fd);
  if (held === 'busy') {
    closeSync(fd);
    throw new DatabaseOpenError(
      databasePath,
      'another kviz server is already serving this file (under this or another name: a hard link, a symlink, a bind mount); stop it first',
    );
  }
  return { release: () => closeSync(fd) };
}
