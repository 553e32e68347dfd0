import { sql } from 'drizzle-orm';
import { OTHER_SOURCE } from '../../shared/contracts/admin-sources';
import type { SourceStore } from '../contract';
import { keysToFold, touchedDays } from '../encoding/source-fold';
import type { PgDb } from './client';
import { numberArray, textArray } from './pg-arrays';

/**
 * Held by the transaction that adds an instance's source counts (docs/decisions/040): two
 * instances trimming the same day to its bound at once could each keep a different 50. One such
 * transaction an instance every few seconds, so they hardly ever wait. "kvi@" in ASCII, apart
 * from the write path's locks (locks.ts).
 */
const SOURCES_LOCK = 0x6b_76_69_40;

/** Where visits come from and the shares in PostgreSQL: as src/storage/sqlite/source-store.ts. */
export function createPgSourceStore(db: PgDb): SourceStore {
  return {
    async add(counts) {
      if (counts.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SOURCES_LOCK})`);
        await tx.execute(sql`
          INSERT INTO source_days (day, kind, key, count)
          SELECT * FROM unnest(${textArray(counts.map((c) => c.day))}::text[], ${textArray(counts.map((c) => c.kind))}::text[],
                               ${textArray(counts.map((c) => c.key))}::text[], ${numberArray(counts.map((c) => c.count))}::bigint[])
          ON CONFLICT (day, kind, key) DO UPDATE SET count = source_days.count + excluded.count`);
        for (const { day, kind } of touchedDays(counts)) {
          const rows = (await tx.execute(
            sql`SELECT key, count::float8 AS count FROM source_days WHERE day = ${day} AND kind = ${kind}`,
          )) as unknown as { key: string; count: number }[];
          const folded = keysToFold(rows);
          if (folded.keys.length === 0) continue;
          await tx.execute(
            sql`DELETE FROM source_days WHERE day = ${day} AND kind = ${kind} AND key = ANY(${textArray(folded.keys)}::text[])`,
          );
          await tx.execute(sql`
            INSERT INTO source_days (day, kind, key, count) VALUES (${day}, ${kind}, ${OTHER_SOURCE}, ${folded.count})
            ON CONFLICT (day, kind, key) DO UPDATE SET count = source_days.count + excluded.count`);
        }
      });
    },
    async sums(from, to) {
      const rows = (await db.execute(
        sql`SELECT kind, key, sum(count)::float8 AS count FROM source_days WHERE day BETWEEN ${from} AND ${to} GROUP BY kind, key`,
      )) as unknown as { kind: 'referrer' | 'campaign' | 'share'; key: string; count: number }[];
      return rows.map((r) => ({ kind: r.kind, key: r.key, count: Number(r.count) }));
    },
  };
}
