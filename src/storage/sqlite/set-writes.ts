import type { Statement } from 'bun:sqlite';
import { getTableName } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';
import type { Deltas } from './flush-sums';
import { onFirstUse } from './prepared';

/**
 * The writes of the deferred counters' flush (docs/decisions/025): every row of a table's
 * deltas is three numbers (`[id, occurrences, correct]` or `[id, wrong song, times]`), added by
 * one prepared statement run once a row with positional parameters. That replaced one statement
 * a table over a bound JSON array (`json_each`, the first amendment of 025): run from
 * `bun:sqlite` directly, a row costs 0.91 µs as its own statement against 1.55 µs through
 * `json_each`, and a running total 2.88 against 3.46 µs (docs/decisions/041). The per-row cost is
 * B-tree work either way. SQL is built from the drizzle table and column objects, so a rename
 * still fails to compile.
 */

const q = (name: string) => `"${name}"`;

/** Rows `[from, to)` of `deltas` (all of them by default) through `run`, three numbers each. */
type RowWriter = (deltas: Deltas, from?: number, to?: number) => void;

/** A key of one or two columns and counters that make three columns in all. */
function columnsOf(keys: SQLiteColumn[], counters: SQLiteColumn[]) {
  if (keys.length + counters.length !== 3)
    throw new Error(`a flush row is three numbers: ${keys.length} keys and ${counters.length} counters`);
  return { k: keys.map((c) => q(c.name)), c: counters.map((c) => q(c.name)) };
}

/**
 * `INSERT … ON CONFLICT DO UPDATE SET c = c + excluded.c` for all-time counters keyed by `keys`,
 * a row at a time.
 */
export function addUpAll(
  db: Db,
  table: SQLiteTable,
  keys: SQLiteColumn[],
  counters: SQLiteColumn[],
): RowWriter {
  const { k, c } = columnsOf(keys, counters);
  // Prepared at the first flush that has rows for it (docs/decisions/027): not at every start.
  const statement = onFirstUse(() =>
    db.$client.prepare<unknown, [number, number, number]>(
      `INSERT INTO ${q(getTableName(table))} (${[...k, ...c].join(', ')}) VALUES (?1, ?2, ?3) ON CONFLICT (${k.join(', ')}) DO UPDATE SET ${c.map((name) => `${name} = ${name} + excluded.${name}`).join(', ')}`,
    ),
  );
  return (deltas, from, to) => {
    const run = statement();
    deltas.each((a, b, n) => void run.run(a, b, n), from, to);
  };
}

/**
 * Adds one day's deltas to a table of running totals per day (cumulative_answers,
 * cumulative_confusions: docs/decisions/019, 024), keyed `(day, ...keys)` day first with an index
 * on `(...keys, day)`, a row at a time:
 * 1. one upsert writes the day's row of the key as (the key's latest row up to and including
 *    the day, or 0) + the deltas: when the day's row exists it is that row, so the upsert sets it
 *    to its total plus the deltas; when not, the row before carries the total. One index seek and
 *    one primary-key write a key, no read-probe statement per key;
 * 2. only when some row is dated after the day (a flush spanning midnight, plays of an earlier
 *    day): the deltas are added to the key's later rows too. `max(day)` is one seek at the end
 *    of the day-first primary key, read once a call, so a flush of today's plays skips this.
 */
export function addToRunningTotals(
  db: Db,
  table: SQLiteTable,
  day: SQLiteColumn,
  keys: SQLiteColumn[],
  counters: SQLiteColumn[],
): (dayValue: string, deltas: Deltas, from?: number, to?: number) => void {
  const t = q(getTableName(table));
  const D = q(day.name);
  const { k, c } = columnsOf(keys, counters);
  // Parameters: ?1 ?2 ?3 the row's three numbers, ?4 the day.
  const keyParams = k.map((_, i) => `?${i + 1}`);
  const countParams = c.map((_, i) => `?${k.length + i + 1}`);
  const match = (alias: string) => k.map((name, i) => `${alias}.${name} = ${keyParams[i]}`).join(' AND ');
  const upTo = (name: string, i: number) =>
    `coalesce((SELECT p.${name} FROM ${t} p WHERE ${match('p')} AND p.${D} <= ?4 ORDER BY p.${D} DESC LIMIT 1), 0) + ${countParams[i]}`;
  const sqlite = db.$client;
  // Prepared at the first flush that writes this table, like addUpAll's.
  const write = onFirstUse(
    (): Statement<unknown, [number, number, number, string]> =>
      sqlite.prepare(
        `INSERT INTO ${t} (${D}, ${k.join(', ')}, ${c.join(', ')}) VALUES (?4, ${keyParams.join(', ')}, ${c.map(upTo).join(', ')}) ON CONFLICT (${D}, ${k.join(', ')}) DO UPDATE SET ${c.map((name) => `${name} = excluded.${name}`).join(', ')}`,
      ),
  );
  const addToLater = onFirstUse(
    (): Statement<unknown, [number, number, number, string]> =>
      sqlite.prepare(
        `UPDATE ${t} SET ${c.map((name, i) => `${name} = ${name} + ${countParams[i]}`).join(', ')} WHERE ${D} > ?4 AND ${k.map((name, i) => `${name} = ${keyParams[i]}`).join(' AND ')}`,
      ),
  );
  const lastDay = onFirstUse(() =>
    sqlite.prepare<{ day: string | null }, []>(`SELECT max(${D}) AS day FROM ${t}`),
  );
  return (dayValue, deltas, from, to) => {
    const latest = lastDay().get()?.day ?? null;
    const run = write();
    deltas.each((a, b, n) => void run.run(a, b, n, dayValue), from, to);
    if (latest === null || latest <= dayValue) return;
    const later = addToLater();
    deltas.each((a, b, n) => void later.run(a, b, n, dayValue), from, to);
  };
}
