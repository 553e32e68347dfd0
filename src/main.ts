/**
 * Entry point of `kviz` (the compiled binary) and of `npm start`.
 * Commands: serve (default), import [--strict] FILE, backup FILE, stats verify|rebuild, admin password|unlock,
 * migrate status|up, db check, copy-to-postgres, --help, --version.
 */
import { adminCommand } from './cli/admin';
import { backupCommand } from './cli/backup';
import { faultLine } from './cli/fault';
import { importCommand } from './cli/import';
import { dbCommand, migrateCommand } from './cli/migrate';
import { serve } from './cli/serve';
import { statsCommand } from './cli/stats';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { DatabaseOpenError, Interrupted } from './storage/contract';
import { version } from './version';

const usage = `kviz ${version} — lyric quiz server

Usage:
  kviz [serve]          start the web server (configuration from the environment, see README)
  kviz import [--strict] FILE
                        validate and import a catalogue file, then print a summary; warnings
                        (unfair lines: another song's title, near-duplicates, …) are listed and
                        the import goes on, unless --strict makes them errors (nothing imported)
  kviz backup [--force] FILE
                        write a consistent, checked copy of the database to FILE (safe while
                        serving); refuses to replace an existing FILE unless --force
  kviz stats verify     recompute every counter from the raw answers; exit 1 on any difference
  kviz stats rebuild    rewrite every counter from the raw answers
  kviz admin password   set a new administrator password (generated; --stdin reads it)
  kviz admin unlock     clear every admin sign-in lockout (failed sign-ins per address)
  kviz migrate status   list the migrations applied and pending (exit 1 when any is pending)
  kviz migrate up       apply the pending migrations (a line each), whatever MIGRATE_ON_START says
  kviz db check         reachable, migrated, writable: one line each; exit 0, or 3 / 4 / 5 for the
                        first that failed
  kviz copy-to-postgres copy the SQLite database (DATABASE_PATH) into a new, empty PostgreSQL
                        database (DATABASE_URL), then rebuild and verify its counters there
  kviz --help           show this help
  kviz --version        print the version`;

async function main(args: string[]): Promise<number | undefined> {
  const [command = 'serve', ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(usage);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    console.log(version);
    return 0;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
    // Never the URL: it may hold a password.
    databaseName = config.databaseUrl ? 'named by DATABASE_URL' : config.databasePath;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78; // EX_CONFIG
    }
    throw error;
  }
  const out = (line: string) => console.log(line);
  switch (command) {
    case 'serve':
      await serve(config, createLogger(config.logLevel));
      return undefined; // keeps running
    case 'import':
      return await importCommand(config, rest, out);
    case 'backup':
      return backupCommand(config, rest, out);
    case 'stats':
      return statsCommand(config, rest[0], out);
    case 'admin':
      return adminCommand(config, rest, out);
    case 'migrate':
      return migrateCommand(config, rest, out);
    case 'db':
      return dbCommand(config, rest, out);
    case 'copy-to-postgres': {
      // Loaded on demand, like the PostgreSQL runtime (src/storage/sqlite/runtime.ts): `serve` on SQLite never needs it.
      const { copyToPostgresCommand } = await import('./cli/copy-to-postgres');
      return copyToPostgresCommand(config, rest, out);
    }
    default:
      console.error(`Unknown command "${command}".\n\n${usage}`);
      return 2;
  }
}

/** The database the command uses, as its one-line fault names it (set once the configuration is read). */
let databaseName: string | undefined;
let code: number | undefined;
try {
  code = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof DatabaseOpenError) {
    // An operator reads one line that names the problem, never a dump of the bundled source.
    console.error(`kviz: ${error.message}`);
    code = 1;
  } else if (error instanceof Interrupted) {
    // Ctrl-C during long work (verify, rebuild, the conversion of an old database): rolled back.
    console.error('Interrupted: nothing was written.');
    code = 130;
  } else {
    console.error(faultLine(error, process.argv[2] ?? 'serve', databaseName));
    if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
    code = 1;
  }
}
if (code !== undefined) process.exit(code);
