import type { LimitWindows, WindowCount } from '../contract';
import type { PgDb } from './client';
import { numberArray, textArray } from './pg-arrays';

/** How often ended windows are deleted (by each instance; a deletion finds little when another just ran). */
const EXPIRE_EVERY_MS = 60_000;

/**
 * Rounds of `takeMany` for keys whose window changed under it (another instance took from it
 * between the statement's snapshot and its row lock); past them, what is left is refused. Each
 * further round needs yet another instance's take from the same window, so a window fills first.
 */
const MAX_TAKE_ROUNDS = 8;

type Want = { i: number; key: string; n: number };
type Seen = { key: string; count: number; reset_at: string | number; applied: boolean };

const window = (r: { count: number; reset_at: string | number }): WindowCount => ({
  count: r.count,
  resetAtMs: Number(r.reset_at),
});

/**
 * The rate-limit windows of every instance in one UNLOGGED table (migration 0006,
 * docs/decisions/036): a row per limit and client key, its count and the end of its window.
 * A window starts at a key's first event, as in the in-process limiter; every statement is one
 * round trip on the pool, autocommitted (no WAL: unlogged). Times are the callers' clock. The
 * shared limiter (src/http/shared-limit.ts) gathers the takes of one limit into `takeMany`.
 */
export function createPgLimitWindows(db: PgDb): LimitWindows & { close(): void } {
  const sql = db.$client;
  const timer = setInterval(() => {
    sql`DELETE FROM rate_windows WHERE reset_at <= ${Date.now()}`.catch(() => {});
  }, EXPIRE_EVERY_MS);
  timer.unref();
  const row = (r: { count: number; reset_at: string | number } | undefined): WindowCount =>
    r ? window(r) : { count: 0, resetAtMs: 0 };
  /**
   * One statement for a batch of keys: each key's window takes its `n` events only if they all
   * fit (a new or ended window starts at n; a live one adds n up to `limit`) — so a row returned
   * as applied took exactly n — and the keys it did not take are read back as they stood in the
   * statement's snapshot, for the caller to refuse (full) or to ask again for what fits.
   */
  const takeRound = (scope: string, open: Want[], windowMs: number, limit: number, nowMs: number) =>
    sql`
      WITH t AS (
        SELECT key, n, ord FROM unnest(${textArray(open.map((w) => w.key))}::text[], ${numberArray(open.map((w) => w.n))}::int[]) WITH ORDINALITY AS t(key, n, ord)
      ), up AS (
        INSERT INTO rate_windows AS w (scope, key, count, reset_at)
        SELECT ${scope}, key, n, ${nowMs + windowMs} FROM t ORDER BY ord
        ON CONFLICT (scope, key) DO UPDATE SET
          count = CASE WHEN w.reset_at <= ${nowMs} THEN excluded.count ELSE w.count + excluded.count END,
          reset_at = CASE WHEN w.reset_at <= ${nowMs} THEN excluded.reset_at ELSE w.reset_at END
        WHERE w.reset_at <= ${nowMs} OR w.count + excluded.count <= ${limit}
        RETURNING key, count, reset_at
      )
      SELECT key, count, reset_at, true AS applied FROM up
      UNION ALL
      SELECT w.key, w.count, w.reset_at, false FROM rate_windows w JOIN t ON w.key = t.key
      WHERE w.scope = ${scope} AND NOT EXISTS (SELECT 1 FROM up WHERE up.key = w.key)` as Promise<Seen[]>;
  const takeMany: LimitWindows['takeMany'] = async (scope, wanted, windowMs, limit, nowMs) => {
    const out = wanted.map(() => ({ count: 0, resetAtMs: 0, taken: 0 }));
    // No window ever holds more than `limit`: the rest of a key's events are refused at once.
    let open: Want[] = wanted
      .map(({ key, n }, i) => ({ i, key, n: Math.min(n, limit) }))
      .filter((w) => w.n > 0);
    // One order for every instance: two multi-row statements lock shared keys in the same order.
    open.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (let round = 0; open.length > 0; round++) {
      const seen = new Map<string, Seen>();
      for (const row of await takeRound(scope, open, windowMs, limit, nowMs)) seen.set(row.key, row);
      const again: Want[] = [];
      for (const want of open) {
        const row = seen.get(want.key);
        const live = row !== undefined && Number(row.reset_at) > nowMs;
        if (row?.applied) out[want.i] = { ...window(row), taken: want.n };
        else if (live && row.count >= limit) out[want.i] = { ...window(row), taken: 0 };
        else if (round + 1 < MAX_TAKE_ROUNDS)
          // The window changed after the statement's snapshot (its row is missing or ended in
          // it), or holds fewer than n: take what it held then, and see again.
          again.push({ ...want, n: live ? Math.min(want.n, limit - row.count) : want.n });
        else if (row) out[want.i] = { ...window(row), taken: 0 };
      }
      open = again;
    }
    return out;
  };
  return {
    takeMany,
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
