import type { Config } from '../config';
import { closeDb, createDb } from '../db/client';
import { migrateDb } from '../db/migrate';
import { rebuildCounters, verifyCounters } from '../stats/verify';

/** `kviz stats verify|rebuild`. Returns the exit code: verify exits 1 when any counter differs. */
export function statsCommand(
  config: Config,
  action: string | undefined,
  out: (line: string) => void,
): number {
  if (action !== 'verify' && action !== 'rebuild') {
    out('Usage: kviz stats verify | kviz stats rebuild');
    return 2;
  }
  const db = createDb(config.databasePath, { synchronous: config.sqliteSynchronous });
  try {
    migrateDb(db);
    if (action === 'rebuild') {
      rebuildCounters(db);
      out('Rebuilt every counter from the raw answers.');
    }
    const differences = verifyCounters(db);
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
    closeDb(db);
  }
}
