/**
 * Test support: the statistics stores over either engine, holding the same
 * catalogue, so a test can run once per engine (`for (const engine of ENGINES)`)
 * or feed both the same plays and compare. PostgreSQL databases come from the
 * shared throwaway cluster (postgres.ts).
 */
import type { CatalogueIndex } from '../../src/catalogue/catalogue-index';
import { loadCatalogueIndex } from '../../src/catalogue/catalogue-index';
import type { CatalogueFile } from '../../src/catalogue/model';
import { importCataloguePg, loadCatalogueIndexPg } from '../../src/catalogue/pg';
import { validateCatalogue } from '../../src/catalogue/validate';
import { closePgDb, createPgDb, migratePg, type PgDb } from '../../src/db/pg/client';
import { createPgStores } from '../../src/stats/pg/stores';
import { createSqliteStores, type StatsStores } from '../../src/stats/sqlite/stores';
import { createTestDb, makeCatalogue } from './fixtures';
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
): Promise<EngineStores & { db: PgDb }> {
  const db = createPgDb(url, { max: 4 });
  const stores = createPgStores(db, playerSalt);
  await stores.ready;
  return {
    engine: 'postgres',
    db,
    stores,
    url,
    catalogue: await loadCatalogueIndexPg(db),
    close: async () => {
      stores.close();
      await closePgDb(db);
    },
  };
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
  const url = await createTestDatabase();
  await migratePg(url);
  const db = createPgDb(url, { max: 2 });
  const result = validateCatalogue(catalogueFile);
  if (!result.catalogue) throw new Error(JSON.stringify(result.errors));
  await importCataloguePg(db, result.catalogue);
  await closePgDb(db);
  return openPgStores(url, playerSalt);
}
