/**
 * The line, song and album lists over a range of days: the all-time list's rows with the counts
 * of the range, from the per-key running totals (docs/decisions/019). Split from stats-store.ts
 * because this is the one read that combines answer keys and running totals.
 */
import { sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { addDays, type Day } from '../../time/day';
import type { StatsStore } from '../contract';
import type { ItemCounts } from '../encoding/recompute';
import type { Db } from './client';
import { onFirstUse, prepareAll, statement } from './prepared';
import { answerKeys, cumulativeAnswers } from './schema';
import type { itemLists, Settled } from './stats-overview-reads';

export function createRangeReads(
  db: Db,
  lists: ReturnType<typeof itemLists>,
  settled: Settled,
): Pick<StatsStore, 'getRangeLyricStats' | 'getRangeSongStats' | 'getRangeAlbumStats'> {
  const { lyricList, songList, albumList } = lists;
  const ph = sql.placeholder;
  // Per answer key, its running totals through a day (docs/decisions/019): the day of the key's
  // latest row up to it (a covering index seek), then that row by the primary key. Written as a
  // materialized CTE: joined directly, SQLite scanned the whole table and ran the subquery per row.
  const name = (column: AnySQLiteColumn) => sql.identifier(column.name);
  const ca = cumulativeAnswers;
  const k = answerKeys;
  const answersThrough = onFirstUse(() =>
    prepareAll<{
      lyricId: number;
      songId: number;
      albumId: number;
      occurrences: number;
      correct: number;
    }>(
      db,
      statement(
        sql`WITH latest AS MATERIALIZED (SELECT ${k.id} AS id, ${k.lyricId} AS lyric_id, ${k.songId} AS song_id, ${k.albumId} AS album_id, (SELECT max(l.${name(ca.day)}) FROM ${ca} l WHERE l.${name(ca.keyId)} = ${k.id} AND l.${name(ca.day)} <= ${ph('day')}) AS day FROM ${k}) SELECT latest.lyric_id AS lyricId, latest.song_id AS songId, latest.album_id AS albumId, c.${name(ca.occurrences)} AS occurrences, c.${name(ca.correct)} AS correct FROM latest JOIN ${ca} c ON c.${name(ca.day)} = latest.day AND c.${name(ca.keyId)} = latest.id`,
      ),
    ),
  );

  /** The counts of [from, to] per line, song and album: through `to` minus through the day before `from`. */
  const rangeCounts = (from: Day, to: Day) => {
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
    const apply = (day: Day, sign: 1 | -1) => {
      for (const row of answersThrough().all({ day })) {
        const occurrences = sign * row.occurrences;
        const correct = sign * row.correct;
        add(sums.lyrics, row.lyricId, occurrences, correct);
        add(sums.songs, row.songId, occurrences, correct);
        add(sums.albums, row.albumId, occurrences, correct);
      }
    };
    apply(to, 1);
    apply(addDays(from, -1), -1);
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
    getRangeLyricStats: async (from, to) =>
      settled(() => withCounts(lyricList().all(), (r) => r.lyricId, rangeCounts(from, to).lyrics)),
    getRangeSongStats: async (from, to) =>
      settled(() => withCounts(songList().all(), (r) => r.songId, rangeCounts(from, to).songs)),
    getRangeAlbumStats: async (from, to) =>
      settled(() => withCounts(albumList().all(), (r) => r.albumId, rangeCounts(from, to).albums)),
  };
}
