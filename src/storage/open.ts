import type { Config } from '../config';
import type { OpenOptions, Runtime } from './contract';
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
