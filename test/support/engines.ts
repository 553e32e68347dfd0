/**
 * Test support: the statistics stores over either engine, holding the same
 * catalogue, so a test can run once per engine (`for (const engine of ENGINES)`)
 * or feed both the same plays and compare. PostgreSQL databases come from the
 * shared throwaway cluster (postgres.ts).
 */

import { afterAll } from 'bun:test';
import type { CatalogueIndex } from '../../src/catalogue/catalogue-index';
import type { CatalogueFile } from '../../src/catalogue/openapi';
import { validateCatalogue } from '../../src/catalogue/validate';
import type { ClientAssets } from '../../src/pages/client-assets';
import type { LimitWindows, MetaStore, StatsStores } from '../../src/storage/contract';
import { importCataloguePg, loadCatalogueIndexPg } from '../../src/storage/pg/catalogue';
import { closePgDb, createPgDb, migratePg, type PgDb } from '../../src/storage/pg/client';
import { createPgLimitWindows } from '../../src/storage/pg/limit-windows';
import { pgMeta } from '../../src/storage/pg/meta';
import { createPgStores } from '../../src/storage/pg/stores';
import { loadCatalogueIndex } from '../../src/storage/sqlite/catalogue-load';
import { createSqliteDb } from '../../src/storage/sqlite/client';
import { sqliteMeta } from '../../src/storage/sqlite/meta';
import { migrateDb } from '../../src/storage/sqlite/migrate';
import { createSqliteStores } from '../../src/storage/sqlite/stores';
import { buildTestApp, createTestApp, createTestDb, makeCatalogue, type TestApp } from './fixtures';
import { rowCounts, statsTables } from './play';
import { createTestDatabase } from './postgres';

export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

export interface EngineStores {
  engine: Engine;
  stores: StatsStores;
  catalogue: CatalogueIndex;
  /** The PostgreSQL URL (postgres only): another instance opens it with `openPgStores`. */
  url?: string;
  close(): Promise<void>;
}

/** Stores of another instance over an existing PostgreSQL database (its own pool, its own version refresh). */
export async function openPgStores(
  url: string,
  playerSalt = 'test-salt',
): Promise<EngineStores & { db: PgDb; limitWindows: LimitWindows }> {
  const db = createPgDb(url, { max: 4 });
  const stores = createPgStores(db, playerSalt);
  // The rate limits' windows in the database, as `kviz serve` has them (docs/decisions/036).
  const limitWindows = createPgLimitWindows(db);
  await stores.ready;
  return {
    engine: 'postgres',
    db,
    stores,
    limitWindows,
    url,
    catalogue: await loadCatalogueIndexPg(db),
    close: async () => {
      limitWindows.close();
      stores.close();
      await closePgDb(db);
    },
  };
}

/** Migrated databases holding a catalogue, by the catalogue's JSON: copied (CREATE DATABASE … TEMPLATE) for each test. */
const templates = new Map<string, Promise<string>>();

async function templateFor(catalogueFile: CatalogueFile): Promise<string> {
  const key = JSON.stringify(catalogueFile);
  let template = templates.get(key);
  if (!template) {
    template = (async () => {
      const url = await createTestDatabase();
      await migratePg(url);
      const db = createPgDb(url, { max: 1 });
      const result = validateCatalogue(catalogueFile);
      if (!result.catalogue) throw new Error(JSON.stringify(result.errors));
      await importCataloguePg(db, result.catalogue);
      await closePgDb(db);
      return new URL(url).pathname.slice(1);
    })();
    templates.set(key, template);
  }
  return template;
}

/**
 * A new PostgreSQL database, migrated and holding `catalogueFile`: a copy of a
 * template made once per catalogue (a copy takes a fraction of a migration and an import).
 */
export async function createCatalogueDatabase(
  catalogueFile: CatalogueFile = makeCatalogue(),
): Promise<string> {
  return createTestDatabase(await templateFor(catalogueFile));
}

/**
 * Starts the shared cluster and makes the template of `catalogueFile` (PostgreSQL; nothing on
 * SQLite): a `beforeAll` with CLUSTER_START_MS calls it so no single test pays the start.
 */
export async function warmEngine(
  engine: Engine,
  catalogueFile: CatalogueFile = makeCatalogue(),
): Promise<void> {
  if (engine === 'postgres') await templateFor(catalogueFile);
}

export async function createEngineStores(
  engine: Engine,
  catalogueFile: CatalogueFile = makeCatalogue(),
  playerSalt = 'test-salt',
): Promise<EngineStores> {
  if (engine === 'sqlite') {
    const db = createTestDb(catalogueFile);
    return {
      engine,
      stores: createSqliteStores(db, playerSalt),
      catalogue: loadCatalogueIndex(db),
      close: async () => db.$client.close(),
    };
  }
  return openPgStores(await createCatalogueDatabase(catalogueFile), playerSalt);
}

/** The app of test/support/fixtures.ts over either engine, with what a test reads of its database. */
export interface EngineTestApp extends Omit<TestApp, 'db'> {
  engine: Engine;
  /** Row counts of the statistics tables (rowCounts of play.ts). */
  rows(): Promise<Record<string, number>>;
  /** The rows of one SQL query (written for both engines). */
  all(query: string): Promise<Record<string, unknown>[]>;
  /** The PostgreSQL URL (postgres only): another instance opens it with `openPgStores`. */
  url?: string;
  /** The app's `meta` table (secrets, settings, the admin unlock marker). */
  meta: MetaStore;
  close(): Promise<void>;
}

export async function createEngineTestApp(
  engine: Engine,
  options: {
    catalogue?: CatalogueFile;
    env?: Record<string, string>;
    assets?: ClientAssets;
    /**
     * PostgreSQL: fold the pending plays in before each GET (default), so a test reads what
     * it wrote, as on SQLite, whose readers flush first; false to see the counters' lag
     * (docs/decisions/030) as a server does.
     */
    readYourWrites?: boolean;
  } = {},
): Promise<EngineTestApp> {
  if (engine === 'sqlite') {
    const { db, ...t } = await createTestApp(options);
    return {
      ...t,
      engine,
      // The deferred counters flushed first (docs/decisions/025): counts of every recorded play.
      rows: async () => {
        await t.stores.plays.flushCounters();
        return rowCounts(db.$client);
      },
      meta: sqliteMeta(db),
      all: async (query) => db.$client.query(query).all() as Record<string, unknown>[],
      close: async () => db.$client.close(),
    };
  }
  const opened = await openPgStores(await createCatalogueDatabase(options.catalogue ?? makeCatalogue()));
  const t = await buildTestApp(
    {
      stores: opened.stores,
      index: opened.catalogue,
      meta: pgMeta(opened.db),
      limitWindows: opened.limitWindows,
    },
    options,
  );
  const sql = opened.db.$client;
  const request: typeof t.request =
    options.readYourWrites === false
      ? t.request
      : async (path, init) => {
          // A test that closed the database sees the app's own answer, not the fold's failure.
          if ((init?.method ?? 'GET') === 'GET') await opened.stores.plays.flushCounters().catch(() => 0);
          return t.request(path, init);
        };
  /** A store whose reads fold the pending plays in first (what `request` does for a GET). */
  const folding = <T extends object>(store: T): T =>
    options.readYourWrites === false
      ? store
      : new Proxy(store, {
          get(target, prop, receiver) {
            const value = Reflect.get(target, prop, receiver);
            if (typeof value !== 'function' || prop === 'version') return value;
            return async (...args: unknown[]) => {
              await opened.stores.plays.flushCounters();
              return value.apply(target, args);
            };
          },
        });
  return {
    ...t,
    stores: { ...t.stores, stats: folding(t.stores.stats), daily: folding(t.stores.daily) },
    request,
    engine,
    // The pending plays folded in first (docs/decisions/030): counts of every recorded play.
    rows: async () => {
      await opened.stores.plays.flushCounters();
      return pgRowCounts(sql);
    },
    // The pending plays folded in first, as `rows()` does: a query sees every recorded play counted.
    all: async (query) => {
      await opened.stores.plays.flushCounters().catch(() => 0);
      return [...(await sql.unsafe(query))];
    },
    url: opened.url,
    meta: pgMeta(opened.db),
    close: opened.close,
  };
}

/**
 * `appOn(engine, env?)` for one test file: each call a new app over `engine`, every one closed
 * after the file (PostgreSQL ones hold a pool each). Call it at the file's top level, where its
 * `afterAll` belongs to the file: `const appOn = appsClosedAfterFile();`.
 */
export function appsClosedAfterFile(): (
  engine: Engine,
  env?: Record<string, string>,
) => Promise<EngineTestApp> {
  const opened: EngineTestApp[] = [];
  afterAll(async () => {
    for (const app of opened) await app.close();
  }, 30_000);
  return async (engine, env) => {
    const app = await createEngineTestApp(engine, { env });
    opened.push(app);
    return app;
  };
}

/** An empty migrated database of either engine, for what reads only its `meta` table (credentials, settings). */
export async function createEngineMeta(engine: Engine): Promise<{
  meta: MetaStore;
  all(query: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}> {
  if (engine === 'sqlite') {
    const db = createSqliteDb(':memory:');
    migrateDb(db);
    return {
      meta: sqliteMeta(db),
      all: async (query) => db.$client.query(query).all() as Record<string, unknown>[],
      close: async () => db.$client.close(),
    };
  }
  const db = createPgDb(await createCatalogueDatabase(), { max: 2 });
  return {
    meta: pgMeta(db),
    all: async (query) => [...(await db.$client.unsafe(query))],
    close: () => closePgDb(db),
  };
}

/**
 * rowCounts of play.ts over PostgreSQL, in one round trip: the hostile suite reads the counts
 * twice a request.
 */
export async function pgRowCounts(sql: InstanceType<typeof Bun.SQL>): Promise<Record<string, number>> {
  const row = (
    await sql.unsafe(
      `SELECT ${statsTables.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`).join(', ')}`,
    )
  )[0];
  return Object.fromEntries(statsTables.map((t) => [t, Number(row[t])]));
}
