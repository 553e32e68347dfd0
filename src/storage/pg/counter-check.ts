import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CounterDifference } from '../contract';
import { membershipDifferences, membershipRows } from '../encoding/counter-rows';
import type { Counters } from '../encoding/recompute';
import { type LongRunOptions, nextChunk } from '../long-work';
import type { PgDb } from './client';
import { replayRecord } from './counter-check-replay';
import { type CounterTable, counterTables, memberships, type Row } from './counter-tables';
import { BATCH_LOCK } from './locks';
import type { PgRunner } from './running-totals';
import { statsVersion } from './schema';

/** PostgreSQL allows 65,535 parameters a statement. */
const MAX_PARAMETERS = 60_000;

type Values = Record<string, number>;

const pick = (row: Row, props: string[]): Values =>
  Object.fromEntries(props.map((p) => [p, Number(row[p] ?? 0)]));
const columnName = (table: PgTable, prop: string) =>
  (table as unknown as Record<string, { name: string }>)[prop]!.name;

/** Every difference between the stored rows and the recomputed ones, table by table. */
async function compare(tx: PgRunner, tables: CounterTable[], c: Counters): Promise<CounterDifference[]> {
  const differences: CounterDifference[] = [];
  for (const t of tables) {
    const stored = new Map(
      ((await tx.select().from(t.table)) as Row[]).map((row) => [t.key(row), pick(row, t.props)]),
    );
    const recomputed = new Map(t.rows(c).map((row) => [t.key(row), pick(row, t.props)]));
    for (const key of new Set([...stored.keys(), ...recomputed.keys()]))
      for (const prop of t.props) {
        const s = stored.get(key)?.[prop] ?? 0;
        const r = recomputed.get(key)?.[prop] ?? 0;
        if (s !== r)
          differences.push({
            table: getTableName(t.table),
            key,
            column: columnName(t.table, prop),
            stored: s,
            recomputed: r,
          });
      }
  }
  for (const m of memberships) {
    const rows = (await tx.select().from(m.table)) as Row[];
    // Mapped lazily: day_players has about one row a play.
    const stored = rows
      .values()
      .map((row) => [row[m.group] as number | string, row.playerId as number] as const);
    for (const d of membershipDifferences(getTableName(m.table), stored, m.recomputed(c)))
      differences.push(d);
  }
  return differences;
}
/** Every counter table emptied and refilled with the recomputed rows, in multi-row INSERTs. */
async function write(
  tx: PgRunner,
  tables: CounterTable[],
  c: Counters,
  signal: AbortSignal | undefined,
): Promise<void> {
  const all: { table: PgTable; rows: Row[] }[] = [
    ...tables.map((t) => ({ table: t.table, rows: t.rows(c) })),
    ...memberships.map((m) => ({ table: m.table, rows: membershipRows(m.recomputed(c), m.group) })),
  ];
  for (const { table, rows } of all) {
    await tx.delete(table);
    if (rows.length === 0) continue;
    const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length));
    for (let i = 0; i < rows.length; i += perInsert) {
      await tx.insert(table).values(rows.slice(i, i + perInsert) as never);
      await nextChunk(signal);
    }
  }
}

/**
 * Verify and rebuild over PostgreSQL: the SQLite version's work
 * (src/storage/sqlite/counter-check.ts) with the same pure recompute
 * (src/storage/encoding/recompute.ts). Verify reads one snapshot (REPEATABLE READ, read
 * only). Rebuild takes the batches' advisory lock (locks.ts): no instance's batch
 * interleaves; they wait, then add to the rebuilt counters.
 *
 * Split by concern: replaying the record (counter-check-replay.ts), the catalogue of counter
 * tables (counter-tables.ts), and here comparing, rewriting and the transactions around them.
 */
export function createPgCounterCheck(db: PgDb) {
  /** Answer key number → answer_keys id, filled by each recompute (cumulative_answers is keyed by id). */
  const keyIdOf = new Map<number, number>();
  const tables = counterTables(keyIdOf);

  return {
    verify: (options: LongRunOptions = {}): Promise<CounterDifference[]> =>
      db.transaction(async (tx) => compare(tx, tables, await replayRecord(tx, options, keyIdOf)), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      }),
    rebuild: (options: LongRunOptions = {}): Promise<void> =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BATCH_LOCK})`);
        await write(tx, tables, await replayRecord(tx, options, keyIdOf), options.signal);
        await tx.update(statsVersion).set({ version: sql`${statsVersion.version} + 1` });
      }),
  };
}
