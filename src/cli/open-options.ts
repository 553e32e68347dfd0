import type { OpenOptions } from '../storage/contract';

/**
 * How every command but `serve` opens the database: no seed, one connection on PostgreSQL
 * (not `exclusive`), and a line on standard error for each migration applied
 * (MIGRATE_ON_START=true), so that an operator sees a command change the schema.
 */
export const commandOpenOptions: OpenOptions = {
  seed: false,
  onMigrated: (tag) => console.error(`kviz: applied migration ${tag}`),
};
