import type { SQLQueryBindings, Statement } from 'bun:sqlite';
import { Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnySQLiteColumn, SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

/**
 * Hot-path statements: built with drizzle from the table objects (so a renamed
 * column or table fails to compile), prepared once on bun:sqlite and run with
 * positional parameters. drizzle's own prepared queries map placeholders on
 * every call; on the play path that mapping is a measurable share of the cost
 * (docs/decisions/006-statistics-counters.md).
 */

type Query = { toSQL(): { sql: string; params: unknown[] } };

/** A parameter: a named placeholder filled per call, or a constant of the query (`plays: 1`). */
type Part = { name: string } | { value: SQLQueryBindings };

// drizzle wraps the values of an INSERT in a Param (with its column's encoder); WHERE placeholders come bare.
function partOf(param: unknown): Part {
  const inner = param instanceof Param ? param.value : param;
  if (inner instanceof Placeholder) return { name: inner.name };
  const encoded = param instanceof Param ? param.encoder.mapToDriverValue(inner) : inner;
  return { value: encoded as SQLQueryBindings };
}

const placeholderNames = (params: unknown[]): string[] =>
  params.map((p) => {
    const part = partOf(p);
    if (!('name' in part)) throw new Error('a multi-row insert takes placeholders only');
    return part.name;
  });

/** A statement whose parameters are named placeholders (and constants), run with an object of values. */
export function prepare<Row = unknown>(db: Db, query: Query) {
  const { sql: text, params } = query.toSQL();
  const parts = params.map(partOf);
  const statement = db.$client.prepare(text) as Statement<Row, SQLQueryBindings[]>;
  const args = (values: Record<string, SQLQueryBindings>) =>
    parts.map((part) => ('name' in part ? values[part.name]! : part.value));
  return {
    run: (values: Record<string, SQLQueryBindings> = {}) => statement.run(...args(values)),
    /** The first row, keyed by SQL column name (no drizzle mapping): for `RETURNING "id"`. */
    get: (values: Record<string, SQLQueryBindings> = {}) => statement.get(...args(values)),
  };
}

/** As `prepare`, for a statement whose every row is wanted (`RETURNING` of several rows). */
export function prepareAll<Row = unknown>(db: Db, query: Query) {
  const { sql: text, params } = query.toSQL();
  const parts = params.map(partOf);
  const statement = db.$client.prepare(text) as Statement<Row, SQLQueryBindings[]>;
  return {
    all: (values: Record<string, SQLQueryBindings> = {}) =>
      statement.all(...parts.map((part) => ('name' in part ? values[part.name]! : part.value))),
  };
}

const MAX_ROWS = 64;

/**
 * An INSERT of many rows in one statement (`VALUES (…), (…), …`), built by
 * `build(rowCount, placeholder)` and prepared once per row count (a power of two up to 64). Rows are
 * objects keyed like the placeholders of one row. One such statement costs far less than the
 * same rows inserted one by one (docs/decisions/006).
 */
export function multiRowInsert<Key extends string>(
  db: Db,
  build: (rows: Record<Key, Placeholder>[]) => Query,
  keys: readonly Key[],
) {
  const byCount = new Map<number, { statement: Statement; order: Key[] }>();
  const prepareFor = (count: number) => {
    const rows = Array.from(
      { length: count },
      (_, i) =>
        Object.fromEntries(keys.map((k) => [k, sql.placeholder(`${i}:${k}`)])) as Record<Key, Placeholder>,
    );
    const { sql: text, params } = build(rows).toSQL();
    // drizzle writes columns in table order, not in key order: read the order of one row back.
    const order = placeholderNames(params)
      .slice(0, keys.length)
      .map((name) => name.slice(name.indexOf(':') + 1) as Key);
    return { statement: db.$client.prepare(text), order };
  };
  const insert = (rows: Record<Key, SQLQueryBindings>[]) => {
    let prepared = byCount.get(rows.length);
    if (!prepared) {
      prepared = prepareFor(rows.length);
      byCount.set(rows.length, prepared);
    }
    const { statement, order } = prepared;
    const values: SQLQueryBindings[] = [];
    for (const row of rows) for (const key of order) values.push(row[key]);
    statement.run(...values);
  };
  // Rows go in chunks of 64, 32, 16, … 1 (the binary digits of their count): seven statements
  // are ever prepared, whatever counts the batches bring. Preparing one per distinct count cost
  // more than the inserts when batches of summed counters made every count different.
  return (rows: Record<Key, SQLQueryBindings>[]) => {
    let at = 0;
    while (at < rows.length) {
      let size = MAX_ROWS;
      while (size > rows.length - at) size /= 2;
      insert(size === rows.length ? rows : rows.slice(at, at + size));
      at += size;
    }
  };
}

/** `excluded.<column>` of an upsert's DO UPDATE SET. */
export const excluded = (column: AnySQLiteColumn): SQL => sql.raw(`excluded."${column.name}"`);

const dialect = new SQLiteSyncDialect();

/**
 * A statement drizzle's builders cannot express (an UPDATE of a row value from a
 * subquery), written with `sql` over the table and column objects so a rename
 * still fails to compile, in the shape `prepare` takes.
 */
export const statement = (query: SQL): Query => ({ toSQL: () => dialect.sqlToQuery(query) });

/**
 * What `make` builds, built at its first use instead of when its store is created. Building and
 * preparing a store's statements with drizzle was most of a start's CPU on an existing database
 * (docs/decisions/027), and most of them serve reads a new process may not get
 * for a while.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
