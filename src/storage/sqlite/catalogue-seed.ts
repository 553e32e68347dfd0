import { embeddedCataloguePath, readCatalogueFile } from '../../catalogue/load-file';
import { formatProblem } from '../../catalogue/validate';
import type { ImportSummary } from '../contract';
import { importCatalogue } from './catalogue-import';
import type { Db } from './client';
import { albums } from './schema';

/**
 * Imports the embedded catalogue when the database has none yet (first start). The advisory
 * checks are skipped: their warnings would be thrown away, and data/catalogue.test.ts proves
 * the demo has none.
 */
export function seedCatalogue(db: Db, path = embeddedCataloguePath): ImportSummary | undefined {
  if (db.select({ id: albums.id }).from(albums).limit(1).get()) return undefined;
  const result = readCatalogueFile(path, { lint: false });
  if (!result.catalogue)
    throw new Error(`The embedded catalogue is invalid:\n${result.errors.map(formatProblem).join('\n')}`);
  return importCatalogue(db, result.catalogue);
}
