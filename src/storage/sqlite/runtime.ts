import { loadCatalogueIndex } from '../../catalogue/catalogue-index';
import { interruptible } from '../../cli/interrupt';
import type { ProgressReporter } from '../../cli/progress';
import type { Config } from '../../config';
import { openDailySettingsSqlite } from '../../daily/settings';
import { dayOf } from '../../time/day';
import { DatabaseOpenError, sqliteMessage } from '../open-error';
import { logSeeded, newSecret, type OpenOptions, type Runtime, type SqliteRuntime } from '../runtime-model';
import { counterFillPending, fillAnswerDays } from './answer-days-fill';
import { importCatalogueInSteps } from './catalogue-import';
import { seedCatalogue } from './catalogue-seed';
import { closeDb, createDb, type Db } from './client';
import { convertLegacyRecord, legacyPlaysPending } from './legacy-record';
import { readOrCreateMeta, sqliteMeta } from './meta';
import { migrateDb } from './migrate';
import { createSqliteStores } from './stores';

export type { OpenOptions, PgRuntime, Runtime, RuntimeCommon, SqliteRuntime } from '../runtime-model';

/**
 * Opens the database and brings it up to date: migrations, the generated
 * secrets and, for the server, the demo catalogue on first start. `kviz serve`
 * and every command that works on the database (import, stats, admin) start
 * here; `kviz backup` alone opens the file itself, read-only in spirit, because
 * it must never create or migrate the database it copies. PostgreSQL when
 * `DATABASE_URL` is set (docs/decisions/023), SQLite otherwise.
 */
export async function openRuntime(config: Config, options: OpenOptions): Promise<Runtime> {
  if (!config.databaseUrl) return openSqliteRuntime(config, options);
  // Loaded only here: on SQLite its modules, driver and schema cost start time and memory for nothing.
  const { openPgRuntime } = await import('../pg/runtime');
  return openPgRuntime(config.databaseUrl, config, options);
}

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
 * transaction (src/storage/sqlite/legacy-record.ts), then compacts the file.
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
