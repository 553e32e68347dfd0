import type { Config } from '../config';
import { openRuntime } from '../runtime';

/** `kviz stats verify|rebuild`. Returns the exit code: verify exits 1 when any counter differs. */
export async function statsCommand(
  config: Config,
  action: string | undefined,
  out: (line: string) => void,
): Promise<number> {
  if (action !== 'verify' && action !== 'rebuild') {
    out('Usage: kviz stats verify | kviz stats rebuild');
    return 2;
  }
  const runtime = openRuntime(config, { seed: false });
  try {
    // A damaged file first: counters that agree with garbage prove nothing.
    const damage = await runtime.stores.plays.checkIntegrity();
    if (damage.length > 0) {
      for (const line of damage.slice(0, 20)) out(`integrity: ${line}`);
      out('The database file is damaged; restore it from a backup (docs/deploy.md).');
      return 1;
    }
    const { plays } = runtime.stores;
    if (action === 'rebuild') {
      await plays.rebuildCounters();
      out('Rebuilt every counter from the raw answers.');
    }
    const differences = await plays.verifyCounters();
    for (const d of differences.slice(0, 100))
      out(`${d.table} ${d.key} ${d.column}: stored ${d.stored}, recomputed ${d.recomputed}`);
    if (differences.length > 100) out(`… and ${differences.length - 100} more`);
    out(
      differences.length === 0
        ? 'Counters agree with the raw answers.'
        : `${differences.length} difference(s) found.`,
    );
    return differences.length === 0 ? 0 : 1;
  } finally {
    runtime.close();
  }
}
