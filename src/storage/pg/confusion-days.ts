import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Day } from '../../time/day';
import type { ConfusionDayRow } from '../encoding/counter-rows';
import type { PgRunner } from './running-totals';
import { cumulativeConfusions } from './schema';

const n = (column: PgColumn) => sql.identifier(column.name);

/**
 * Adds a batch's wrong picks of a day to cumulative_confusions (docs/decisions/024), all pairs in
 * two statements, as cumulative_answers is written (play-batch-counters.ts): the day's row of
 * each pair is upserted — a new one is the pair's row before the day plus the picks; an existing
 * one gets the picks (what was inserted, less the row before) — then the pair's rows of later days
 * (a late play folded after midnight) get the picks. By the one aggregator (aggregator.ts), so no
 * other writer adds between.
 *
 * Both statements cost in proportion to the fold's pairs, whatever the day holds: the upsert
 * finds each pair through the primary key, and the later days are a range of the primary key
 * (day first) that is empty but after midnight. The update-then-insert-the-missing form it
 * replaces was planned as a sort or a hash of every pair of the day (docs/decisions/043).
 */
export async function addToConfusionDays(tx: PgRunner, day: Day, rows: ConfusionDayRow[]): Promise<void> {
  if (rows.length === 0) return;
  const t = cumulativeConfusions;
  const arrays = sql`unnest(${`{${rows.map((r) => r.lyricId)}}`}::int[], ${`{${rows.map((r) => r.selectedSongId)}}`}::int[], ${`{${rows.map((r) => r.times)}}`}::bigint[]) AS v(lyric_id, selected_song_id, times)`;
  /** The pair's running total before the day (0 before its first row). */
  const before = (lyric: SQL, song: SQL) =>
    sql`coalesce((SELECT p.${n(t.times)} FROM ${t} p WHERE p.${n(t.lyricId)} = ${lyric} AND p.${n(t.selectedSongId)} = ${song} AND p.${n(t.day)} < ${day} ORDER BY p.${n(t.day)} DESC LIMIT 1), 0)`;
  await tx.execute(
    sql`INSERT INTO ${t} AS c (${n(t.lyricId)}, ${n(t.selectedSongId)}, ${n(t.day)}, ${n(t.times)}) SELECT v.lyric_id, v.selected_song_id, ${day}, ${before(sql`v.lyric_id`, sql`v.selected_song_id`)} + v.times FROM ${arrays} ON CONFLICT (${n(t.day)}, ${n(t.lyricId)}, ${n(t.selectedSongId)}) DO UPDATE SET ${n(t.times)} = c.${n(t.times)} + excluded.${n(t.times)} - ${before(sql`excluded.${n(t.lyricId)}`, sql`excluded.${n(t.selectedSongId)}`)}`,
  );
  await tx.execute(
    sql`UPDATE ${t} SET ${n(t.times)} = ${t.times} + v.times FROM ${arrays} WHERE ${t.day} > ${day} AND ${t.lyricId} = v.lyric_id AND ${t.selectedSongId} = v.selected_song_id`,
  );
}
