import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Confusion, LineConfusion } from '../../shared/contracts/time-series';
import type { Day } from '../../time/day';
import type { PgDb } from './client';
import { cumulativeConfusions, lyricConfusions, lyrics, songs } from './schema';

const n = (column: PgColumn) => sql.identifier(column.name);

/**
 * The confusions of a date range over PostgreSQL, as the SQLite reads
 * (src/storage/sqlite/confusion-reads.ts, docs/decisions/024): per (line, wrong song) pair of
 * lyric_confusions, the running total through `to` minus the one before `from`, each the
 * pair's latest row up to a day by a backward scan of the (lyric_id, selected_song_id, day)
 * index with LIMIT 1.
 */
export function createPgConfusionReads(db: PgDb) {
  const c = cumulativeConfusions;
  const lc = lyricConfusions;
  const l = lyrics;
  const s = songs;
  const latest = (cmp: SQL) =>
    sql`(SELECT x.${n(c.times)} FROM ${c} x WHERE x.${n(c.lyricId)} = lc.${n(lc.lyricId)} AND x.${n(c.selectedSongId)} = lc.${n(lc.selectedSongId)} AND x.${n(c.day)} ${cmp} ORDER BY x.${n(c.day)} DESC LIMIT 1)`;
  const rangePicks = (where: SQL, from: Day, to: Day) =>
    sql`WITH r AS (SELECT lc.${n(lc.lyricId)} AS lyric_id, lc.${n(lc.selectedSongId)} AS selected_song_id, coalesce(${latest(sql`<= ${to}`)}, 0) - coalesce(${latest(sql`< ${from}`)}, 0) AS times FROM ${lc} lc WHERE ${where})`;
  const rows = async (query: SQL) => {
    const result = await db.execute(query);
    // Bun's SQL client answers the rows as an array (node-postgres would put them in `rows`).
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      unknown
    >[];
  };
  const confusion = (row: Record<string, unknown>): Confusion => ({
    songId: Number(row.song_id),
    songTitle: String(row.song_title),
    selectedSongId: Number(row.selected_song_id),
    selectedSongTitle: String(row.selected_song_title),
    times: Number(row.times),
  });
  const bySong = async (where: SQL, order: SQL, from: Day, to: Day, limit: number) =>
    (
      await rows(
        sql`${rangePicks(where, from, to)}, g AS (SELECT l.${n(l.songId)} AS song_id, r.selected_song_id, sum(r.times) AS times FROM r JOIN ${l} l ON l.${n(l.id)} = r.lyric_id GROUP BY l.${n(l.songId)}, r.selected_song_id) SELECT g.song_id, rs.${n(s.title)} AS song_title, g.selected_song_id, ps.${n(s.title)} AS selected_song_title, g.times FROM g JOIN ${s} rs ON rs.${n(s.id)} = g.song_id JOIN ${s} ps ON ps.${n(s.id)} = g.selected_song_id WHERE g.times > 0 ORDER BY ${order} LIMIT ${limit}`,
      )
    ).map(confusion);

  return {
    async line(lyricId: number, from: Day, to: Day, limit: number): Promise<LineConfusion[]> {
      const found = await rows(
        sql`${rangePicks(sql`lc.${n(lc.lyricId)} = ${lyricId}`, from, to)} SELECT r.lyric_id, l.${n(l.text)} AS lyric, l.${n(l.songId)} AS song_id, rs.${n(s.title)} AS song_title, r.selected_song_id, ps.${n(s.title)} AS selected_song_title, r.times FROM r JOIN ${l} l ON l.${n(l.id)} = r.lyric_id JOIN ${s} rs ON rs.${n(s.id)} = l.${n(l.songId)} JOIN ${s} ps ON ps.${n(s.id)} = r.selected_song_id WHERE r.times > 0 ORDER BY r.times DESC, r.selected_song_id LIMIT ${limit}`,
      );
      return found.map((row) => ({
        lyricId: Number(row.lyric_id),
        lyric: String(row.lyric),
        ...confusion(row),
      }));
    },
    song: (songId: number, from: Day, to: Day, limit: number) =>
      bySong(
        sql`lc.${n(lc.lyricId)} IN (SELECT ${n(l.id)} FROM ${l} WHERE ${n(l.songId)} = ${songId})`,
        sql`g.times DESC, g.selected_song_id`,
        from,
        to,
        limit,
      ),
    top: (from: Day, to: Day, limit: number) =>
      bySong(sql`true`, sql`g.times DESC, g.song_id, g.selected_song_id`, from, to, limit),
  };
}
