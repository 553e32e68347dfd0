import { type Placeholder, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { multiRowInsert, prepare, statement } from '../../db/prepared';
import { cumulativeConfusions } from '../../db/schema';
import type { ConfusionDayRow } from '../counter-rows';
import type { Day } from '../day';

/**
 * Adds a day's wrong picks per (line, wrong song) to cumulative_confusions, the running totals
 * of the range confusions (docs/decisions/024), as cumulative_answers is written
 * (play-store.ts, docs/decisions/019): first every stored row of a pair from that day on gets
 * the picks (the day's own row when it exists, and any later day's, so a play on an earlier
 * day stays exact); then the pairs without a row for the day get one, the pair's row before
 * the day plus the picks (one multi-row INSERT per 64 pairs).
 */
export function confusionRunningTotals(db: Db) {
  const t = cumulativeConfusions;
  const col = (column: SQLiteColumn) => sql.identifier(column.name);
  const ph = sql.placeholder;
  const addOne = prepare(
    db,
    statement(
      sql`UPDATE ${t} SET ${col(t.times)} = ${col(t.times)} + ${ph('times')} WHERE ${col(t.lyricId)} = ${ph('lyricId')} AND ${col(t.selectedSongId)} = ${ph('selectedSongId')} AND ${col(t.day)} >= ${ph('day')}`,
    ),
  );
  type Row = Record<'lyricId' | 'selectedSongId' | 'day' | 'times', Placeholder>;
  const values = (rows: Row[]) =>
    sql.join(
      rows.map((r) => sql`(${r.lyricId}, ${r.selectedSongId}, ${r.day}, ${r.times})`),
      sql`, `,
    );
  const before = sql`coalesce((SELECT p.${col(t.times)} FROM ${t} p WHERE p.${col(t.lyricId)} = v.column1 AND p.${col(t.selectedSongId)} = v.column2 AND p.${col(t.day)} < v.column3 ORDER BY p.${col(t.day)} DESC LIMIT 1), 0)`;
  const open = multiRowInsert(
    db,
    (rows) =>
      statement(
        sql`INSERT INTO ${t} (${col(t.lyricId)}, ${col(t.selectedSongId)}, ${col(t.day)}, ${col(t.times)}) SELECT v.column1, v.column2, v.column3, ${before} + v.column4 FROM (VALUES ${values(rows)}) v WHERE NOT EXISTS (SELECT 1 FROM ${t} d WHERE d.${col(t.day)} = v.column3 AND d.${col(t.lyricId)} = v.column1 AND d.${col(t.selectedSongId)} = v.column2) ON CONFLICT DO NOTHING`,
      ),
    ['lyricId', 'selectedSongId', 'day', 'times'] as const,
  );
  return (day: Day, rows: ConfusionDayRow[]) => {
    if (rows.length === 0) return;
    const withDay = rows.map((r) => ({ ...r, day }));
    for (const row of withDay) addOne.run(row);
    open(withDay);
  };
}
