import type { Config } from '../config';
import { checkDatabase, migrateUp, migrationStatus } from '../storage/open';

/**
 * `kviz migrate status`: the migrations the database has applied and the ones this binary would
 * apply (exit 0 when none is pending, 1 otherwise; nothing is changed). `kviz migrate up`: applies
 * them (a line each), whatever MIGRATE_ON_START says — the way to migrate on purpose when it is
 * false (docs/deploy.md, upgrades).
 */
export async function migrateCommand(
  config: Config,
  args: string[],
  out: (line: string) => void,
): Promise<number> {
  const action = args[0];
  if (args.length !== 1 || (action !== 'status' && action !== 'up')) {
    out('Usage: kviz migrate status | kviz migrate up');
    return 2;
  }
  if (action === 'up') {
    const applied = await migrateUp(config);
    for (const tag of applied) out(`applied migration ${tag}`);
    out(
      applied.length === 0 ? 'Nothing to apply: the database is up to date.' : `Applied ${applied.length}.`,
    );
    return 0;
  }
  const { applied, pending } = await migrationStatus(config);
  for (const tag of applied) out(`applied  ${tag}`);
  for (const tag of pending) out(`pending  ${tag}`);
  out(
    pending.length === 0
      ? `Up to date (${applied.length} applied).`
      : `${pending.length} pending: \`kviz migrate up\` applies them (or a start with MIGRATE_ON_START=true).`,
  );
  return pending.length === 0 ? 0 : 1;
}

/** The exit codes of `kviz db check`, one per step that failed (README, docs/deploy.md). */
export const DB_CHECK_EXIT = { ok: 0, unreachable: 3, notMigrated: 4, notWritable: 5 } as const;

/**
 * `kviz db check`: reachable, migrated, writable — in that order, each only after the one before
 * passed; one line per step and an exit code of its own for the first that failed, so a
 * deployment script or a readiness probe can tell them apart. Changes nothing but one `meta` row.
 */
export async function dbCommand(
  config: Config,
  args: string[],
  out: (line: string) => void,
): Promise<number> {
  if (args.length !== 1 || args[0] !== 'check') {
    out('Usage: kviz db check');
    return 2;
  }
  const check = await checkDatabase(config);
  if (!check.reachable) {
    out(`reachable: no — ${check.problem}`);
    return DB_CHECK_EXIT.unreachable;
  }
  out('reachable: yes');
  const pending = check.migrations?.pending ?? [];
  if (pending.length > 0) {
    out(`migrated: no — ${pending.length} pending (${pending.join(', ')}): run \`kviz migrate up\``);
    return DB_CHECK_EXIT.notMigrated;
  }
  out(`migrated: yes (${check.migrations?.applied.length ?? 0} migrations)`);
  if (!check.writable) {
    out(`writable: no — ${check.problem}`);
    return DB_CHECK_EXIT.notWritable;
  }
  out('writable: yes');
  return DB_CHECK_EXIT.ok;
}
