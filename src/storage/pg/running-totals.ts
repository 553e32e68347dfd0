import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PgDb } from './client';
import type { cumulativeDays, cumulativeQuizzes, cumulativeScores } from './schema';

/** A transaction or the database: what the statements below run on. */
export type PgRunner = Pick<PgDb, 'insert' | 'update' | 'execute' | 'select' | 'delete'>;

/**
 * Adds counts of a day to running totals (cumulative_days, cumulative_scores,
 * cumulative_quizzes), as the SQLite store does (src/storage/sqlite/play-store.ts):
 * the day's row is made, if missing, as a copy of the row before it (within
 * `group`), then every row from that day on gets the counts. Run under the
 * counters' one aggregator at a time, so two instances never carry and add
 * across each other (the aggregator's lock, aggregator.ts).
 */
export function runningTotals<
  Table extends typeof cumulativeDays | typeof cumulativeScores | typeof cumulativeQuizzes,
>(table: Table, keys: readonly (keyof Table & string)[], groupKey?: keyof Table & string) {
  const column = (key: string) => (table as unknown as Record<string, PgColumn>)[key]!;
  const day = table.day as PgColumn;
  const group = groupKey ? column(groupKey) : undefined;
  const names = sql.join(
    keys.map((key) => sql.identifier(column(key).name)),
    sql`, `,
  );
  const dayName = sql.identifier(day.name);
  return async (tx: PgRunner, dayValue: string, counts: Record<string, number>, groupValue?: string) => {
    const inGroup: SQL = group ? sql` AND ${sql.identifier(group.name)} = ${groupValue}` : sql``;
    const opened = await tx
      .insert(table)
      .values({ day: dayValue, ...(groupKey ? { [groupKey]: groupValue } : {}) } as never)
      .onConflictDoNothing()
      .returning({ day });
    if (opened.length === 1)
      await tx.execute(
        sql`UPDATE ${table} SET (${names}) = (SELECT ${names} FROM ${table} WHERE ${dayName} < ${dayValue}${inGroup} ORDER BY ${dayName} DESC LIMIT 1) WHERE ${dayName} = ${dayValue}${inGroup} AND EXISTS (SELECT 1 FROM ${table} WHERE ${dayName} < ${dayValue}${inGroup})`,
      );
    await tx
      .update(table)
      .set(Object.fromEntries(keys.map((key) => [key, sql`${column(key)} + ${counts[key] ?? 0}`])) as never)
      .where(group ? sql`${day} >= ${dayValue} AND ${group} = ${groupValue}` : sql`${day} >= ${dayValue}`);
  };
}
