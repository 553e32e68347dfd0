import { migrate } from 'drizzle-orm/bun-sqlite/migrator';
import { assetPath } from '../../assets';
import type { Db } from './client';

/** The drizzle-kit SQL migrations, from the repository or embedded in the binary. */
export const migrationsFolder = assetPath('src/storage/sqlite/migrations');

export function migrateDb(db: Db): void {
  migrate(db, { migrationsFolder });
}
