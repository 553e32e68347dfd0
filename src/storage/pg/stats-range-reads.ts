/**
 * The line, song and album lists over a range of days: the all-time list's rows with the counts
 * of the range, from the per-key running totals (docs/decisions/019). Split from stats-store.ts
 * because this is the one read that combines answer keys and running totals.
 */
import { sql } from 'drizzle-orm';
import { addDays, type Day } from '../../time/day';
import type { StatsStore } from '../contract';
import type { ItemCounts } from '../encoding/recompute';
import type { PgDb } from './client';
import { answerKeys, cumulativeAnswers } from './schema';
import type { ItemLists } from './stats-overview-reads';

export function createRangeReads(
  db: PgDb,
  lists: ItemLists,
): Pick<StatsStore, 'getRangeLyricStats' | 'getRangeSongStats' | 'getRangeAlbumStats'> {
  // Per answer key, its running totals through a day (docs/decisions/019): the key's latest
  // row up to the day (DISTINCT ON over the (key_id, day) index).
  const answersThrough = async (day: Day) => {
    const ca = cumulativeAnswers;
    const k = answerKeys;
    const result = await db.execute(
      sql`SELECT k.${sql.identifier(k.lyricId.name)} AS lyric_id, k.${sql.identifier(k.songId.name)} AS song_id, k.${sql.identifier(k.albumId.name)} AS album_id, c.occurrences, c.correct FROM (SELECT DISTINCT ON (${ca.keyId}) ${ca.keyId} AS key_id, ${ca.occurrences} AS occurrences, ${ca.correct} AS correct FROM ${ca} WHERE ${ca.day} <= ${day} ORDER BY ${ca.keyId}, ${ca.day} DESC) c JOIN ${k} k ON k.${sql.identifier(k.id.name)} = c.key_id`,
    );
    // Bun's SQL client answers the rows as an array (node-postgres would put them in `rows`).
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      unknown
    >[];
    return rows.map((row) => ({
      lyricId: Number(row.lyric_id),
      songId: Number(row.song_id),
      albumId: Number(row.album_id),
      occurrences: Number(row.occurrences),
      correct: Number(row.correct),
    }));
  };
  /** The counts of [from, to] per line, song and album: through `to` minus through the day before `from`. */
  const rangeCounts = async (from: Day, to: Day) => {
    const sums = {
      lyrics: new Map<number, ItemCounts>(),
      songs: new Map<number, ItemCounts>(),
      albums: new Map<number, ItemCounts>(),
    };
    const add = (map: Map<number, ItemCounts>, id: number, occurrences: number, correct: number) => {
      const counts = map.get(id) ?? { occurrences: 0, correct: 0 };
      counts.occurrences += occurrences;
      counts.correct += correct;
      map.set(id, counts);
    };
    const [through, before] = await Promise.all([answersThrough(to), answersThrough(addDays(from, -1))]);
    for (const [rows, sign] of [
      [through, 1],
      [before, -1],
    ] as const)
      for (const row of rows) {
        add(sums.lyrics, row.lyricId, sign * row.occurrences, sign * row.correct);
        add(sums.songs, row.songId, sign * row.occurrences, sign * row.correct);
        add(sums.albums, row.albumId, sign * row.occurrences, sign * row.correct);
      }
    return sums;
  };
  /** The all-time list's rows (catalogue order and filter) with the counts of a range. */
  const withCounts = <Row extends { occurrences: number; correctAnswers: number }>(
    rows: Row[],
    id: (row: Row) => number,
    counts: Map<number, ItemCounts>,
  ): Row[] =>
    rows.map((row) => {
      const c = counts.get(id(row));
      return { ...row, occurrences: c?.occurrences ?? 0, correctAnswers: c?.correct ?? 0 };
    });

  return {
    getRangeLyricStats: async (from, to) => {
      const [rows, counts] = await Promise.all([lists.getLyricStats(), rangeCounts(from, to)]);
      return withCounts(rows, (r) => r.lyricId, counts.lyrics);
    },
    getRangeSongStats: async (from, to) => {
      const [rows, counts] = await Promise.all([lists.getSongStats(), rangeCounts(from, to)]);
      return withCounts(rows, (r) => r.songId, counts.songs);
    },
    getRangeAlbumStats: async (from, to) => {
      const [rows, counts] = await Promise.all([lists.getAlbumStats(), rangeCounts(from, to)]);
      return withCounts(rows, (r) => r.albumId, counts.albums);
    },
  };
}
