import { type Config, redactedUrl } from '../config';
import type { DatabaseCheck, MigrationStatus, OpenOptions, Runtime } from './contract';
import { DatabaseOpenError } from './open-error';
import { openSqliteRuntime } from './sqlite/runtime';

/**
 * Opens the database and brings it up to date: migrations, the generated secrets and, for the
 * server, the demo catalogue on first start. `kviz serve` and every command that works on the
 * database start here: the one place that picks an engine — PostgreSQL when `DATABASE_URL` is
 * set (docs/decisions/023), SQLite otherwise. `kviz backup` alone opens the file itself, because
 * it must never create or migrate the database it copies.
 */
export async function openRuntime(config: Config, options: OpenOptions): Promise<Runtime> {
  if (!config.databaseUrl) return openSqliteRuntime(config, options);
  // Loaded only here: on SQLite its modules, driver and schema cost start time and memory for nothing.
  const { openPgRuntime } = await import('./pg/runtime');
  return openPgRuntime(config.databaseUrl, config, options);
}

/** Applied and pending migrations of the configured database; changes nothing (`kviz migrate status`). */
export async function migrationStatus(config: Config): Promise<MigrationStatus> {
  if (!config.databaseUrl) {
    const { sqliteMigrationStatusOf } = await import('./sqlite/db-check');
    return sqliteMigrationStatusOf(config.databasePath);
  }
  const url = config.databaseUrl;
  const { pgMigrationStatus } = await import('./pg/client');
  return pgCommand(url, () => pgMigrationStatus(url, config.databaseConnectTimeoutSeconds));
}

/** Applies the pending migrations whatever MIGRATE_ON_START says (`kviz migrate up`); their tags, in order. */
export async function migrateUp(config: Config): Promise<string[]> {
  if (!config.databaseUrl) {
    const { sqliteMigrateUp } = await import('./sqlite/db-check');
    return sqliteMigrateUp(config.databasePath);
  }
  const url = config.databaseUrl;
  const { migratePg } = await import('./pg/client');
  return pgCommand(url, () => migratePg(url, config.databaseConnectTimeoutSeconds));
}

/** Reachable, migrated, writable (`kviz db check`). */
export async function checkDatabase(config: Config): Promise<DatabaseCheck> {
  if (!config.databaseUrl) {
    const { checkSqliteDatabase } = await import('./sqlite/db-check');
    return checkSqliteDatabase(config.databasePath);
  }
  const { checkPgDatabase } = await import('./pg/db-check');
  return checkPgDatabase(config.databaseUrl, config.databaseConnectTimeoutSeconds);
}

/** A PostgreSQL failure of a command as one line naming the database (without its password) and the host that failed. */
async function pgCommand<T>(url: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { connectProblem } = await import('./pg/connect-error');
    throw new DatabaseOpenError(redactedUrl(url), await connectProblem(url, error));
  }
}
