import { generatePassword, setAdminPassword, unlockAdmin } from '../admin/credentials';
import type { Config } from '../config';
import { openRuntime } from '../storage/open';
import { commandOpenOptions } from './open-options';

/**
 * `kviz admin unlock`: clears every admin sign-in lockout.
 * `kviz admin password [--stdin]`: sets a new administrator password (generated
 * and printed once, or read from standard input) and stores only its hash.
 */
export async function adminCommand(
  config: Config,
  args: string[],
  out: (line: string) => void,
  readStdin: () => Promise<string> = () => Bun.stdin.text(),
): Promise<number> {
  if (args[0] === 'unlock' && args.length === 1) {
    const runtime = await openRuntime(config, commandOpenOptions);
    try {
      await unlockAdmin(runtime.meta, Date.now());
    } finally {
      await runtime.close();
    }
    out('Every admin sign-in lockout is cleared (a running server applies it at its next admin request).');
    return 0;
  }
  if (args[0] !== 'password' || (args[1] !== undefined && args[1] !== '--stdin')) {
    out('Usage: kviz admin password [--stdin] | kviz admin unlock');
    return 2;
  }
  const fromStdin = args[1] === '--stdin';
  const password = fromStdin ? (await readStdin()).replace(/\r?\n$/, '') : generatePassword();
  if (password.length < 8) {
    out('The password must be at least 8 characters long.');
    return 1;
  }
  const runtime = await openRuntime(config, commandOpenOptions);
  try {
    await setAdminPassword(runtime.meta, password);
  } finally {
    await runtime.close();
  }
  out(
    fromStdin
      ? 'The administrator password was changed.'
      : `New administrator password for "${config.adminUsername}": ${password}`,
  );
  if (config.adminPassword !== undefined)
    out(
      'Note: ADMIN_PASSWORD is set in the environment and takes precedence; unset it to use this password.',
    );
  return 0;
}
