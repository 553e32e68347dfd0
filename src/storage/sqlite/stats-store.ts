import { and, asc, between, desc, eq, lte, sql } from 'drizzle-orm';
import { type AnySQLiteColumn, alias } from 'drizzle-orm/sqlite-core';
import type { Overview } from '../../shared/contracts/stats';
import { DEFAULT_DIFFICULTY } from '../../shared/difficulty';
import { round } from '../../stats/round';
import { addDays, type Day } from '../../time/day';
import type { StatsStore } from '../contract';
import { dailyValues, emptyDayCounts, emptyScoreCounts, subtractDayCounts } from '../encoding/day-counts';
import { dayCountsOf, scoreCountsOf } from '../encoding/day-rows';
import type { ItemCounts } from '../encoding/recompute';
import type { Db } from './client';
import { createSqliteConfusionReads } from './confusion-reads';
import { createDeferredCounters, type DeferredCounters } from './deferred-counters';
import { onFirstUse, prepareAll, statement } from './prepared';
import {
  albumStats,
  albums,
  answerKeys,
  cumulativeAnswers,
  cumulativeDays,
  cumulativeQuizzes,
  cumulativeScores,
  dayPlayers,
  hourStats,
  lyricConfusions,
  lyricStats,
  lyrics,
  scoreStats,
  songConfusions,
  songStats,
  songs,
  totals,
} from './schema';
import { createVersionRead } from './stats-version';

/**
 * The SQLite read side. Every query reads counters (never the raw answers), so
 * its cost does not grow with the number of plays. Statements are prepared once.
 * `ownCommits` counts this connection's committed batches (stats-version.ts).
 * The counters a play's transaction leaves to a later flush (per line, song and album, the
 * confusions, the per-key day totals: docs/decisions/025) are flushed before each read of them,
 * so a read never misses a recorded play, whichever process recorded it. Reads are cached per
 * statistics version, so this costs two indexed reads per read computed, and a flush only when
 * plays are waiting.
 */
export function createSqliteStatsStore(
  db: Db,
  ownCommits: () => number,
  deferred: Pick<DeferredCounters, 'flush'> = createDeferredCounters(db),
): StatsStore {
  const settled = <T>(read: () => T): Promise<T> => {
    deferred.flush();
    return Promise.resolve(read());
  };
  const readVersion = createVersionRead(db, ownCommits);
  const overview = onFirstUse(() => db.select().from(totals).where(eq(totals.id, 1)).prepare());
  const ph = sql.placeholder;
  const histogram = onFirstUse(() =>
    db
      .select()
      .from(scoreStats)
      .where(eq(scoreStats.difficulty, ph('difficulty')))
      .prepare(),
  );
  // Running totals (docs/decisions/014): a range is two rows found by the primary key.
  const daysThrough = onFirstUse(() =>
    db
      .select()
      .from(cumulativeDays)
      .where(lte(cumulativeDays.day, ph('day')))
      .orderBy(desc(cumulativeDays.day))
      .limit(1)
      .prepare(),
  );
  const daysIn = onFirstUse(() =>
    db
      .select()
      .from(cumulativeDays)
      .where(between(cumulativeDays.day, ph('from'), ph('to')))
      .orderBy(asc(cumulativeDays.day))
      .prepare(),
  );
  const quizzesThrough = onFirstUse(() =>
    db
      .select()
      .from(cumulativeQuizzes)
      .where(lte(cumulativeQuizzes.day, ph('day')))
      .orderBy(desc(cumulativeQuizzes.day))
      .limit(1)
      .prepare(),
  );
  const quizzesIn = onFirstUse(() =>
    db
      .select()
      .from(cumulativeQuizzes)
      .where(between(cumulativeQuizzes.day, ph('from'), ph('to')))
      .orderBy(asc(cumulativeQuizzes.day))
      .prepare(),
  );
  const scoresThrough = onFirstUse(() =>
    db
      .select()
      .from(cumulativeScores)
      .where(and(eq(cumulativeScores.difficulty, ph('difficulty')), lte(cumulativeScores.day, ph('day'))))
      .orderBy(desc(cumulativeScores.day))
      .limit(1)
      .prepare(),
  );
  const readDaysThrough = (day: Day) => {
    const row = daysThrough().get({ day });
    return row ? dayCountsOf(row) : emptyDayCounts();
  };
  const readQuizzesThrough = (day: Day) => quizzesThrough().get({ day })?.issued ?? 0;
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
  const hourly = onFirstUse(() => db.select().from(hourStats).prepare());
  /** A counter of a LEFT JOINed stats row: 0 when the item was never shown. */
  const counter = (column: AnySQLiteColumn) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);

  const lyricList = onFirstUse(() =>
    db
      .select({
        lyricId: lyrics.id,
        text: lyrics.text,
        songTitle: songs.title,
        albumTitle: albums.title,
        albumYear: albums.year,
        occurrences: counter(lyricStats.occurrences),
        correctAnswers: counter(lyricStats.correct),
      })
      .from(lyrics)
      .innerJoin(songs, eq(songs.id, lyrics.songId))
      .innerJoin(albums, eq(albums.id, songs.albumId))
      .leftJoin(lyricStats, eq(lyricStats.lyricId, lyrics.id))
      .where(sql`${lyrics.active} AND ${songs.active}`)
      .orderBy(asc(lyrics.id))
      .prepare(),
  );

  const songList = onFirstUse(() =>
    db
      .select({
        songId: songs.id,
        title: songs.title,
        albumTitle: albums.title,
        albumYear: albums.year,
        occurrences: counter(songStats.occurrences),
        correctAnswers: counter(songStats.correct),
      })
      .from(songs)
      .innerJoin(albums, eq(albums.id, songs.albumId))
      .leftJoin(songStats, eq(songStats.songId, songs.id))
      .where(eq(songs.active, true))
      .orderBy(asc(songs.id))
      .prepare(),
  );

  const albumList = onFirstUse(() =>
    db
      .select({
        albumId: albums.id,
        title: albums.title,
        occurrences: counter(albumStats.occurrences),
        correctAnswers: counter(albumStats.correct),
      })
      .from(albums)
      .leftJoin(albumStats, eq(albumStats.albumId, albums.id))
      .where(eq(albums.active, true))
      .orderBy(asc(albums.year), asc(albums.id))
      .prepare(),
  );

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
  const rangeConfusions = createSqliteConfusionReads(db);
  // The day memberships of the range by the primary key (day, player): one index range scan.
  const distinctPlayers = onFirstUse(() =>
    db
      .select({ n: sql<number>`count(DISTINCT ${dayPlayers.playerId})`.mapWith(Number) })
      .from(dayPlayers)
      .where(between(dayPlayers.day, ph('from'), ph('to')))
      .prepare(),
  );
  const firstPlayDay = onFirstUse(() =>
    db
      .select({ day: cumulativeDays.day })
      .from(cumulativeDays)
      .orderBy(asc(cumulativeDays.day))
      .limit(1)
      .prepare(),
  );
  const firstQuizDay = onFirstUse(() =>
    db
      .select({ day: cumulativeQuizzes.day })
      .from(cumulativeQuizzes)
      .orderBy(asc(cumulativeQuizzes.day))
      .limit(1)
      .prepare(),
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
    version: readVersion,
    async getFirstDay() {
      const days = [firstPlayDay().get()?.day, firstQuizDay().get()?.day].filter((d): d is Day => !!d);
      return days.length === 0 ? null : days.sort()[0]!;
    },
    getRangeLyricStats: async (from, to) =>
      settled(() => withCounts(lyricList().all(), (r) => r.lyricId, rangeCounts(from, to).lyrics)),
    getRangeSongStats: async (from, to) =>
      settled(() => withCounts(songList().all(), (r) => r.songId, rangeCounts(from, to).songs)),
    getRangeAlbumStats: async (from, to) =>
      settled(() => withCounts(albumList().all(), (r) => r.albumId, rangeCounts(from, to).albums)),
    async getOverview(): Promise<Overview> {
      const row = overview().get();
      if (!row || row.plays === 0)
        return { totalAttempts: 0, uniquePlayers: 0, averageScore: 0, averagePercentage: 0 };
      return {
        totalAttempts: row.plays,
        uniquePlayers: row.players,
        averageScore: round(row.scoreSum / row.plays, 2),
        averagePercentage: row.answers === 0 ? 0 : round((row.correct / row.answers) * 100, 2),
      };
    },
    getScoreHistogram: async (difficulty = DEFAULT_DIFFICULTY) =>
      new Map(
        histogram()
          .all({ difficulty })
          .map((row) => [row.score, row.plays]),
      ),
    getLyricStats: () => settled(() => lyricList().all()),
    getSongStats: () => settled(() => songList().all()),
    getAlbumStats: () => settled(() => albumList().all()),
    async getHourly() {
      const byHour = new Map(
        hourly()
          .all()
          .map((row) => [row.hour, row]),
      );
      return Array.from({ length: 24 }, (_, hour) => ({
        hour,
        attempts: byHour.get(hour)?.attempts ?? 0,
        uniquePlayers: byHour.get(hour)?.uniquePlayers ?? 0,
      }));
    },
    getDaysThrough: async (day) => readDaysThrough(day),
    getQuizzesThrough: async (day) => readQuizzesThrough(day),
    async getScoresThrough(day, difficulty) {
      const row = scoresThrough().get({ day, difficulty });
      return row ? scoreCountsOf(row) : emptyScoreCounts();
    },
    getDays: async (from, to) =>
      dailyValues(
        daysIn()
          .all({ from, to })
          .map((row) => [row.day, dayCountsOf(row)] as const),
        readDaysThrough(addDays(from, -1)),
        subtractDayCounts,
      ),
    getQuizzesIssued: async (from, to) =>
      dailyValues(
        quizzesIn()
          .all({ from, to })
          .map((row) => [row.day, row.issued] as const),
        readQuizzesThrough(addDays(from, -1)),
        (a, b) => a - b,
      ),
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
    getDistinctPlayers: async (from, to) => distinctPlayers().get({ from, to })?.n ?? 0,
    async ping() {
      // Not a statement prepared once: preparing is what fails on a closed or broken database.
      db.get(sql`SELECT 1`);
    },
  };
}
