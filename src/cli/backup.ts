import { Database } from 'bun:sqlite';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Config } from '../config';

export const backupUsage =
  'Usage: kviz backup [--force] FILE   (a consistent copy of DATABASE_PATH; --force replaces an existing FILE)';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Flushes a file or a directory entry to the disk: VACUUM INTO itself never calls fsync. */
function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function sameFile(a: string, b: string): boolean {
  const [x, y] = [statSync(a), statSync(b)];
  return x.dev === y.dev && x.ino === y.ino;
}

function parseArgs(args: string[]): { file: string; force: boolean } | undefined {
  const flags = args.filter((a) => a.startsWith('-'));
  const files = args.filter((a) => !a.startsWith('-'));
  if (files.length !== 1 || flags.some((f) => f !== '--force')) return undefined;
  return { file: files[0]!, force: flags.length > 0 };
}

/**
 * Over PostgreSQL a backup is the database server's job: `pg_dump` for a
 * logical copy (consistent while instances write), base backups with WAL
 * archiving for point-in-time recovery (docs/deploy.md). The command printed
 * reads the password from PGPASSWORD or ~/.pgpass, never from the URL shown.
 */
function postgresBackupAdvice(databaseUrl: string): string[] {
  const url = new URL(databaseUrl);
  url.password = '';
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'kviz';
  return [
    'DATABASE_URL is set: the data is in PostgreSQL, and its backups are the job of pg_dump (or of base backups with WAL archiving, for point-in-time recovery).',
    'A consistent copy, safe while the server is running (password from PGPASSWORD or ~/.pgpass):',
    '',
    `  pg_dump --format=custom --file=${database}-$(date +%Y%m%d-%H%M).dump '${url.toString()}'`,
    '',
    `Restore into an empty database with: pg_restore --dbname='<new database URL>' ${database}-….dump`,
  ];
}

/**
 * `kviz backup [--force] FILE`: a consistent snapshot of the database, safe
 * while the server is writing (VACUUM INTO reads one WAL snapshot and blocks no
 * writer). The copy is written to a temporary name in FILE's directory, checked
 * with `PRAGMA integrity_check`, flushed and only then renamed to FILE, so FILE
 * is either the previous file or a complete, checked backup — never half of one.
 * An existing FILE is kept unless --force: a mistyped name must not destroy an
 * older backup. Returns the exit code (2 usage, 1 failure).
 */
export function backupCommand(config: Config, args: string[], out: (line: string) => void): number {
  if (config.databaseUrl) {
    // Exit 1: a script that expected a file must not carry on as if one had been written.
    for (const line of postgresBackupAdvice(config.databaseUrl)) out(line);
    return 1;
  }
  const parsed = parseArgs(args);
  if (!parsed) {
    out(backupUsage);
    return 2;
  }
  if (config.databasePath === ':memory:') {
    out('Backup failed: DATABASE_PATH is :memory:, there is no database file to copy.');
    return 1;
  }
  const source = resolve(config.databasePath);
  const target = resolve(parsed.file);
  if (!existsSync(source)) {
    out(`Backup failed: there is no database at ${source} (DATABASE_PATH).`);
    return 1;
  }
  // Replacing the live database by its own copy (with --force) would lose every write since.
  if (target === source || (existsSync(target) && sameFile(target, source))) {
    out(`Backup failed: ${target} is the database itself; choose another file.`);
    return 1;
  }
  if (existsSync(target) && !parsed.force) {
    out(`Backup failed: ${target} already exists; pass --force to replace it.`);
    return 1;
  }
  const directory = dirname(target);
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    out(`Backup failed: the directory ${directory} does not exist.`);
    return 1;
  }

  // Same directory as FILE: the final rename stays on one file system, hence atomic.
  const temp = join(directory, `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  let stage = `could not read the database ${source}`;
  let renamed = false;
  try {
    // Read-write without create: a WAL reader needs the -shm file, and a missing database is an error.
    const db = new Database(source, { readwrite: true, create: false, strict: true });
    try {
      db.run('PRAGMA busy_timeout = 5000');
      stage = `could not write ${temp}`;
      // Created empty and owner-only first (VACUUM INTO accepts an empty file): the copy
      // holds the admin password hash and the token secret, and is never readable by others.
      closeSync(openSync(temp, 'wx', 0o600));
      db.run('VACUUM INTO ?', [temp]);
    } finally {
      db.close();
    }

    stage = 'the copy failed its integrity check';
    const copy = new Database(temp, { readonly: true, strict: true });
    let plays: number;
    try {
      const problems = (copy.query('PRAGMA integrity_check').all() as { integrity_check: string }[]).map(
        (row) => row.integrity_check,
      );
      if (problems.join() !== 'ok') throw new Error(problems.slice(0, 5).join('; '));
      const hasPlays = copy
        .query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'plays'")
        .get();
      plays = hasPlays ? (copy.query('SELECT count(*) AS n FROM plays').get() as { n: number }).n : 0;
    } finally {
      copy.close();
    }

    stage = `could not move the copy to ${target}`;
    fsyncPath(temp);
    renameSync(temp, target);
    renamed = true;
    stage = `the copy is at ${target}, but its directory could not be flushed to the disk`;
    fsyncPath(directory);
    out(`Backed up ${source} to ${target}: ${plays} plays, ${statSync(target).size} bytes, integrity ok.`);
    return 0;
  } catch (error) {
    out(`Backup failed: ${stage}: ${messageOf(error)}`);
    return 1;
  } finally {
    if (!renamed) rmSync(temp, { force: true });
  }
}
