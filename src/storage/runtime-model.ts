import { randomBytes } from 'node:crypto';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { NormalizedCatalogue } from '../catalogue/model';
import type { DailySettings } from '../daily/settings';
import type { Logger } from '../logger';
import type { PgDb } from './pg/client';
import type { ImportOptions, ImportSummary } from './sqlite/catalogue-import';
import type { Db } from './sqlite/client';
import type { MetaStore } from './sqlite/meta';
import type { StatsStores } from './sqlite/stores';

/** What every engine's runtime offers (src/storage/sqlite/runtime.ts opens it; src/storage/pg/runtime.ts for PostgreSQL). */
export interface RuntimeCommon {
  stores: StatsStores;
  /** The catalogue as it was when the runtime was opened (docs/decisions/003). */
  catalogue: CatalogueIndex;
  secrets: { quizToken: string; playerSalt: string };
  /** Generated secrets and settings (admin password hash, unlock marker), shared by every process on the database. */
  meta: MetaStore;
  /** Writes a catalogue in one transaction; SQLite reports progress between steps and stops on `signal`. */
  importCatalogue(catalogue: NormalizedCatalogue, options?: ImportOptions): Promise<ImportSummary>;
  /** Where the data lives, for logs (a PostgreSQL URL without its password). */
  describe: string;
  close(): Promise<void>;
  /** The daily challenge's secret and first day (docs/decisions/021). */
  daily: DailySettings;
}

export interface SqliteRuntime extends RuntimeCommon {
  engine: 'sqlite';
  db: Db;
}

export interface PgRuntime extends RuntimeCommon {
  engine: 'postgres';
  pg: PgDb;
}

export type Runtime = SqliteRuntime | PgRuntime;

export type OpenOptions = { seed: false } | { seed: true; log: Logger };

export const newSecret = () => randomBytes(32).toString('base64url');

export function logSeeded(log: Logger, seeded: ImportSummary) {
  log.info('seeded the demo catalogue', { albums: seeded.albums, songs: seeded.songs, lines: seeded.lines });
}
