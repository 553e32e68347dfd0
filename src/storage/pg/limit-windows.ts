import type { LimitWindows, WindowCount } from '../contract';
import type { PgDb } from './client';

/** How often ended windows are deleted (by each instance; a deletion finds little when another just ran). */
const EXPIRE_EVERY_MS = 60_000;

/**
 * The statement of `takeInOrder` for `n` windows ($1 the key, $2 now, then per window its scope,
 * its end if it starts now, its limit): `t0`, `t1`… take each window as `take` does, each only if
 * the one before was taken; then one row per window, in order: whether it was taken, and its
 * count and end (taken: as written; otherwise the live row as the statement's snapshot saw it).
 */
const takeInOrderText = (n: number) => {
  const p = (i: number, k: number) => `$${3 + i * 3 + k}`;
  const takes = Array.from(
    { length: n },
    (_, i) => `t${i} AS (
  INSERT INTO rate_windows AS w (scope, key, count, reset_at)
  SELECT ${p(i, 0)}, $1, 1, ${p(i, 1)}::bigint${i === 0 ? '' : ` WHERE EXISTS (SELECT 1 FROM t${i - 1})`}
  ON CONFLICT (scope, key) DO UPDATE SET
    count = CASE WHEN w.reset_at <= $2 THEN 1 ELSE w.count + 1 END,
    reset_at = CASE WHEN w.reset_at <= $2 THEN excluded.reset_at ELSE w.reset_at END
  WHERE w.reset_at <= $2 OR w.count < ${p(i, 2)}::int
  RETURNING count, reset_at)`,
  );
  const rows = Array.from(
    { length: n },
    (_, i) => `SELECT ${i} AS i, EXISTS (SELECT 1 FROM t${i}) AS taken,
  coalesce((SELECT count FROM t${i}), (SELECT count FROM rate_windows WHERE scope = ${p(i, 0)} AND key = $1 AND reset_at > $2)) AS count,
  coalesce((SELECT reset_at FROM t${i}), (SELECT reset_at FROM rate_windows WHERE scope = ${p(i, 0)} AND key = $1 AND reset_at > $2)) AS reset_at`,
  );
  return `WITH ${takes.join(',\n')}\n${rows.join('\nUNION ALL\n')}\nORDER BY i`;
};

/**
 * The rate-limit windows of every instance in one UNLOGGED table (migration 0006,
 * docs/decisions/036): a row per limit and client key, its count and the end of its window.
 * A window starts at a key's first event, as in the in-process limiter; every statement is one
 * round trip on the pool, autocommitted (no WAL: unlogged). Times are the callers' clock.
 */
export function createPgLimitWindows(db: PgDb): LimitWindows & { close(): void } {
  const sql = db.$client;
  const timer = setInterval(() => {
    sql`DELETE FROM rate_windows WHERE reset_at <= ${Date.now()}`.catch(() => {});
  }, EXPIRE_EVERY_MS);
  timer.unref();
  const row = (r: { count: number; reset_at: string | number } | undefined): WindowCount =>
    r ? { count: r.count, resetAtMs: Number(r.reset_at) } : { count: 0, resetAtMs: 0 };
  return {
    async take(scope, key, windowMs, limit, nowMs) {
      // One statement: a new or ended window starts at 1; a live one under the limit adds 1; a
      // spent one is left alone (no row returned) and read back for its end.
      const [taken] = await sql`
        INSERT INTO rate_windows AS w (scope, key, count, reset_at)
        VALUES (${scope}, ${key}, 1, ${nowMs + windowMs})
        ON CONFLICT (scope, key) DO UPDATE SET
          count = CASE WHEN w.reset_at <= ${nowMs} THEN 1 ELSE w.count + 1 END,
          reset_at = CASE WHEN w.reset_at <= ${nowMs} THEN ${nowMs + windowMs} ELSE w.reset_at END
        WHERE w.reset_at <= ${nowMs} OR w.count < ${limit}
        RETURNING count, reset_at`;
      if (taken) return { ...row(taken), allowed: true };
      const [spent] =
        await sql`SELECT count, reset_at FROM rate_windows WHERE scope = ${scope} AND key = ${key}`;
      return { ...row(spent), allowed: false };
    },
    async takeInOrder(key, windows, nowMs) {
      if (windows.length === 0) return [];
      const rows = (await sql.unsafe(takeInOrderText(windows.length), [
        key,
        nowMs,
        ...windows.flatMap((w) => [w.scope, nowMs + w.windowMs, w.limit]),
      ])) as { taken: boolean; count: number | null; reset_at: string | number | null }[];
      return rows.map((r, i) => {
        const w = row(r.count === null ? undefined : { count: r.count, reset_at: r.reset_at! });
        // Not taken after every window before it was: this one refused. After a refusal: only read.
        const refused = !r.taken && rows.slice(0, i).every((before) => before.taken);
        return { ...w, allowed: r.taken || (!refused && w.count < windows[i]!.limit) };
      });
    },
    async peek(scope, key, nowMs) {
      const [live] = await sql`
        SELECT count, reset_at FROM rate_windows WHERE scope = ${scope} AND key = ${key} AND reset_at > ${nowMs}`;
      return row(live);
    },
    async give(scope, key, nowMs) {
      await sql`
        UPDATE rate_windows SET count = count - 1
        WHERE scope = ${scope} AND key = ${key} AND reset_at > ${nowMs} AND count > 0`;
    },
    async forget(scope, key) {
      await sql`DELETE FROM rate_windows WHERE scope = ${scope} AND key = ${key}`;
    },
    async forgetAll(scope) {
      await sql`DELETE FROM rate_windows WHERE scope = ${scope}`;
    },
    close: () => clearInterval(timer),
  };
}
