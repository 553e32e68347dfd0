import { migrate } from 'drizzle-orm/bun-sqlite/migrator';
import { assetPath } from '../../assets';
import { type MigrationStatus, migrationStatusOf, readJournal } from '../migration-journal';
import type { Db } from './client';

/** The drizzle-kit SQL migrations, from the repository or embedded in the binary. */
export const migrationsFolder = assetPath('src/storage/sqlite/migrations');

/** What the file has applied and what this binary would apply; changes nothing. */
export function sqliteMigrationStatus(db: Db): MigrationStatus {
  const table = db.$client
    .query<{ name: string }, []>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
    )
    .get();
  const last = table
    ? db.$client
        .query<{ at: number | null }, []>('SELECT max(created_at) AS at FROM __drizzle_migrations')
        .get()
    : undefined;
  return migrationStatusOf(readJournal(migrationsFolder), last?.at == null ? undefined : Number(last.at));
}

/** Applies the pending migrations (one transaction) and returns their tags. */
export function migrateDb(db: Db): string[] {
  const { pending } = sqliteMigrationStatus(db);
  if (pending.length > 0) migrate(db, { migrationsFolder });
  return pending;
}
