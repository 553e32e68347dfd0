import type { SQL } from 'bun';
import { type BunSQLDatabase, drizzle } from 'drizzle-orm/bun-sql';
import { migrate } from 'drizzle-orm/bun-sql/migrator';
import { assetPath } from '../../assets';
import { type MigrationStatus, migrationStatusOf, readJournal } from '../migration-journal';
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
  /** Connections in the pool (the server's reads and writes share it): DATABASE_POOL_MAX; 1 for a command. */
  max?: number;
  /** Seconds opening one connection may take (DATABASE_CONNECT_TIMEOUT_SECONDS). */
  connectTimeoutSeconds?: number;
}

/**
 * The pool. Parameters of the URL Bun's client reads (`sslmode`, `application_name`, …) apply;
 * the pool size and connect timeout come from the options (src/config.ts refuses them in the URL).
 */
export function createPgDb(url: string, options: PgOptions = {}): PgDb {
  const client = new Bun.SQL(url, {
    max: options.max ?? 10,
    idleTimeout: 60,
    connectionTimeout: options.connectTimeoutSeconds ?? 10,
    prepare: preparesStatements(url),
  });
  return drizzle({ client, schema }) as PgDb;
}

/**
 * `?prepare=false` in the URL: no named prepared statements (Bun's client prepares each query
 * once per connection by default). PgBouncer before 1.21 in transaction mode hands a client's
 * next statement to another server connection, where "P0" is unknown or already taken
 * (docs/deploy.md, "Connections and PgBouncer").
 */
const preparesStatements = (url: string) => new URL(url).searchParams.get('prepare') !== 'false';

/** One connection of its own (a session lock belongs to one connection; a pool could run the unlock on another). */
export const singleConnection = (url: string, connectTimeoutSeconds = 10) =>
  new Bun.SQL(url, { max: 1, connectionTimeout: connectTimeoutSeconds, prepare: preparesStatements(url) });

/** The latest applied migration's time: drizzle's own table, absent before the first migration. */
async function lastApplied(client: SQL): Promise<number | undefined> {
  const [table] = await client`SELECT to_regclass('drizzle.__drizzle_migrations') AS name`;
  if (!table?.name) return undefined;
  const [row] = await client`SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations`;
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}

/** What the database has applied and what this binary would apply, on a client the caller has; changes nothing. */
export async function pgMigrationStatusOn(client: SQL): Promise<MigrationStatus> {
  return migrationStatusOf(readJournal(pgMigrationsFolder), await lastApplied(client));
}

/** The same on a connection of its own, closed before it returns. */
export async function pgMigrationStatus(
  url: string,
  connectTimeoutSeconds?: number,
): Promise<MigrationStatus> {
  const client = singleConnection(url, connectTimeoutSeconds);
  try {
    return await pgMigrationStatusOn(client);
  } finally {
    await client.close();
  }
}

/**
 * Applies the pending migrations under the advisory lock, on a connection of its own, and
 * returns the tags it applied (drizzle applies them in one transaction). Pending ones are read
 * under the lock: an instance that waited for another finds nothing left to do.
 */
export async function migratePg(url: string, connectTimeoutSeconds?: number): Promise<string[]> {
  const client = singleConnection(url, connectTimeoutSeconds);
  try {
    await client`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      const { pending } = await pgMigrationStatusOn(client);
      if (pending.length > 0) await migrate(drizzle({ client }), { migrationsFolder: pgMigrationsFolder });
      return pending;
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
