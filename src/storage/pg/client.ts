import type { SQL } from 'bun';
import { type BunSQLDatabase, drizzle } from 'drizzle-orm/bun-sql';
import { migrate } from 'drizzle-orm/bun-sql/migrator';
import { assetPath } from '../../assets';
import * as schema from './schema';

/**
 * PostgreSQL through Bun's built-in client (docs/decisions/023-postgresql.md:
 * chosen by measurement, and no dependency) with drizzle's `bun-sql` driver. The client is
 * `Bun.SQL`, never imported: the build hoists imports from 'bun' to the binary's start, and
 * binding it there loads the client on SQLite too (docs/decisions/027).
 */
export type PgDb = BunSQLDatabase<typeof schema> & { $client: SQL };

/** The drizzle-kit SQL migrations of the PostgreSQL schema, from the repository or embedded in the binary. */
const pgMigrationsFolder = assetPath('src/storage/pg/pg-migrations');

/**
 * The key of the session advisory lock held while migrating: every instance
 * started at once waits for the first to finish, then finds nothing to do
 * (drizzle reads the last applied migration before its transaction, so two
 * unlocked migrators would both apply it). Any fixed 64-bit number; this one
 * spells "kviz" in ASCII.
 */
const MIGRATION_LOCK = 0x6b_76_69_7a;

export interface PgOptions {
  /** Connections in the pool (the server's reads and writes share it). */
  max?: number;
}

export function createPgDb(url: string, options: PgOptions = {}): PgDb {
  const client = new Bun.SQL(url, { max: options.max ?? 10, idleTimeout: 60, connectionTimeout: 10 });
  return drizzle({ client, schema }) as PgDb;
}

/**
 * Applies the pending migrations under the advisory lock, on a connection of
 * its own (a session lock belongs to one connection; a pool could run the
 * unlock on another).
 */
export async function migratePg(url: string): Promise<void> {
  const client = new Bun.SQL(url, { max: 1, connectionTimeout: 10 });
  try {
    await client`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      await migrate(drizzle({ client }), { migrationsFolder: pgMigrationsFolder });
    } finally {
      await client`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    await client.close();
  }
}

export async function closePgDb(db: PgDb): Promise<void> {
  await db.$client.close();
}
