import { existsSync } from 'node:fs';
import type { DatabaseCheck, MigrationStatus } from '../contract';
import { DatabaseOpenError, sqliteMessage } from '../open-error';
import { closeDb, createSqliteDb, type Db } from './client';
import { migrateDb, sqliteMigrationStatus } from './migrate';

/** Opens an existing file without migrating it (a status must not change it). */
function openExisting(path: string): Db | string {
  if (path !== ':memory:' && !existsSync(path)) return `${path} does not exist`;
  try {
    return createSqliteDb(path);
  } catch (error) {
    return sqliteMessage(error);
  }
}

export function sqliteMigrationStatusOf(path: string): MigrationStatus {
  const db = openExisting(path);
  if (typeof db === 'string')
    throw new DatabaseOpenError(path, `${db} (\`kviz migrate up\` or the first start creates it)`);
  try {
    return sqliteMigrationStatus(db);
  } finally {
    closeDb(db);
  }
}

/** `kviz migrate up` on SQLite: creates the file when missing, like the first start. */
export function sqliteMigrateUp(path: string): string[] {
  const db = createSqliteDb(path);
  try {
    return migrateDb(db);
  } finally {
    closeDb(db);
  }
}

/** Reachable (the file opens and answers), migrated (nothing pending), writable (a committed write to `meta`). */
export function checkSqliteDatabase(path: string): DatabaseCheck {
  const db = openExisting(path);
  if (typeof db === 'string') return { reachable: false, problem: db };
  try {
    db.$client.query('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    closeDb(db);
    return { reachable: false, problem: sqliteMessage(error) };
  }
  try {
    const migrations = sqliteMigrationStatus(db);
    if (migrations.pending.length > 0) return { reachable: true, migrations };
    try {
      db.$client.run(
        "INSERT INTO meta (key, value) VALUES ('db_check', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [new Date().toISOString()],
      );
      return { reachable: true, migrations, writable: true };
    } catch (error) {
      return { reachable: true, migrations, writable: false, problem: sqliteMessage(error) };
    }
  } finally {
    closeDb(db);
  }
}
