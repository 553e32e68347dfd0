import { Database } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseOpenError, sqliteMessage } from '../open-error';

/**
 * One `kviz serve` per database file. Two servers on one file would each keep
 * their own rate limits and caches; so the server holds an exclusive SQLite
 * lock on `<database>.serve-lock` for its lifetime. The operating system drops
 * the lock when the process ends, even by kill -9, so a crash never leaves a
 * stale lock. The commands (import, backup, stats, admin) do not take it: they
 * work beside a running server.
 */
export function acquireServeLock(databasePath: string): { release(): void } {
  if (databasePath === ':memory:') return { release() {} };
  const path = `${databasePath}.serve-lock`;
  let lock: Database | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    lock = new Database(path, { create: true, strict: true });
    lock.exec('PRAGMA busy_timeout = 0');
    lock.exec('PRAGMA locking_mode = EXCLUSIVE');
    // Its content does not matter: no journal file beside it, and no fsync of its writes (two
    // fsyncs at every start, docs/decisions/027).
    lock.exec('PRAGMA journal_mode = OFF');
    lock.exec('PRAGMA synchronous = OFF');
    // The first write takes the exclusive lock; EXCLUSIVE mode keeps it until close.
    lock.exec('CREATE TABLE IF NOT EXISTS serve_lock (pid INTEGER)');
    lock.exec('DELETE FROM serve_lock');
    lock.run('INSERT INTO serve_lock (pid) VALUES (?)', [process.pid]);
  } catch (error) {
    lock?.close();
    const busy = /locked|busy/i.test(sqliteMessage(error));
    throw new DatabaseOpenError(
      databasePath,
      busy
        ? `another kviz server is already serving it (lock ${path}); stop it first, or give this one another DATABASE_PATH`
        : `its lock file ${path} cannot be used: ${sqliteMessage(error)}`,
    );
  }
  return { release: () => lock?.close() };
}
