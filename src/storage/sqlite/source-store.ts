import { OTHER_SOURCE } from '../../shared/contracts/admin-sources';
import type { SourceStore } from '../contract';
import { keysToFold, touchedDays } from '../encoding/source-fold';
import type { Db } from './client';

/**
 * Where visits come from and the shares in SQLite (docs/decisions/040): a few seconds' counts added
 * in one transaction (in a serving process, on the writer's thread: docs/decisions/035), each
 * touched day of referrers and campaigns then trimmed to its bound.
 */
export function createSqliteSourceStore(db: Db): SourceStore {
  const sqlite = db.$client;
  const upsert = sqlite.prepare(
    'INSERT INTO source_days (day, kind, key, count) VALUES (?, ?, ?, ?) ON CONFLICT (day, kind, key) DO UPDATE SET count = count + excluded.count',
  );
  const dayRows = sqlite.prepare<{ key: string; count: number }, [string, string]>(
    'SELECT key, count FROM source_days WHERE day = ? AND kind = ?',
  );
  const remove = sqlite.prepare('DELETE FROM source_days WHERE day = ? AND kind = ? AND key = ?');
  const sums = sqlite.prepare<{ kind: string; key: string; count: number }, [string, string]>(
    'SELECT kind, key, sum(count) AS count FROM source_days WHERE day BETWEEN ? AND ? GROUP BY kind, key',
  );
  const add = sqlite.transaction((counts: Parameters<SourceStore['add']>[0]) => {
    for (const c of counts) upsert.run(c.day, c.kind, c.key, c.count);
    for (const { day, kind } of touchedDays(counts)) {
      const folded = keysToFold(dayRows.all(day, kind));
      if (folded.keys.length === 0) continue;
      for (const key of folded.keys) remove.run(day, kind, key);
      upsert.run(day, kind, OTHER_SOURCE, folded.count);
    }
  });
  return {
    async add(counts) {
      if (counts.length > 0) add.immediate(counts);
    },
    async sums(from, to) {
      return sums.all(from, to) as Awaited<ReturnType<SourceStore['sums']>>;
    },
  };
}
