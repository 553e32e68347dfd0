/** Test support: a catalogue in a database file, as `kviz import` leaves it. */

import type { CatalogueFile } from '../../src/catalogue/openapi';
import { validateCatalogue } from '../../src/catalogue/validate';
import { importCatalogue } from '../../src/storage/sqlite/catalogue-import';
import { createSqliteDb, type Db } from '../../src/storage/sqlite/client';
import { migrateDb } from '../../src/storage/sqlite/migrate';
import { makeCatalogue } from './fixtures';

/** A migrated database file holding `catalogue`, as `kviz import` leaves it. */
export function createFileDb(path: string, catalogue: CatalogueFile = makeCatalogue()): Db {
  const db = createSqliteDb(path);
  migrateDb(db);
  const result = validateCatalogue(catalogue);
  if (!result.catalogue) throw new Error(JSON.stringify(result.errors));
  importCatalogue(db, result.catalogue);
  return db;
}
