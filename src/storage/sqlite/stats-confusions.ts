/**
 * The confusions of the SQLite statistics (which wrong song was picked for a line or a song, and
 * the most frequent ones): all-time from the confusion counters, over a range from the per-day
 * ones (confusion-reads.ts). Split from stats-store.ts so the confusion reads sit together.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { StatsStore } from '../contract';
import type { Db } from './client';
import { createSqliteConfusionReads } from './confusion-reads';
import { onFirstUse } from './prepared';
import { lyricConfusions, lyrics, songConfusions, songs } from './schema';
import type { Settled } from './stats-overview-reads';

export function createConfusionReads(
  db: Db,
  settled: Settled,
): Pick<StatsStore, 'getLineConfusions' | 'getSongConfusions' | 'getTopConfusions'> {
  const ph = sql.placeholder;
  const picked = alias(songs, 'picked');
  const rightSong = alias(songs, 'right_song');
  const lineConfusions = onFirstUse(() =>
    db
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
      .where(eq(lyricConfusions.lyricId, ph('id')))
      .orderBy(desc(lyricConfusions.times), asc(picked.id))
      .limit(ph('limit'))
      .prepare(),
  );
  const songConfusionFields = {
    songId: rightSong.id,
    songTitle: rightSong.title,
    selectedSongId: picked.id,
    selectedSongTitle: picked.title,
    times: songConfusions.times,
  };
  const songConfusionList = onFirstUse(() =>
    db
      .select(songConfusionFields)
      .from(songConfusions)
      .innerJoin(rightSong, eq(rightSong.id, songConfusions.songId))
      .innerJoin(picked, eq(picked.id, songConfusions.selectedSongId))
      .where(eq(songConfusions.songId, ph('id')))
      .orderBy(desc(songConfusions.times), asc(picked.id))
      .limit(ph('limit'))
      .prepare(),
  );
  // At most songs × songs rows, whatever the number of plays.
  const topConfusions = onFirstUse(() =>
    db
      .select(songConfusionFields)
      .from(songConfusions)
      .innerJoin(rightSong, eq(rightSong.id, songConfusions.songId))
      .innerJoin(picked, eq(picked.id, songConfusions.selectedSongId))
      .orderBy(desc(songConfusions.times), asc(rightSong.id), asc(picked.id))
      .limit(ph('limit'))
      .prepare(),
  );
  const rangeConfusions = createSqliteConfusionReads(db);

  return {
    getLineConfusions: (lyricId, { limit, range }) =>
      settled(() =>
        range
          ? rangeConfusions.line(lyricId, range.from, range.to, limit)
          : lineConfusions().all({ id: lyricId, limit }),
      ),
    getSongConfusions: (songId, { limit, range }) =>
      settled(() =>
        range
          ? rangeConfusions.song(songId, range.from, range.to, limit)
          : songConfusionList().all({ id: songId, limit }),
      ),
    getTopConfusions: ({ limit, range }) =>
      settled(() =>
        range ? rangeConfusions.top(range.from, range.to, limit) : topConfusions().all({ limit }),
      ),
  };
}
