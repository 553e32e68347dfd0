import { type Config, redactedUrl } from '../../config';
import type { OpenOptions, Runtime } from '../contract';
import { pendingMessage } from '../migration-journal';
import { DatabaseOpenError } from '../open-error';
import { logSeeded, openSettings } from '../settings';
import { importCataloguePg, loadCatalogueIndexPg, seedCataloguePg } from './catalogue';
import { closePgDb, createPgDb, migratePg, type PgDb, pgMigrationStatus } from './client';
import { connectProblem } from './connect-error';
import { createPgLimitWindows } from './limit-windows';
import { pgMeta } from './meta';
import { createPgStores } from './stores';

/** The PostgreSQL runtime: the contract's, plus the pool for the PostgreSQL-only tools (copy, tests). */
export interface PgRuntime extends Runtime {
  engine: 'postgres';
  pg: PgDb;
}

/**
 * PostgreSQL: migrations under an advisory lock, the seed under another, the
 * secrets created once (`ON CONFLICT DO NOTHING`, then read back): instances
 * started together agree on all of them. Any failure becomes one
 * DatabaseOpenError naming the URL without its password.
 */
export async function openPgRuntime(url: string, config: Config, options: OpenOptions): Promise<PgRuntime> {
  const describe = redactedUrl(url);
  let pg: PgDb | undefined;
  try {
    await migrateOrCheck(url, config, options);
    // The server's pool is DATABASE_POOL_MAX; a command works on one connection (issue 31).
    pg = createPgDb(url, {
      max: options.exclusive ? config.databasePoolMax : 1,
      connectTimeoutSeconds: config.databaseConnectTimeoutSeconds,
    });
    if (options.seed) {
      const seeded = await seedCataloguePg(pg);
      if (seeded) logSeeded(options.log, seeded);
    }
    const meta = pgMeta(pg);
    const settings = await openSettings(meta, config);
    const stores = createPgStores(pg, settings.secrets.playerSalt);
    await stores.ready;
    const db = pg;
    const limitWindows = createPgLimitWindows(db);
    return {
      engine: 'postgres',
      pg: db,
      stores,
      catalogue: await loadCatalogueIndexPg(db),
      ...settings,
      meta,
      importCatalogue: (catalogue) => importCataloguePg(db, catalogue),
      // PostgreSQL databases were never written by a version with the old raw record.
      upgrade: async () => undefined,
      describe,
      limitWindows,
      close: async () => {
        limitWindows.close();
        stores.close();
        await closePgDb(db);
      },
    };
  } catch (error) {
    if (pg) await closePgDb(pg).catch(() => {});
    if (error instanceof DatabaseOpenError) throw error;
    throw new DatabaseOpenError(describe, await connectProblem(url, error));
  }
}

/** MIGRATE_ON_START=true: applies what is pending (a log line each); false: refuses a database behind the binary. */
async function migrateOrCheck(url: string, config: Config, options: OpenOptions): Promise<void> {
  const timeout = config.databaseConnectTimeoutSeconds;
  if (config.migrateOnStart) {
    for (const tag of await migratePg(url, timeout)) options.onMigrated?.(tag);
    return;
  }
  const { pending } = await pgMigrationStatus(url, timeout);
  if (pending.length > 0) throw new DatabaseOpenError(redactedUrl(url), pendingMessage(pending));
}
