import { randomBytes } from 'node:crypto';
import { type CatalogueIndex, loadCatalogueIndex } from './catalogue/catalogue-index';
import { type ImportOptions, type ImportSummary, importCatalogueInSteps } from './catalogue/import';
import type { NormalizedCatalogue } from './catalogue/model';
import { importCataloguePg, loadCatalogueIndexPg, seedCataloguePg } from './catalogue/pg';
import { seedCatalogue } from './catalogue/seed';
import { interruptible } from './cli/interrupt';
import type { ProgressReporter } from './cli/progress';
import { type Config, redactedUrl } from './config';
import { type DailySettings, openDailySettings, openDailySettingsSqlite } from './daily/settings';
import { closeDb, createDb, type Db } from './db/client';
import { type MetaStore, readOrCreateMeta, sqliteMeta } from './db/meta';
import { migrateDb } from './db/migrate';
import { DatabaseOpenError, sqliteMessage } from './db/open-error';
import { closePgDb, createPgDb, migratePg, type PgDb } from './db/pg/client';
import { pgMeta, readOrCreateMetaPg } from './db/pg/meta';
import type { Logger } from './logger';
import { dayOf } from './stats/day';
import { createPgStores } from './stats/pg/stores';
import { counterFillPending, fillAnswerDays } from './stats/sqlite/answer-days-fill';
import { convertLegacyRecord, legacyPlaysPending } from './stats/sqlite/legacy-record';
import { createSqliteStores, type StatsStores } from './stats/sqlite/stores';

interface RuntimeCommon {
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

type OpenOptions = { seed: false } | { seed: true; log: Logger };

/**
 * Opens the database and brings it up to date: migrations, the generated
 * secrets and, for the server, the demo catalogue on first start. `kviz serve`
 * and every command that works on the database (import, stats, admin) start
 * here; `kviz backup` alone opens the file itself, read-only in spirit, because
 * it must never create or migrate the database it copies. PostgreSQL when
 * `DATABASE_URL` is set (docs/decisions/023), SQLite otherwise.
 */
export function openRuntime(config: Config, options: OpenOptions): Promise<Runtime> {
  return config.databaseUrl
    ? openPgRuntime(config.databaseUrl, config, options)
    : Promise.resolve(openSqliteRuntime(config, options));
}

const newSecret = () => randomBytes(32).toString('base64url');

export function openSqliteRuntime(config: Config, options: OpenOptions): SqliteRuntime {
  // Only the server checks the file: the commands must work beside it, quickly.
  const db = openChecked(config, options.seed);
  if (options.seed) {
    const seeded = seedCatalogue(db);
    if (seeded) logSeeded(options.log, seeded);
  }
  const quizToken = config.quizTokenSecret ?? readOrCreateMeta(db, 'quiz_token_secret', newSecret);
  const playerSalt = readOrCreateMeta(db, 'player_salt', newSecret);
  return {
    engine: 'sqlite',
    db,
    stores: createSqliteStores(db, playerSalt),
    catalogue: loadCatalogueIndex(db),
    secrets: { quizToken, playerSalt },
    meta: sqliteMeta(db),
    importCatalogue: (catalogue, options) => importCatalogueInSteps(db, catalogue, options),
    describe: config.databasePath,
    daily: openDailySettingsSqlite(db, dayOf(Date.now(), config.statsTimezone)),
    close: async () => closeDb(db),
  };
}

function logSeeded(log: Logger, seeded: ImportSummary) {
  log.info('seeded the demo catalogue', { albums: seeded.albums, songs: seeded.songs, lines: seeded.lines });
}

/**
 * PostgreSQL: migrations under an advisory lock, the seed under another, the
 * secrets created once (`ON CONFLICT DO NOTHING`, then read back): instances
 * started together agree on all of them. Any failure becomes one
 * DatabaseOpenError naming the URL without its password.
 */
async function openPgRuntime(url: string, config: Config, options: OpenOptions): Promise<PgRuntime> {
  const describe = redactedUrl(url);
  let pg: PgDb | undefined;
  try {
    await migratePg(url);
    pg = createPgDb(url);
    if (options.seed) {
      const seeded = await seedCataloguePg(pg);
      if (seeded) logSeeded(options.log, seeded);
    }
    const quizToken =
      config.quizTokenSecret ?? (await readOrCreateMetaPg(pg, 'quiz_token_secret', newSecret));
    const playerSalt = await readOrCreateMetaPg(pg, 'player_salt', newSecret);
    const stores = createPgStores(pg, playerSalt);
    await stores.ready;
    const db = pg;
    return {
      engine: 'postgres',
      pg: db,
      stores,
      catalogue: await loadCatalogueIndexPg(db),
      secrets: { quizToken, playerSalt },
      meta: pgMeta(db),
      daily: await openDailySettings(pgMeta(db), dayOf(Date.now(), config.statsTimezone)),
      importCatalogue: (catalogue) => importCataloguePg(db, catalogue),
      describe,
      close: async () => {
        stores.close();
        await closePgDb(db);
      },
    };
  } catch (error) {
    if (pg) await closePgDb(pg).catch(() => {});
    throw new DatabaseOpenError(describe, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Opens and migrates the database; the server also runs `PRAGMA quick_check`, so a
 * corrupt file is refused at start instead of served and written to. Any failure
 * becomes one DatabaseOpenError naming the path and SQLite's message.
 */
function openChecked(config: Config, check: boolean): Db {
  const path = config.databasePath;
  let db: Db | undefined;
  try {
    db = createDb(path, { synchronous: config.sqliteSynchronous });
    if (check) {
      const problems = db.$client
        .query<{ quick_check: string }, []>('PRAGMA quick_check')
        .all()
        .map((row) => row.quick_check)
        .filter((line) => line !== 'ok');
      if (problems.length > 0) throw new Error(`it is damaged (quick_check: ${problems[0]})`);
    }
    migrateDb(db);
    return db;
  } catch (error) {
    if (db) closeDb(db);
    throw new DatabaseOpenError(path, sqliteMessage(error));
  }
}

/** How long work reports its progress: a terminal bar for the commands, log lines for the server. */
export type Progress = (label: string, unit: string) => ProgressReporter;

/**
 * Finishes migration 0002 on a database written by an older version: converts
 * its raw record into the compact one and rebuilds every counter, in one
 * transaction (src/stats/sqlite/legacy-record.ts), then compacts the file.
 * Ctrl-C or SIGTERM stop it with nothing written (throws `Interrupted`); the
 * next start begins again. `kviz serve` and `kviz stats` run it before anything
 * else; a database without an old record returns at once.
 */
export async function convertOldRecord(
  runtime: Runtime | Pick<SqliteRuntime, 'db'>,
  config: Pick<Config, 'statsTimezone'>,
  progress: Progress,
  note: (message: string, fields?: Record<string, unknown>) => void,
): Promise<number | undefined> {
  // PostgreSQL databases were never written by a version with the old record, and got the
  // per-day answer counts with their first schema that had plays.
  if (!('db' in runtime)) return undefined;
  if (counterFillPending(runtime.db)) {
    // Migration 0003 or 0005 on a database with plays: the per-day counts of answers and of wrong
    // picks come from the raw record.
    note('filling the per-day counts of lines, songs, albums and wrong picks from the recorded plays');
    const reporter = progress('filling per-day line counts', 'plays');
    await interruptible((signal) =>
      fillAnswerDays(runtime.db, { signal, onProgress: reporter.update }).finally(() => reporter.finish()),
    );
  }
  const pending = legacyPlaysPending(runtime.db);
  if (pending === undefined) return undefined;
  if (pending > 0)
    note('converting the plays of an older version into the compact raw record', { plays: pending });
  const started = performance.now();
  const reporters: ProgressReporter[] = [];
  const converted = await interruptible((signal) =>
    convertLegacyRecord(runtime.db, {
      timeZone: config.statsTimezone,
      signal,
      progress: (phase) => {
        if (pending === 0) return undefined;
        reporters.at(-1)?.finish();
        const reporter = progress(phase === 'convert' ? 'converting plays' : 'rebuilding counters', 'plays');
        reporters.push(reporter);
        return reporter.update;
      },
    }).finally(() => reporters.at(-1)?.finish()),
  );
  if (pending > 0) {
    // The old tables' pages are free now; VACUUM gives them back to the file system (atomic: a kill leaves the old file).
    const seconds = (from: number) => Math.round((performance.now() - from) / 100) / 10;
    const converting = seconds(started);
    note('compacting the database file');
    const compacting = performance.now();
    runtime.db.$client.run('VACUUM');
    note('converted the raw record', {
      plays: converted,
      convertAndRebuildSeconds: converting,
      vacuumSeconds: seconds(compacting),
      seconds: seconds(started),
    });
  }
  return converted;
}
