import type { Config } from '../config';
import type { CounterDifference, Progress } from '../storage/contract';
import { interruptible } from '../storage/contract';
import { openRuntime } from '../storage/open';
import { commandOpenOptions } from './open-options';
import { progressOn } from './progress';

/** Progress on standard error: a bar on a terminal, a line every few seconds otherwise. */
export const stderrProgress: Progress = (label, unit) => progressOn(process.stderr, label, unit);

/** One line a counter difference, the first `limit` of them, then how many more there are. */
export function reportDifferences(
  out: (line: string) => void,
  differences: readonly CounterDifference[],
  limit: number,
): void {
  for (const d of differences.slice(0, limit))
    out(`${d.table} ${d.key} ${d.column}: stored ${d.stored}, recomputed ${d.recomputed}`);
  if (differences.length > limit) out(`… and ${differences.length - limit} more`);
}

/**
 * `kviz stats verify|rebuild`. Returns the exit code: verify exits 1 when any
 * counter differs. Both show their progress and stop on Ctrl-C with nothing
 * written (the caller exits 130 on `Interrupted`).
 */
export async function statsCommand(
  config: Config,
  action: string | undefined,
  out: (line: string) => void,
  progress: Progress = stderrProgress,
): Promise<number> {
  if (action !== 'verify' && action !== 'rebuild') {
    out('Usage: kviz stats verify | kviz stats rebuild');
    return 2;
  }
  const runtime = await openRuntime(config, commandOpenOptions);
  try {
    // A damaged file first: counters that agree with garbage prove nothing.
    out(`Integrity check: ${await runtime.stores.plays.integrityMethod()}`);
    const damage = await runtime.stores.plays.checkIntegrity();
    if (damage.length > 0) {
      for (const line of damage.slice(0, 20)) out(`integrity: ${line}`);
      out('The database file is damaged; restore it from a backup (docs/deploy.md).');
      return 1;
    }
    await runtime.upgrade(progress, (message, fields) =>
      console.error(fields ? `${message}: ${JSON.stringify(fields)}` : message),
    );
    const { plays } = runtime.stores;
    return await interruptible(async (signal) => {
      if (action === 'rebuild') {
        const bar = progress('rebuild', 'plays');
        await plays.rebuildCounters({ onProgress: bar.update, signal });
        bar.finish();
        out('Rebuilt every counter from the raw record.');
      }
      const bar = progress('verify', 'plays');
      const differences = await plays.verifyCounters({ onProgress: bar.update, signal });
      bar.finish();
      reportDifferences(out, differences, 100);
      out(
        differences.length === 0
          ? 'Counters agree with the raw answers.'
          : `${differences.length} difference(s) found.`,
      );
      return differences.length === 0 ? 0 : 1;
    });
  } finally {
    await runtime.close();
  }
}
