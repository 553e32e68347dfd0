/** The upsert helper the PostgreSQL stores share: a counter row adds the new counts to the stored ones. */
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** `SET column = table.column + excluded.column` for each counter column. */
export function addingUp(table: PgTable, props: string[]) {
  return Object.fromEntries(
    props.map((prop) => {
      const column = (table as unknown as Record<string, PgColumn>)[prop]!;
      return [prop, sql`${column} + excluded.${sql.identifier(column.name)}`];
    }),
  );
}
