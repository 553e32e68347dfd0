/**
 * The confusions of the PostgreSQL statistics (which wrong song was picked for a line or a song,
 * and the most frequent ones): all-time from the confusion counters, over a range from the
 * per-day ones (confusion-reads.ts). Split from stats-store.ts so the confusion reads sit together.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StatsStore } from '../contract';
import type { PgDb } from './client';
import { createPgConfusionReads } from './confusion-reads';
import { lyricConfusions, lyrics, songConfusions, songs } from './schema';

export function createConfusionReads(
  db: PgDb,
): Pick<StatsStore, 'getLineConfusions' | 'getSongConfusions' | 'getTopConfusions'> {
  const picked = alias(songs, 'picked');
  const rightSong = alias(songs, 'right_song');
  const songConfusionFields = {
    songId: rightSong.id,
    songTitle: rightSong.title,
    selectedSongId: picked.id,
    selectedSongTitle: picked.title,
    times: songConfusions.times,
  };
  const rangeConfusions = createPgConfusionReads(db);

  return {
    getLineConfusions: async (lyricId, { limit, range }) =>
      range
        ? rangeConfusions.line(lyricId, range.from, range.to, limit)
        : db
            .select({
              lyricId: lyrics.id,
              lyric: lyrics.text,
              songId: rightSong.id,
              songTitle: rightSong.title,
              selectedSongId: picked.id,
              selectedSongTitle: picked.title,
              times: lyricConfusions.times,
            })
            .from(lyricConfusions)
            .innerJoin(lyrics, eq(lyrics.id, lyricConfusions.lyricId))
            .innerJoin(rightSong, eq(rightSong.id, lyrics.songId))
            .innerJoin(picked, eq(picked.id, lyricConfusions.selectedSongId))
            .where(eq(lyricConfusions.lyricId, lyricId))
            .orderBy(desc(lyricConfusions.times), asc(picked.id))
            .limit(limit),
    getSongConfusions: async (songId, { limit, range }) =>
      range
        ? rangeConfusions.song(songId, range.from, range.to, limit)
        : db
            .select(songConfusionFields)
            .from(songConfusions)
            .innerJoin(rightSong, eq(rightSong.id, songConfusions.songId))
            .innerJoin(picked, eq(picked.id, songConfusions.selectedSongId))
            .where(eq(songConfusions.songId, songId))
            .orderBy(desc(songConfusions.times), asc(picked.id))
            .limit(limit),
    getTopConfusions: async ({ limit, range }) =>
      range
        ? rangeConfusions.top(range.from, range.to, limit)
        : db
            .select(songConfusionFields)
            .from(songConfusions)
            .innerJoin(rightSong, eq(rightSong.id, songConfusions.songId))
            .innerJoin(picked, eq(picked.id, songConfusions.selectedSongId))
            .orderBy(desc(songConfusions.times), asc(rightSong.id), asc(picked.id))
            .limit(limit),
  };
}
