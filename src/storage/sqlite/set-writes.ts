import type { Statement } from 'bun:sqlite';
import { getTableName } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';
import { onFirstUse } from './prepared';

/**
 * Set-based writes of the deferred counters' flush (docs/decisions/025, its first
 * amendment): a table's deltas of one flush go to SQLite as ONE bound JSON array (`[[key…,
 * count…], …]`, read by `json_each`), and each step is one statement over all of them, instead
 * of a statement per key. A flush touches thousands of (day, line, wrong song) rows, and the
 * per-row cost is mostly B-tree work, not the statements (bench/flush-stages.ts; the figures are
 * in the amendment). SQL is built from the drizzle table and column objects, so a rename still
 * fails to compile.
 */

const q = (name: string) => `"${name}"`;

/** `WITH d(k0, …, c0, …) AS MATERIALIZED (…json_each(?1))`: the deltas as a table, parsed once. */
function deltas(width: number): string {
  const names = Array.from({ length: width }, (_, i) => `x${i}`);
  const values = names.map((_, i) => `value->>${i}`).join(', ');
  return `WITH d(${names.join(', ')}) AS MATERIALIZED (SELECT ${values} FROM json_each(?1))`;
}

/**
 * `INSERT … ON CONFLICT DO UPDATE SET c = c + excluded.c` for all-time counters keyed by `keys`:
 * one statement a chunk of a flush whatever the number of rows. Rows are `[...keys, ...counters]`,
 * bound as one JSON array (flush-sums.ts `Deltas.json`).
 */
export function addUpAll(db: Db, table: SQLiteTable, keys: SQLiteColumn[], counters: SQLiteColumn[]) {
  const columns = [...keys, ...counters].map((c) => q(c.name));
  const x = columns.map((_, i) => `d.x${i}`);
  // Prepared at the first flush that has rows for it (docs/decisions/027): not at every start.
  const statement = onFirstUse(() =>
    db.$client.prepare(
      `${deltas(columns.length)} INSERT INTO ${q(getTableName(table))} (${columns.join(', ')}) SELECT ${x.join(', ')} FROM d WHERE true ON CONFLICT (${keys.map((k) => q(k.name)).join(', ')}) DO UPDATE SET ${counters.map((c) => `${q(c.name)} = ${q(c.name)} + excluded.${q(c.name)}`).join(', ')}`,
    ),
  );
  return (json: string) => {
    statement().run(json);
  };
}

/**
 * Adds one day's deltas to a table of running totals per day (cumulative_answers,
 * cumulative_confusions: docs/decisions/019, 024), keyed `(day, ...keys)` day first with an index
 * on `(...keys, day)`. Rows are `[...keys, ...counters]`. Over the whole set:
 * 1. one upsert writes the day's row of each key as (the key's latest row up to and including
 *    the day, or 0) + the deltas: when the day's row exists it is that row, so the upsert sets it
 *    to its total plus the deltas; when not, the row before carries the total. One index seek and
 *    one primary-key write a key, no read-probe statement per key;
 * 2. only when some row is dated after the day (a flush spanning midnight, plays of an earlier
 *    day): the deltas are added to the keys' later rows too. `max(day)` is one seek at the end
 *    of the day-first primary key, so a flush of today's plays skips this statement.
 */
export function addToRunningTotals(
  db: Db,
  table: SQLiteTable,
  day: SQLiteColumn,
  keys: SQLiteColumn[],
  counters: SQLiteColumn[],
) {
  const t = q(getTableName(table));
  const D = q(day.name);
  const k = keys.map((c) => q(c.name));
  const c = counters.map((col) => q(col.name));
  const width = k.length + c.length;
  const keyX = k.map((_, i) => `d.x${i}`);
  const countX = c.map((_, i) => `d.x${k.length + i}`);
  const match = (alias: string) => k.map((name, i) => `${alias}.${name} = ${keyX[i]}`).join(' AND ');
  const upTo = (name: string, i: number) =>
    `coalesce((SELECT p.${name} FROM ${t} p WHERE ${match('p')} AND p.${D} <= ?2 ORDER BY p.${D} DESC LIMIT 1), 0) + ${countX[i]}`;
  const sqlite = db.$client;
  // Prepared at the first flush that writes this table, like addUpAll's.
  const write = onFirstUse(
    (): Statement =>
      sqlite.prepare(
        `${deltas(width)} INSERT INTO ${t} (${D}, ${k.join(', ')}, ${c.join(', ')}) SELECT ?2, ${keyX.join(', ')}, ${c.map(upTo).join(', ')} FROM d WHERE true ON CONFLICT (${D}, ${k.join(', ')}) DO UPDATE SET ${c.map((name) => `${name} = excluded.${name}`).join(', ')}`,
      ),
  );
  const addToLater = onFirstUse(
    (): Statement =>
      sqlite.prepare(
        `${deltas(width)} UPDATE ${t} SET ${c.map((name, i) => `${name} = ${t}.${name} + ${countX[i]}`).join(', ')} FROM d WHERE ${t}.${D} > ?2 AND ${k.map((name, i) => `${t}.${name} = ${keyX[i]}`).join(' AND ')}`,
      ),
  );
  const lastDay = onFirstUse(() =>
    sqlite.prepare<{ day: string | null }, []>(`SELECT max(${D}) AS day FROM ${t}`),
  );
  return (dayValue: string, json: string) => {
    const latest = lastDay().get()?.day ?? null;
    write().run(json, dayValue);
    if (latest !== null && latest > dayValue) addToLater().run(json, dayValue);
  };
}
