// Run by `npm test` before the tests (and by test/support/postgres.ts): the
// PostgreSQL tests start a throwaway cluster from Debian's `postgresql` package.
// Installs it when it is missing and we can (root with apt-get); otherwise stops
// with the one command to run. Never skips the PostgreSQL tests silently.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = '/usr/lib/postgresql';
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y postgresql';

/** The bin folder of the newest installed PostgreSQL (holding initdb and pg_ctl), or undefined. */
export function postgresBin() {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(ROOT, versions[0], 'bin');
}

/** The bin folder, installing the package first when missing and possible; throws with the command otherwise. */
export function ensurePostgresql() {
  const found = postgresBin();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get'))
    throw new Error(
      `The PostgreSQL tests need Debian's postgresql package (initdb, pg_ctl under ${ROOT}). Install it with:\n\n  ${INSTALL_COMMAND}\n`,
    );
  console.log('Installing postgresql for the PostgreSQL tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
  const installed = postgresBin();
  if (!installed) throw new Error(`apt-get finished but no initdb is under ${ROOT}.`);
  return installed;
}

if (import.meta.main || process.argv[1]?.endsWith('ensure-postgresql.mjs')) {
  try {
    ensurePostgresql();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
