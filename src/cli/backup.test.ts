import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/bun-sqlite';
import { createFileDb } from '../../test/support/file-db';
import { seededRandom, testConfig } from '../../test/support/fixtures';
import { rowCounts } from '../../test/support/play';
import { randomPlay } from '../../test/support/random-play';
import { tempDirsRemovedAfterEach } from '../../test/support/temp-dirs';
import type { CounterDifference } from '../storage/contract';
import { loadCatalogueIndex } from '../storage/sqlite/catalogue-load';
import { closeDb, type Db } from '../storage/sqlite/client';
import { createSqliteCounterCheck } from '../storage/sqlite/counter-check';
import { createSqlitePlayStore } from '../storage/sqlite/play-store';
import * as schema from '../storage/sqlite/schema';
import { backupCommand, backupUsage } from './backup';

const verifyCounters = (db: Parameters<typeof createSqliteCounterCheck>[0]) =>
  createSqliteCounterCheck(db).verify();

/** `sourceWith`, `backup`, `inspect` and the writer worker close their connections. */
const tempDir = tempDirsRemovedAfterEach('kviz-backup-');

/** A database file with `plays` recorded plays, closed again. */
async function sourceWith(plays: number): Promise<{ dir: string; path: string }> {
  const dir = tempDir();
  const path = join(dir, 'data', 'kviz.db');
  const db = createFileDb(path);
  const store = createSqlitePlayStore(db, 'salt');
  const catalogue = loadCatalogueIndex(db);
  const random = seededRandom(1);
  for (let i = 0; i < plays; i++) await store.recordPlays([randomPlay(catalogue, random, `play-${i}`)]);
  closeDb(db);
  return { dir, path };
}

function backup(databasePath: string, ...args: string[]) {
  const lines: string[] = [];
  const code = backupCommand(testConfig({ DATABASE_PATH: databasePath }), args, (l) => lines.push(l));
  return { code, output: lines.join('\n') };
}

/** Opens a backup read-only, so checking it cannot change it. */
function inspect<T>(path: string, read: (sqlite: Database, db: Db) => T): T {
  const sqlite = new Database(path, { readonly: true, strict: true });
  try {
    return read(sqlite, drizzle({ client: sqlite, schema }) as Db);
  } finally {
    sqlite.close();
  }
}

/** `inspect` for a read that awaits (verifying the counters of a copy). */
async function inspectAsync<T>(path: string, read: (sqlite: Database, db: Db) => Promise<T>): Promise<T> {
  const sqlite = new Database(path, { readonly: true, strict: true });
  try {
    return await read(sqlite, drizzle({ client: sqlite, schema }) as Db);
  } finally {
    sqlite.close();
  }
}

const tempFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));
const allPlays = (sqlite: Database) => sqlite.query('SELECT * FROM plays ORDER BY id').all();

describe('kviz backup FILE', () => {
  test('writes a checked database holding the same plays, answers and counters', async () => {
    const { dir, path } = await sourceWith(40);
    const file = join(dir, 'kviz-backup.db');
    const result = backup(path, file);
    expect(result).toEqual({
      code: 0,
      output: `Backed up ${path} to ${file}: 40 plays, ${statSync(file).size} bytes, integrity ok.`,
    });
    const original = inspect(path, (sqlite) => ({ plays: allPlays(sqlite), rows: rowCounts(sqlite) }));
    const copy = await inspectAsync(file, async (sqlite, db) => ({
      plays: allPlays(sqlite),
      rows: rowCounts(sqlite),
      differences: await verifyCounters(db),
      integrity: sqlite.query('PRAGMA integrity_check').get(),
      // A single self-contained file: no -wal beside it is needed to read it.
      journal: sqlite.query('PRAGMA journal_mode').get(),
    }));
    expect(copy).toEqual({
      ...original,
      differences: [],
      integrity: { integrity_check: 'ok' },
      journal: { journal_mode: 'delete' },
    });
    expect(original.plays).toHaveLength(40);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(tempFiles(dir)).toEqual([]);
  });

  test('a backup taken while another connection records plays is a consistent snapshot', async () => {
    const { dir, path } = await sourceWith(0);
    const control = new Int32Array(new SharedArrayBuffer(8));
    const worker = new Worker(new URL('../../test/support/play-writer.worker.ts', import.meta.url).href);
    const writing = new Promise<void>((resolve, reject) => {
      worker.onerror = (e) => reject(e.error ?? new Error(e.message));
      worker.onmessage = () => resolve();
    });
    worker.postMessage({ path, control });
    await writing;

    const copies: { plays: number; before: number; after: number; differences: CounterDifference[] }[] = [];
    for (let i = 0; i < 8; i++) {
      const file = join(dir, `during-${i}.db`);
      const before = Atomics.load(control, 1);
      expect(backup(path, file).code).toBe(0);
      const after = Atomics.load(control, 1);
      const { plays, differences } = await inspectAsync(file, async (sqlite, db) => ({
        plays: rowCounts(sqlite).plays!,
        differences: await verifyCounters(db),
      }));
      copies.push({ plays, before, after, differences });
    }

    const done = new Promise<number>((resolve) => {
      worker.onmessage = (e: MessageEvent<{ done: number }>) => resolve(e.data.done);
    });
    Atomics.store(control, 0, 1);
    const recorded = await done;
    worker.terminate();

    for (const c of copies) {
      expect(c.differences).toEqual([]);
      // The snapshot holds every play committed before the backup started and none that did not exist after it.
      // The writer counts a play just after committing it, so one committed play may not be counted yet.
      expect(c.plays).toBeGreaterThanOrEqual(c.before);
      expect(c.plays).toBeLessThanOrEqual(c.after + 1);
    }
    // The writer really was committing while the copies were taken.
    expect(copies.at(-1)!.plays).toBeGreaterThan(copies[0]!.plays);
    expect(inspect(path, (sqlite) => rowCounts(sqlite).plays)).toBe(recorded);
    expect(tempFiles(dir)).toEqual([]);
  });

  test('an existing FILE is kept unless --force, which replaces it', async () => {
    const { dir, path } = await sourceWith(3);
    const file = join(dir, 'existing.db');
    writeFileSync(file, 'an older backup');
    expect(backup(path, file)).toEqual({
      code: 1,
      output: `Backup failed: ${file} already exists; pass --force to replace it.`,
    });
    expect(readFileSync(file, 'utf8')).toBe('an older backup');
    expect(backup(path, '--force', file).code).toBe(0);
    expect(inspect(file, (sqlite) => rowCounts(sqlite).plays)).toBe(3);
    expect(backup(path, file, '--force').code).toBe(0);
    expect(tempFiles(dir)).toEqual([]);
  });

  test.each([
    ['no FILE', []],
    ['two files', ['a.db', 'b.db']],
    ['an unknown option', ['--froce', 'a.db']],
    ['only the option', ['--force']],
  ])('%s → usage and exit code 2', async (_, args) => {
    const { path } = await sourceWith(0);
    expect(backup(path, ...args)).toEqual({ code: 2, output: backupUsage });
  });

  test('an unwritable destination fails with exit code 1, a message naming it and no file left behind', async () => {
    const { dir, path } = await sourceWith(2);
    const missingDir = join(dir, 'no-such-dir');
    expect(backup(path, join(missingDir, 'b.db'))).toEqual({
      code: 1,
      output: `Backup failed: the directory ${missingDir} does not exist.`,
    });

    const plainFile = join(dir, 'plain');
    writeFileSync(plainFile, '');
    expect(backup(path, join(plainFile, 'b.db'))).toEqual({
      code: 1,
      output: `Backup failed: the directory ${plainFile} does not exist.`,
    });

    // Fails only at the final rename, after the copy was written and checked: the copy must go.
    const directory = join(dir, 'a-directory');
    mkdirSync(join(directory, 'inside'), { recursive: true });
    const result = backup(path, '--force', directory);
    expect(result.code).toBe(1);
    expect(result.output).toStartWith(`Backup failed: could not move the copy to ${directory}: `);
    expect(tempFiles(dir)).toEqual([]);
    expect(readdirSync(directory)).toEqual(['inside']);
  });

  test('refuses to overwrite the database itself, even with --force', async () => {
    const { dir, path } = await sourceWith(2);
    expect(backup(path, '--force', path)).toEqual({
      code: 1,
      output: `Backup failed: ${path} is the database itself; choose another file.`,
    });
    expect(inspect(path, (sqlite) => rowCounts(sqlite).plays)).toBe(2);
    expect(tempFiles(join(dir, 'data'))).toEqual([]);
  });

  test('a missing or in-memory database fails with exit code 1 and creates nothing', () => {
    const dir = tempDir();
    const missing = join(dir, 'data', 'kviz.db');
    expect(backup(missing, join(dir, 'b.db'))).toEqual({
      code: 1,
      output: `Backup failed: there is no database at ${missing} (DATABASE_PATH).`,
    });
    expect(backup(':memory:', join(dir, 'b.db')).code).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });
});
