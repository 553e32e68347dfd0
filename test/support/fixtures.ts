/** Test support: fixture catalogues, a seeded random source and an app on an in-memory database. */
import { loadAdminCredentials } from '../../src/admin/credentials';
import { type AppDeps, createApp } from '../../src/app';
import { loadCatalogueIndex } from '../../src/catalogue/catalogue-index';
import { importCatalogue } from '../../src/catalogue/import';
import type { CatalogueFile } from '../../src/catalogue/model';
import { validateCatalogue } from '../../src/catalogue/validate';
import type { Clock } from '../../src/clock';
import { type Config, loadConfig } from '../../src/config';
import { createDb, type Db } from '../../src/db/client';
import { migrateDb } from '../../src/db/migrate';
import { silentLogger } from '../../src/logger';
import { type ClientAssets, emptyAssets } from '../../src/pages/client-assets';
import { createSqliteStores, type StatsStores } from '../../src/stats/sqlite/stores';

export { seededRandom } from './random';

/** A catalogue of `albums` × `songsPerAlbum` songs with `linesPerSong` distinct lines each. */
export function makeCatalogue(albums = 3, songsPerAlbum = 4, linesPerSong = 10): CatalogueFile {
  return {
    artist: 'Testni Izvođač',
    albums: Array.from({ length: albums }, (_, a) => ({
      title: `Album ${a + 1}`,
      year: 1992 + a * 3,
      songs: Array.from({ length: songsPerAlbum }, (_, s) => ({
        title: `Pjesma ${a + 1}-${s + 1}`,
        lines: Array.from({ length: linesPerSong }, (_, l) => `Stih ${l + 1} pjesme ${a + 1}-${s + 1}`),
      })),
    })),
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ DATABASE_PATH: ':memory:', ADMIN_PASSWORD: 'test-password-123', ...overrides });
}

export function createTestDb(catalogue: CatalogueFile = makeCatalogue()): Db {
  const db = createDb(':memory:');
  migrateDb(db);
  const result = validateCatalogue(catalogue);
  if (!result.catalogue) throw new Error(JSON.stringify(result.errors));
  importCatalogue(db, result.catalogue);
  return db;
}

export class FakeClock implements Clock {
  constructor(public ms = Date.UTC(2025, 3, 15, 10, 0, 0)) {}
  // Arrow properties: the app passes these around unbound.
  nowMs = () => this.ms;
  nowSeconds = () => Math.floor(this.ms / 1000);
  advance = (seconds: number) => {
    this.ms += seconds * 1000;
  };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: Db;
  stores: StatsStores;
  clock: FakeClock;
  /** `app.handle` with a path relative to http://localhost. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

export async function createTestApp(
  options: { catalogue?: CatalogueFile; env?: Record<string, string>; assets?: ClientAssets } = {},
): Promise<TestApp> {
  return createTestAppOver(createTestDb(options.catalogue), options);
}

/** The app over a database the test made (a file, a converted old database), with the test clock. */
export async function createTestAppOver(
  db: Db,
  options: {
    env?: Record<string, string>;
    assets?: ClientAssets;
    secrets?: { quizToken: string; playerSalt: string };
  } = {},
): Promise<TestApp> {
  const clock = new FakeClock();
  const index = loadCatalogueIndex(db);
  const config = testConfig(options.env);
  const secrets = options.secrets ?? {
    quizToken: 'test-secret-test-secret-test-secret-0',
    playerSalt: 'test-salt',
  };
  const stores = createSqliteStores(db, secrets.playerSalt);
  const deps: AppDeps = {
    config,
    stores,
    catalogue: () => index,
    secrets,
    admin: await loadAdminCredentials(config, db, silentLogger),
    assets: options.assets ?? emptyAssets,
    clock,
    log: silentLogger,
  };
  const app = createApp(deps);
  // Elysia finds the path after the 11th character of the URL: always use a real host name.
  const request = (path: string, init?: RequestInit) =>
    app.handle(new Request(`http://localhost${path}`, init));
  return { app, deps, db, stores, clock, request };
}
