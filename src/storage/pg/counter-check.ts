import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CounterDifference } from '../contract';
import { membershipDifferences, membershipRows } from '../encoding/counter-rows';
import type { Counters } from '../encoding/recompute';
import { type LongRunOptions, nextChunk } from '../long-work';
import type { PgDb } from './client';
import { type Replayed, replayRecord } from './counter-check-replay';
import { type CounterTable, counterTables, memberships, type Row } from './counter-tables';
import { AGGREGATOR_LOCK, BATCH_LOCK } from './locks';
import type { PgRunner } from './running-totals';
import { pendingPlays, statsVersion } from './schema';

/** PostgreSQL allows 65,535 parameters a statement. */
const MAX_PARAMETERS = 60_000;

type Values = Record<string, number>;

const pick = (row: Row, props: string[]): Values =>
  Object.fromEntries(props.map((p) => [p, Number(row[p] ?? 0)]));
const columnName = (table: PgTable, prop: string) =>
  (table as unknown as Record<string, { name: string }>)[prop]!.name;

/**
 * Every difference between the stored rows and the recomputed ones, table by table: the counters
 * against the plays folded in, the memberships (written with each play) against every play.
 */
async function compare(tx: PgRunner, tables: CounterTable[], r: Replayed): Promise<CounterDifference[]> {
  const differences: CounterDifference[] = [...r.pendingDifferences];
  const c = r.folded;
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
    for (const d of membershipDifferences(getTableName(m.table), stored, m.recomputed(r.all)))
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
 * only): the counters must equal the recompute of the plays folded in, the pending plays'
 * firsts the recompute's, the memberships every play's (docs/decisions/030); exact while
 * instances write and fold beside it. Rebuild takes the aggregator's lock and the batches' lock
 * exclusive (locks.ts): nothing is written or folded while it recomputes; it writes every play
 * into the counters and empties the pending plays.
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
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${AGGREGATOR_LOCK})`);
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BATCH_LOCK})`);
        const replayed = await replayRecord(tx, options, keyIdOf);
        await write(tx, tables, replayed.all, options.signal);
        await tx.delete(pendingPlays);
        await tx.update(statsVersion).set({ version: sql`${statsVersion.version} + 1` });
      }),
  };
}
