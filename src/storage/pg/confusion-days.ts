import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Day } from '../../time/day';
import type { ConfusionDayRow } from '../encoding/counter-rows';
import type { PgRunner } from './running-totals';
import { cumulativeConfusions } from './schema';

const n = (column: PgColumn) => sql.identifier(column.name);

/**
 * Adds a batch's wrong picks of a day to cumulative_confusions (docs/decisions/024), all pairs in
 * two statements, as cumulative_answers is written (play-store.ts): every stored row of a pair
 * from that day on gets the picks, then the pairs without a row for the day get one, their row
 * before the day plus the picks. By the one aggregator (aggregator.ts), so no other writer adds between.
 */
export async function addToConfusionDays(tx: PgRunner, day: Day, rows: ConfusionDayRow[]): Promise<void> {
  if (rows.length === 0) return;
  const t = cumulativeConfusions;
  const arrays = sql`unnest(${`{${rows.map((r) => r.lyricId)}}`}::int[], ${`{${rows.map((r) => r.selectedSongId)}}`}::int[], ${`{${rows.map((r) => r.times)}}`}::bigint[]) AS v(lyric_id, selected_song_id, times)`;
  await tx.execute(
    sql`UPDATE ${t} SET ${n(t.times)} = ${t.times} + v.times FROM ${arrays} WHERE ${t.lyricId} = v.lyric_id AND ${t.selectedSongId} = v.selected_song_id AND ${t.day} >= ${day}`,
  );
  const before = sql`coalesce((SELECT p.${n(t.times)} FROM ${t} p WHERE p.${n(t.lyricId)} = v.lyric_id AND p.${n(t.selectedSongId)} = v.selected_song_id AND p.${n(t.day)} < ${day} ORDER BY p.${n(t.day)} DESC LIMIT 1), 0)`;
  await tx.execute(
    sql`INSERT INTO ${t} (${n(t.lyricId)}, ${n(t.selectedSongId)}, ${n(t.day)}, ${n(t.times)}) SELECT v.lyric_id, v.selected_song_id, ${day}, ${before} + v.times FROM ${arrays} WHERE NOT EXISTS (SELECT 1 FROM ${t} d WHERE d.${n(t.day)} = ${day} AND d.${n(t.lyricId)} = v.lyric_id AND d.${n(t.selectedSongId)} = v.selected_song_id)`,
  );
}
