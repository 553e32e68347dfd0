import { type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Confusion, LineConfusion } from '../../shared/contracts/time-series';
import type { Day } from '../../time/day';
import type { Db } from './client';
import { onFirstUse, prepareAll, statement } from './prepared';
import { cumulativeConfusions, lyricConfusions, lyrics, songs } from './schema';

/**
 * The confusions of a date range (docs/decisions/024): per (line, wrong song) pair — the pairs
 * of lyric_confusions, narrowed to a line or a song's lines — the running total through `to`
 * minus the one before `from`, each found by two seeks of the pair's index
 * (cumulative_confusions_pair_day) and a primary-key read. The cost grows with the pairs read
 * (a line's, a song's, or every pair for the overall list), not with the plays or the days.
 * Written as a materialized CTE, as the range lyric read (stats-store.ts): joined directly,
 * SQLite ran the subqueries per joined row.
 */
export function createSqliteConfusionReads(db: Db) {
  const ph = sql.placeholder;
  const name = (column: AnySQLiteColumn) => sql.identifier(column.name);
  const c = cumulativeConfusions;
  const lc = lyricConfusions;
  const latest = (cmp: SQL) =>
    sql`(SELECT max(x.${name(c.day)}) FROM ${c} x WHERE x.${name(c.lyricId)} = lc.${name(lc.lyricId)} AND x.${name(c.selectedSongId)} = lc.${name(lc.selectedSongId)} AND x.${name(c.day)} ${cmp})`;
  /** A pair's running total on the day in `dayColumn` of `p`: a primary-key read. */
  const timesAt = (dayColumn: string) =>
    sql`(SELECT y.${name(c.times)} FROM ${c} y WHERE y.${name(c.day)} = p.${sql.identifier(dayColumn)} AND y.${name(c.lyricId)} = p.lyric_id AND y.${name(c.selectedSongId)} = p.selected_song_id)`;
  /** The picks of [from, to] of the pairs `where` admits (alias `lc` of lyric_confusions). */
  const rangePicks = (where: SQL) =>
    sql`WITH p AS MATERIALIZED (SELECT lc.${name(lc.lyricId)} AS lyric_id, lc.${name(lc.selectedSongId)} AS selected_song_id, ${latest(sql`<= ${ph('to')}`)} AS to_day, ${latest(sql`< ${ph('from')}`)} AS before_day FROM ${lc} lc WHERE ${where}), r AS (SELECT p.lyric_id, p.selected_song_id, ${timesAt('to_day')} - coalesce(${timesAt('before_day')}, 0) AS times FROM p WHERE p.to_day IS NOT NULL)`;
  const l = lyrics;
  const s = songs;

  const line = onFirstUse(() =>
    prepareAll<LineConfusion>(
      db,
      statement(
        sql`${rangePicks(sql`lc.${name(lc.lyricId)} = ${ph('id')}`)} SELECT l.${name(l.id)} AS lyricId, l.${name(l.text)} AS lyric, rs.${name(s.id)} AS songId, rs.${name(s.title)} AS songTitle, ps.${name(s.id)} AS selectedSongId, ps.${name(s.title)} AS selectedSongTitle, r.times AS times FROM r JOIN ${l} l ON l.${name(l.id)} = r.lyric_id JOIN ${s} rs ON rs.${name(s.id)} = l.${name(l.songId)} JOIN ${s} ps ON ps.${name(s.id)} = r.selected_song_id WHERE r.times > 0 ORDER BY r.times DESC, ps.${name(s.id)} LIMIT ${ph('limit')}`,
      ),
    ),
  );
  /** Per (right song, wrong song): the picks of the song's lines summed. */
  const bySong = (where: SQL, order: SQL) =>
    statement(
      sql`${rangePicks(where)}, g AS (SELECT l.${name(l.songId)} AS song_id, r.selected_song_id, sum(r.times) AS times FROM r JOIN ${l} l ON l.${name(l.id)} = r.lyric_id GROUP BY l.${name(l.songId)}, r.selected_song_id) SELECT rs.${name(s.id)} AS songId, rs.${name(s.title)} AS songTitle, ps.${name(s.id)} AS selectedSongId, ps.${name(s.title)} AS selectedSongTitle, g.times AS times FROM g JOIN ${s} rs ON rs.${name(s.id)} = g.song_id JOIN ${s} ps ON ps.${name(s.id)} = g.selected_song_id WHERE g.times > 0 ORDER BY ${order} LIMIT ${ph('limit')}`,
    );
  const song = onFirstUse(() =>
    prepareAll<Confusion>(
      db,
      bySong(
        sql`lc.${name(lc.lyricId)} IN (SELECT ${name(l.id)} FROM ${l} WHERE ${name(l.songId)} = ${ph('id')})`,
        sql`g.times DESC, ps.${name(s.id)}`,
      ),
    ),
  );
  const top = onFirstUse(() =>
    prepareAll<Confusion>(db, bySong(sql`1`, sql`g.times DESC, rs.${name(s.id)}, ps.${name(s.id)}`)),
  );

  return {
    line: (lyricId: number, from: Day, to: Day, limit: number) =>
      line().all({ id: lyricId, from, to, limit }),
    song: (songId: number, from: Day, to: Day, limit: number) => song().all({ id: songId, from, to, limit }),
    top: (from: Day, to: Day, limit: number) => top().all({ from, to, limit }),
  };
}
