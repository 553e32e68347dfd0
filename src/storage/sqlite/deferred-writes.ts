/**
 * The writes of a flush of the deferred counters (docs/decisions/025): each table's deltas a row
 * at a time (set-writes.ts), the running totals per day in day order, written in
 * chunks of rows (docs/decisions/041): a flush's rows are one sequence — the steps below in this
 * order, a running-totals table day by day, each part in key order — and a chunk writes the next
 * rows of it, so a flush of any size can be cut into short transactions between which the writer
 * commits plays. Split from deferred-counters.ts so the watermark logic and the statements each
 * read on their own.
 */
import type { Db } from './client';
import type { Deltas, FlushSums } from './flush-sums';
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

/** The steps of a flush in writing order; a step's index is what a stored position names. */
export const FLUSH_STEPS = [
  'lyrics',
  'songs',
  'albums',
  'lyricConfusions',
  'songConfusions',
  'answerDays',
  'confusionDays',
] as const;
const step = (name: (typeof FLUSH_STEPS)[number]) => FLUSH_STEPS.indexOf(name);

/** Rows written between two readings of the clock in a chunk with a deadline. */
const TIME_CHECK_ROWS = 128;

/** The last row a chunk wrote: its step, its day ('' in an all-time table) and its key (flush-sums.ts `Deltas.key`). */
export interface FlushPosition {
  step: number;
  day: string;
  key: number;
}

/** Whether the row (step, day, key) comes at or before `position` in a flush's writing order. */
export function reached(position: FlushPosition, rowStep: number, day: string, key: number): boolean {
  if (rowStep !== position.step) return rowStep < position.step;
  if (day !== position.day) return day < position.day;
  return key <= position.key;
}

/** One table's (or one day's) deltas and the statement that adds them. */
export interface FlushPart {
  step: number;
  day: string;
  deltas: Deltas;
  write(deltas: Deltas, from: number, to: number): void;
}

/** The first row of `deltas` whose key is past `key` (keys increase with the row). */
function firstAfter(deltas: Deltas, key: number): number {
  let low = 0;
  let high = deltas.rows;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (deltas.key(mid) <= key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The statements of a flush, and the writing of its rows in chunks; the caller holds the transaction. */
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

  return {
    /** A flush's sums as parts in writing order (running totals per day in day order); empty parts left out. */
    partsOf(sums: FlushSums): FlushPart[] {
      const days = sums.days();
      const parts: FlushPart[] = [
        { step: step('lyrics'), day: '', deltas: sums.lyrics(), write: upsertLyrics },
        { step: step('songs'), day: '', deltas: sums.songs(), write: upsertSongs },
        { step: step('albums'), day: '', deltas: sums.albums(), write: upsertAlbums },
        {
          step: step('lyricConfusions'),
          day: '',
          deltas: sums.lyricConfusions(),
          write: upsertLyricConfusions,
        },
        { step: step('songConfusions'), day: '', deltas: sums.songConfusions(), write: upsertSongConfusions },
        ...days.map(([day, keyRows]) => ({
          step: step('answerDays'),
          day,
          deltas: keyRows,
          write: (deltas: Deltas, from: number, to: number) => addToAnswers(day, deltas, from, to),
        })),
        ...days.map(([day, , pairRows]) => ({
          step: step('confusionDays'),
          day,
          deltas: pairRows,
          write: (deltas: Deltas, from: number, to: number) => addToConfusionDays(day, deltas, from, to),
        })),
      ];
      return parts.filter((part) => part.deltas.rows > 0);
    },
    /**
     * Writes at most `budget` rows of `parts` after `after` (none: from the first row), and stops
     * sooner once `deadline` (a `performance.now()` time) has passed: the clock is read every
     * TIME_CHECK_ROWS rows, since a row's cost differs between tables several times over. Returns
     * the last row written and whether that was the last row of all.
     */
    writeSome(
      parts: FlushPart[],
      after: FlushPosition | undefined,
      budget: number,
      deadline = Number.POSITIVE_INFINITY,
    ): { position: FlushPosition | undefined; rows: number; finished: boolean } {
      let position = after;
      let rows = 0;
      for (const part of parts) {
        let from = 0;
        if (after) {
          if (part.step < after.step || (part.step === after.step && part.day < after.day)) continue;
          if (part.step === after.step && part.day === after.day) from = firstAfter(part.deltas, after.key);
        }
        while (from < part.deltas.rows) {
          if (rows >= budget || (rows > 0 && performance.now() >= deadline))
            return { position, rows, finished: false };
          const to = Math.min(part.deltas.rows, from + Math.min(TIME_CHECK_ROWS, budget - rows));
          part.write(part.deltas, from, to);
          rows += to - from;
          position = { step: part.step, day: part.day, key: part.deltas.key(to - 1) };
          from = to;
        }
      }
      return { position, rows, finished: true };
    },
  };
}
