import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The migrations an engine ships (drizzle-kit's `meta/_journal.json`, embedded in the binary with
 * the SQL) against the ones a database has applied. drizzle's migrator applies every migration
 * whose `when` is later than the latest `created_at` of its `__drizzle_migrations` table, all in
 * one transaction; this reads the same two facts so that `kviz migrate status` and the log line
 * of each applied migration say what the migrator does (docs/decisions/036).
 */
export interface MigrationStatus {
  /** Tags (`0003_party_games`) the database has applied, oldest first. */
  applied: string[];
  /** Tags the next `kviz migrate up` (or start with MIGRATE_ON_START=true) applies, in order. */
  pending: string[];
}

interface JournalEntry {
  tag: string;
  when: number;
}

export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** Applied and pending, from the latest applied migration's time (undefined: none applied yet). */
export function migrationStatusOf(
  journal: JournalEntry[],
  lastAppliedMs: number | undefined,
): MigrationStatus {
  const isApplied = (e: JournalEntry) => lastAppliedMs !== undefined && e.when <= lastAppliedMs;
  return {
    applied: journal.filter(isApplied).map((e) => e.tag),
    pending: journal.filter((e) => !isApplied(e)).map((e) => e.tag),
  };
}

/** The one-line refusal of a database behind the binary when migrations must not run by themselves. */
export function pendingMessage(pending: string[]): string {
  return `its schema is behind this version: ${pending.length} migration${pending.length === 1 ? '' : 's'} pending (${pending.join(', ')}); run \`kviz migrate up\` (MIGRATE_ON_START=false)`;
}
