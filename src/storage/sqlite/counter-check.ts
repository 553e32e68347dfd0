import { getTableName, type InferInsertModel } from 'drizzle-orm';
import type { CounterDifference } from '../contract';
import { membershipDifferences } from '../encoding/counter-rows';
import type { Counters } from '../encoding/recompute';
import { type LongRunOptions, nextChunk } from '../long-work';
import type { Db } from './client';
import { counted, createRecordReplay } from './counter-check-replay';
import {
  type CounterTable,
  cumulativeTables,
  type MembershipTable,
  membershipTables,
  snapshotTables,
} from './counter-tables';
import { createDeferredCounters, type DeferredCounters } from './deferred-counters';

/** Rows per multi-row INSERT when rewriting counters (SQLite allows 32,766 parameters a statement). */
const MAX_PARAMETERS = 30_000;

/** Every difference between the stored rows and the recomputed ones, table by table. */
function compare(tables: CounterTable[], memberships: MembershipTable[], c: Counters): CounterDifference[] {
  const differences: CounterDifference[] = [];
  for (const t of tables) {
    const stored = t.stored();
    const recomputed = t.recomputed(c);
    for (const key of new Set([...stored.keys(), ...recomputed.keys()]))
      for (const [prop, column] of Object.entries(t.columns)) {
        const s = stored.get(key)?.[prop] ?? 0;
        const r = recomputed.get(key)?.[prop] ?? 0;
        if (s !== r)
          differences.push({ table: getTableName(t.table), key, column, stored: s, recomputed: r });
      }
  }
  // Compared last: the recomputed sets are emptied as stored rows are matched.
  for (const m of memberships)
    for (const d of membershipDifferences(getTableName(m.table), m.stored(), m.recomputed(c)))
      differences.push(d);
  return differences;
}

/** Every counter table emptied and refilled with the recomputed rows, in multi-row INSERTs. */
async function write(
  db: Db,
  tables: (CounterTable | MembershipTable)[],
  c: Counters,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (const t of tables) {
    db.delete(t.table).run();
    const rows = t.rows(c);
    if (rows.length === 0) continue;
    const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length));
    for (let i = 0; i < rows.length; i += perInsert) {
      db.insert(t.table)
        .values(rows.slice(i, i + perInsert) as InferInsertModel<typeof t.table>[])
        .run();
      if (i > 0 && (i / perInsert) % 20 === 0) await nextChunk(signal);
    }
  }
}

/** Runs `work` in a transaction that commits only when it finishes: interrupted or failed, nothing is written. */
async function inTransaction<T>(
  sqlite: Db['$client'],
  mode: 'DEFERRED' | 'IMMEDIATE',
  work: () => Promise<T>,
): Promise<T> {
  sqlite.run(`BEGIN ${mode}`);
  try {
    const result = await work();
    sqlite.run('COMMIT');
    return result;
  } catch (error) {
    sqlite.run('ROLLBACK');
    throw error;
  }
}

/**
 * Verify and rebuild of every counter (`kviz stats verify|rebuild`, the
 * migration of an old database): the raw record is read in chunks of plays in
 * recording order, decoded and recomputed in memory (src/storage/encoding/recompute.ts),
 * then compared with, or written over, the stored counters. Statements are built
 * from the drizzle table objects, so a renamed table or column fails to compile.
 * Quizzes issued (cumulative_quizzes) have no raw record and are left alone. Day
 * figures are kept as running totals, so one wrong count shows on every later day.
 *
 * Split by concern: replaying the record (counter-check-replay.ts), the catalogue of counter
 * tables (counter-tables.ts), and here comparing, rewriting and the transactions around them.
 */
export function createSqliteCounterCheck(db: Db, deferred: DeferredCounters = createDeferredCounters(db)) {
  const sqlite = db.$client;
  /** Answer key number → answer_keys id, filled by each recompute (cumulative_answers is keyed by id). */
  const keyIdOf = new Map<number, number>();
  const recompute = createRecordReplay(db, keyIdOf);
  const tables = [...snapshotTables(db), ...cumulativeTables(db, keyIdOf)];
  const memberships = membershipTables(db);

  async function rebuildWithin(options: LongRunOptions = {}): Promise<void> {
    await write(db, [...tables, ...memberships], (await recompute(options)).counters, options.signal);
    deferred.markAllCounted();
  }

  return {
    /** Every difference between the stored counters and a recompute from the raw record (one snapshot). */
    // In one snapshot: the watermark, the counters and the raw record agree with each other
    // whatever another process records meanwhile; the deferred counters are compared with the
    // plays through the watermark, every other counter with all plays.
    verify: (options: LongRunOptions = {}): Promise<CounterDifference[]> =>
      inTransaction(sqlite, 'DEFERRED', async () => {
        const cursor = deferred.cursor();
        const { counters, pending, pendingAfterFlush, keys } = await recompute(
          options,
          deferred.watermark(),
          cursor?.through,
        );
        const flush = cursor && { cursor, pending: pendingAfterFlush };
        return compare(tables, memberships, counted(counters, { pending, flush }, keys));
      }),
    /** Rewrites every counter from the raw record, in one IMMEDIATE transaction; every play counted after it. */
    rebuild: (options: LongRunOptions = {}): Promise<void> =>
      inTransaction(sqlite, 'IMMEDIATE', () => rebuildWithin(options)),
    /** Every counter recomputed from the raw record, nothing compared or written (the benchmark's naive read). */
    recompute: async (options: LongRunOptions = {}): Promise<Counters> => (await recompute(options)).counters,
    /** The rebuild's work inside a transaction the caller holds (the migration of an old database). */
    rebuildWithin,
  };
}
