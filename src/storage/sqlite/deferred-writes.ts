/**
 * The writes of a flush of the deferred counters (docs/decisions/025): each table's deltas in one
 * set-based statement (set-writes.ts), the running totals per day in day order. Split from
 * deferred-counters.ts so the watermark logic and the statements each read on their own.
 */
import type { Db } from './client';
import type { FlushSums } from './flush-sums';
import {
  albumStats,
  cumulativeAnswers,
  cumulativeConfusions,
  lyricConfusions,
  lyricStats,
  songConfusions,
  songStats,
} from './schema';
import { addToRunningTotals, addUpAll } from './set-writes';

/** Writes a flush's sums; the caller holds the transaction. */
export function createDeferredWrites(db: Db) {
  const upsertLyrics = addUpAll(
    db,
    lyricStats,
    [lyricStats.lyricId],
    [lyricStats.occurrences, lyricStats.correct],
  );
  const upsertSongs = addUpAll(db, songStats, [songStats.songId], [songStats.occurrences, songStats.correct]);
  const upsertAlbums = addUpAll(
    db,
    albumStats,
    [albumStats.albumId],
    [albumStats.occurrences, albumStats.correct],
  );
  const upsertLyricConfusions = addUpAll(
    db,
    lyricConfusions,
    [lyricConfusions.lyricId, lyricConfusions.selectedSongId],
    [lyricConfusions.times],
  );
  const upsertSongConfusions = addUpAll(
    db,
    songConfusions,
    [songConfusions.songId, songConfusions.selectedSongId],
    [songConfusions.times],
  );
  const addToAnswers = addToRunningTotals(
    db,
    cumulativeAnswers,
    cumulativeAnswers.day,
    [cumulativeAnswers.keyId],
    [cumulativeAnswers.occurrences, cumulativeAnswers.correct],
  );
  const addToConfusionDays = addToRunningTotals(
    db,
    cumulativeConfusions,
    cumulativeConfusions.day,
    [cumulativeConfusions.lyricId, cumulativeConfusions.selectedSongId],
    [cumulativeConfusions.times],
  );

  /** Writes the sums (the caller holds the transaction): one statement per table, running totals per day in day order. */
  return (sums: FlushSums): void => {
    upsertLyrics(sums.lyrics());
    upsertSongs(sums.songs());
    upsertAlbums(sums.albums());
    upsertLyricConfusions(sums.lyricConfusions());
    upsertSongConfusions(sums.songConfusions());
    const days = sums.days();
    for (const [day, keyRows] of days) addToAnswers(day, keyRows);
    for (const [day, , pairRows] of days) addToConfusionDays(day, pairRows);
  };
}
