import { Database } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type BunSQLiteDatabase, drizzle } from 'drizzle-orm/bun-sqlite';
import * as schema from './schema';

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };

export interface DbOptions {
  synchronous?: 'NORMAL' | 'FULL';
}

/**
 * Opens (creating when needed) the SQLite database with the pragmas the
 * product relies on. bun:sqlite creates no parent folders and defaults to
 * synchronous=FULL, foreign_keys=OFF and busy_timeout=0, so all are set here.
 * `':memory:'` gives a private database (tests).
 */
export function createSqliteDb(path: string, options: DbOptions = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec('PRAGMA journal_mode = WAL');
  // NORMAL in WAL mode loses no committed transaction on a process crash, only on power loss.
  sqlite.exec(`PRAGMA synchronous = ${options.synchronous ?? 'NORMAL'}`);
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('PRAGMA foreign_keys = ON');
  return drizzle({ client: sqlite, schema }) as Db;
}

export function closeDb(db: Db): void {
  db.$client.close();
}
