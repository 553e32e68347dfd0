import type { Config } from '../../config';
import type { OpenOptions, Progress, Runtime } from '../contract';
import { interruptible } from '../long-work';
import { pendingMessage } from '../migration-journal';
import { DatabaseOpenError, sqliteMessage } from '../open-error';
import { logSeeded, openSettings } from '../settings';
import { counterFillPending, fillAnswerDays } from './answer-days-fill';
import { importCatalogueInSteps } from './catalogue-import';
import { loadCatalogueIndex } from './catalogue-load';
import { seedCatalogue } from './catalogue-seed';
import { closeDb, createSqliteDb, type Db } from './client';
import { convertLegacyRecord, legacyPlaysPending } from './legacy-record';
import { sqliteMeta, sqliteMetaWrittenBy } from './meta';
import { migrateDb, sqliteMigrationStatus } from './migrate';
import { acquireServeLock } from './serve-lock';
import { createSqliteStores } from './stores';
import type { WriterEvent } from './writer/messages';
import { startSqliteWriter, type Writer } from './writer/writer-client';
import { createSqliteWriterStores } from './writer/writer-stores';

/** The SQLite runtime: the contract's, plus the connection for the SQLite-only tools (copy, tests). */
export interface SqliteRuntime extends Runtime {
  engine: 'sqlite';
  db: Db;
}

/** Opens `DATABASE_PATH` (src/storage/open.ts picks it); the server (`exclusive`) holds the serve lock until `close`. */
export async function openSqliteRuntime(config: Config, options: OpenOptions): Promise<SqliteRuntime> {
  // SQLite: one server per file (the commands work beside it and take no lock).
  const lock = options.exclusive ? acquireServeLock(config.databasePath) : undefined;
  let writer: Writer | undefined;
  try {
    // Only the server checks the file: the commands must work beside it, quickly.
    const db = openChecked(config, options);
    if (options.seed) {
      const seeded = seedCatalogue(db);
      if (seeded) logSeeded(options.log, seeded);
    }
    const meta = sqliteMeta(db);
    const settings = await openSettings(meta, config);
    // A server writes on a thread of its own; the commands and tests on this connection (docs/decisions/035).
    writer = options.serving
      ? await startSqliteWriter(
          {
            path: config.databasePath,
            synchronous: config.sqliteSynchronous,
            playerSalt: settings.secrets.playerSalt,
          },
          { ...options.serving, onEvent: debugFlushes(options.serving.debug) },
        )
      : undefined;
    return {
      engine: 'sqlite',
      db,
      stores: writer
        ? createSqliteWriterStores(db, settings.secrets.playerSalt, writer)
        : createSqliteStores(db, settings.secrets.playerSalt),
      catalogue: loadCatalogueIndex(db),
      ...settings,
      // A server's meta writes go to its writer too (the admin unlock marker, the storage probe).
      meta: writer ? sqliteMetaWrittenBy(db, writer.writeMeta) : meta,
      importCatalogue: (catalogue, options) => importCatalogueInSteps(db, catalogue, options),
      upgrade: (progress, note) => convertOldRecord({ db }, config, progress, note),
      describe: config.databasePath,
      close: async () => {
        try {
          // The writer first: it commits what waits and flushes the deferred counters.
          await writer?.close();
        } finally {
          closeDb(db);
          lock?.release();
        }
      },
    };
  } catch (error) {
    await writer?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

/** The writer's flushes as debug log lines: when one starts (it holds the write lock) and what it counted. */
function debugFlushes(debug: NonNullable<OpenOptions['serving']>['debug']) {
  return (event: WriterEvent) => {
    if (event.type === 'flushing') debug?.('flushing the deferred counters', { after: event.after });
    else if (event.type === 'flushed') debug?.('flushed the deferred counters', { plays: event.plays });
  };
}

/**
 * Opens and migrates the database; the server also runs `PRAGMA quick_check`, so a
 * corrupt file is refused at start instead of served and written to. Any failure
 * becomes one DatabaseOpenError naming the path and SQLite's message.
 */
function openChecked(config: Config, options: OpenOptions): Db {
  const check = options.seed;
  const path = config.databasePath;
  let db: Db | undefined;
  try {
    db = createSqliteDb(path, { synchronous: config.sqliteSynchronous });
    if (check) {
      const problems = db.$client
        .query<{ quick_check: string }, []>('PRAGMA quick_check')
        .all()
        .map((row) => row.quick_check)
        .filter((line) => line !== 'ok');
      if (problems.length > 0) throw new Error(`it is damaged (quick_check: ${problems[0]})`);
    }
    if (config.migrateOnStart) for (const tag of migrateDb(db)) options.onMigrated?.(tag);
    else {
      const { pending } = sqliteMigrationStatus(db);
      if (pending.length > 0) throw new Error(pendingMessage(pending));
    }
    return db;
  } catch (error) {
    if (db) closeDb(db);
    throw new DatabaseOpenError(path, sqliteMessage(error));
  }
}

/**
 * Finishes migration 0002 on a database written by an older version: converts
 * its raw record into the compact one and rebuilds every counter, in one
 * transaction (src/storage/sqlite/legacy-record.ts), then compacts the file.
 * Ctrl-C or SIGTERM stop it with nothing written (throws `Interrupted`); the
 * next start begins again. `kviz serve` and `kviz stats` run it before anything
 * else; a database without an old record returns at once.
 */
export async function convertOldRecord(
  runtime: Pick<SqliteRuntime, 'db'>,
  config: Pick<Config, 'statsTimezone'>,
  progress: Progress,
  note: (message: string, fields?: Record<string, unknown>) => void,
): Promise<number | undefined> {
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
  const reporters: ReturnType<Progress>[] = [];
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
