/** Test support: fixture catalogues, a seeded random source and an app on an in-memory database. */

import { adminUnlockMarker, loadAdminCredentials } from '../../src/admin/credentials';
import { type AppDeps, createApp } from '../../src/app';
import type { CatalogueIndex } from '../../src/catalogue/catalogue-index';
import type { CatalogueFile } from '../../src/catalogue/openapi';
import { validateCatalogue } from '../../src/catalogue/validate';
import { type Config, loadConfig } from '../../src/config';
import { metaProbe } from '../../src/health/storage-health';
import { type Logger, silentLogger } from '../../src/logger';
import { type ClientAssets, emptyAssets } from '../../src/pages/client-assets';
import type { LimitWindows, MetaStore, StatsStores } from '../../src/storage/contract';
import { openDailySettings } from '../../src/storage/settings';
import { importCatalogue } from '../../src/storage/sqlite/catalogue-import';
import { loadCatalogueIndex } from '../../src/storage/sqlite/catalogue-load';
import { createSqliteDb, type Db } from '../../src/storage/sqlite/client';
import { sqliteMeta } from '../../src/storage/sqlite/meta';
import { migrateDb } from '../../src/storage/sqlite/migrate';
import { createSqliteStores } from '../../src/storage/sqlite/stores';
import type { Clock } from '../../src/time/clock';
import { dayOf } from '../../src/time/day';

import { type ContractValidator, contractValidatorFor } from './contract';

export { seededRandom } from '../../src/shared/seeded-random';

/**
 * A catalogue of `albums` × `songsPerAlbum` songs with `linesPerSong` distinct lines each,
 * numbered through the catalogue: "Stih 14 (2-1)" is the 14th line, in song 2-1. The import
 * checks find nothing to warn about: no line holds its song's title ("Pjesma 2-1") and lines
 * of two songs share one word of three.
 */
export function makeCatalogue(albums = 3, songsPerAlbum = 4, linesPerSong = 10): CatalogueFile {
  return {
    artist: 'Testni Izvođač',
    albums: Array.from({ length: albums }, (_, a) => ({
      title: `Album ${a + 1}`,
      year: 1992 + a * 3,
      songs: Array.from({ length: songsPerAlbum }, (_, s) => ({
        title: `Pjesma ${a + 1}-${s + 1}`,
        lines: Array.from(
          { length: linesPerSong },
          (_, l) => `Stih ${(a * songsPerAlbum + s) * linesPerSong + l + 1} (${a + 1}-${s + 1})`,
        ),
      })),
    })),
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // PLAY_MIN_SECONDS=0: API tests submit at once (tests of the minimum set it themselves).
  return loadConfig({
    DATABASE_PATH: ':memory:',
    ADMIN_PASSWORD: 'test-password-123',
    PLAY_MIN_SECONDS: '0',
    ...overrides,
  });
}

export function createTestDb(catalogue: CatalogueFile = makeCatalogue()): Db {
  const db = createSqliteDb(':memory:');
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
  /** `app.handle` with a path relative to http://localhost; the answer is checked against the API document. */
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
    /** Stores over `db` made by the caller (a bench wrapping one); made here otherwise. */
    stores?: StatsStores;
  } = {},
): Promise<TestApp> {
  const secrets = options.secrets ?? TEST_SECRETS;
  const built = await buildTestApp(
    {
      stores: options.stores ?? createSqliteStores(db, secrets.playerSalt),
      index: loadCatalogueIndex(db),
      meta: sqliteMeta(db),
    },
    { ...options, secrets },
  );
  return { ...built, db };
}

const TEST_SECRETS = { quizToken: 'test-secret-test-secret-test-secret-0', playerSalt: 'test-salt' };

/** The app over the given stores, catalogue and meta table of either engine, with the test clock. */
export async function buildTestApp(
  over: { stores: StatsStores; index: CatalogueIndex; meta: MetaStore; limitWindows?: LimitWindows },
  options: {
    env?: Record<string, string>;
    assets?: ClientAssets;
    secrets?: { quizToken: string; playerSalt: string };
    /** The app's logger (silent by default): a test that reads the log lines passes its own. */
    log?: Logger;
  } = {},
): Promise<Omit<TestApp, 'db'>> {
  const clock = new FakeClock();
  const { stores, index, meta } = over;
  const config = testConfig(options.env);
  const secrets = options.secrets ?? TEST_SECRETS;
  const deps: AppDeps = {
    config,
    stores,
    catalogue: () => index,
    secrets,
    admin: await loadAdminCredentials(config, meta, silentLogger),
    daily: await openDailySettings(meta, dayOf(clock.nowMs(), config.statsTimezone)),
    adminUnlockMarker: adminUnlockMarker(meta),
    assets: options.assets ?? emptyAssets,
    clock,
    log: options.log ?? silentLogger,
    probeWrite: metaProbe(meta),
    // Source counts written at the next turn, so a test reads them at once (docs/decisions/040).
    sourcesFlushMs: 0,
    ...(over.limitWindows ? { limitWindows: over.limitWindows } : {}),
  };
  const app = createApp(deps);
  let contract: ContractValidator | undefined;
  // Elysia finds the path after the 11th character of the URL: always use a real host name.
  // Every answer is checked against the app's own OpenAPI document (test/support/contract.ts).
  const request = async (path: string, init?: RequestInit) => {
    const sent = new Request(`http://localhost${path}`, init);
    const response = await app.handle(sent);
    contract ??= contractValidatorFor(
      await (await app.handle(new Request('http://localhost/openapi/json'))).text(),
    );
    await contract.check(sent.method, new URL(sent.url).pathname, response.clone());
    return response;
  };
  return { app, deps, stores, clock, request };
}
