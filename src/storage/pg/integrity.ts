import type { PgDb } from './client';

/**
 * PostgreSQL's counterpart of SQLite's `PRAGMA integrity_check` (`kviz stats verify` runs it
 * before comparing counters): every table's pages and rows, and every index against its table.
 *
 * With the `amcheck` extension (contrib, shipped in Debian's `postgresql` package): `verify_heapam`
 * on every table of the schema and `bt_index_check(index, heapallindexed => true)` on every
 * B-tree index — the structure of each index and that it holds every row of its table, what
 * SQLite's check does for its b-trees. The extension is created when missing and the role may
 * (a superuser, or one an operator allowed); otherwise, or when the role may not run its
 * functions, every table is read in full with the index scans off (a page PostgreSQL cannot read,
 * or whose checksum fails when checksums are on, is an error then). Either way the one-row
 * tables must hold their one row. Each problem is one line naming the table or index.
 */
export async function checkIntegrityPg(db: PgDb): Promise<string[]> {
  const sql = db.$client;
  const problems: string[] = [];
  const version = await sql.unsafe('SELECT count(*)::int AS n FROM stats_version');
  if (version[0].n !== 1) problems.push(`stats_version holds ${version[0].n} rows, not 1`);

  const tables = (await sql.unsafe(
    `SELECT c.oid::int AS oid, c.relname AS name FROM pg_class c
      WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace ORDER BY c.relname`,
  )) as { oid: number; name: string }[];
  const indexes = (await sql.unsafe(
    `SELECT c.oid::int AS oid, c.relname AS name FROM pg_class c JOIN pg_am am ON am.oid = c.relam
      WHERE c.relkind = 'i' AND am.amname = 'btree' AND c.relnamespace = current_schema()::regnamespace
      ORDER BY c.relname`,
  )) as { oid: number; name: string }[];

  if (await amcheckUsable(db)) {
    for (const table of tables) {
      const rows = (await sql.unsafe(
        'SELECT blkno, offnum, attnum, msg FROM verify_heapam($1::regclass, on_error_stop => false)',
        [table.oid],
      )) as { blkno: number; offnum: number | null; attnum: number | null; msg: string }[];
      for (const row of rows)
        problems.push(
          `table ${table.name}, page ${row.blkno}${row.offnum === null ? '' : `, row ${row.offnum}`}: ${row.msg}`,
        );
    }
    for (const index of indexes) {
      try {
        await sql.unsafe('SELECT bt_index_check($1::regclass, true)', [index.oid]);
      } catch (error) {
        problems.push(`index ${index.name}: ${(error as Error).message}`);
      }
    }
    return problems;
  }

  for (const table of tables) {
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(
          'SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; SET LOCAL enable_bitmapscan = off',
        );
        await tx.unsafe(`SELECT count(*) FROM "${table.name}"`);
      });
    } catch (error) {
      problems.push(`table ${table.name}: ${(error as Error).message}`);
    }
  }
  return problems;
}

/** Which check `checkIntegrityPg` runs on this database with this role (`kviz stats verify` says it). */
export async function integrityMethodPg(db: PgDb): Promise<string> {
  return (await amcheckUsable(db))
    ? 'amcheck (verify_heapam on every table, bt_index_check with heapallindexed on every index)'
    : 'fallback: every table read in full without indexes (amcheck is not available to this role: docs/deploy.md)';
}

/** Whether amcheck's functions can be run here: installed (or installable now) and allowed for this role. */
async function amcheckUsable(db: PgDb): Promise<boolean> {
  const sql = db.$client;
  try {
    const installed = await sql.unsafe("SELECT extversion FROM pg_extension WHERE extname = 'amcheck'");
    if (installed.length === 0) await sql.unsafe('CREATE EXTENSION IF NOT EXISTS amcheck');
    // verify_heapam is amcheck 1.3 (PostgreSQL 14, the oldest this product supports).
    const allowed = await sql.unsafe(
      `SELECT has_function_privilege('verify_heapam(regclass, boolean, boolean, text, bigint, bigint)', 'EXECUTE')
          AND has_function_privilege('bt_index_check(regclass, boolean)', 'EXECUTE') AS ok`,
    );
    return allowed[0].ok === true;
  } catch {
    // Not available (no contrib package), not creatable by this role, or an older amcheck.
    return false;
  }
}
