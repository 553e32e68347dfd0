import { and, asc, between, desc, eq, lte, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Overview } from '../../shared/contracts/stats';
import { DEFAULT_DIFFICULTY } from '../../shared/difficulty';
import { round } from '../../stats/round';
import { addDays, type Day } from '../../time/day';
import type { StatsStore } from '../contract';
import { dailyValues, emptyDayCounts, emptyScoreCounts, subtractDayCounts } from '../encoding/day-counts';
import {
  type CumulativeDaysRow,
  type CumulativeScoresRow,
  dayCountsOf,
  scoreCountsOf,
} from '../encoding/day-rows';
import type { ItemCounts } from '../encoding/recompute';
import type { PgDb } from './client';
import { createPgConfusionReads } from './confusion-reads';
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

/**
 * The PostgreSQL read side: the SQLite store's queries (src/storage/sqlite/stats-store.ts)
 * over the same counters; `version` comes from the caller (stats-version.ts).
 */
export function createPgStatsStore(db: PgDb, version: () => string): StatsStore {
  const readDaysThrough = async (day: Day) => {
    const row = (
      await db
        .select()
        .from(cumulativeDays)
        .where(lte(cumulativeDays.day, day))
        .orderBy(desc(cumulativeDays.day))
        .limit(1)
    )[0];
    return row ? dayCountsOf(row as CumulativeDaysRow) : emptyDayCounts();
  };
  const readQuizzesThrough = async (day: Day) =>
    (
      await db
        .select()
        .from(cumulativeQuizzes)
        .where(lte(cumulativeQuizzes.day, day))
        .orderBy(desc(cumulativeQuizzes.day))
        .limit(1)
    )[0]?.issued ?? 0;
  const picked = alias(songs, 'picked');
  const rightSong = alias(songs, 'right_song');
  const songConfusionFields = {
    songId: rightSong.id,
    songTitle: rightSong.title,
    selectedSongId: picked.id,
    selectedSongTitle: picked.title,
    times: songConfusions.times,
  };
  const counter = (column: PgColumn) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);

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

  const rangeConfusions = createPgConfusionReads(db);

  const store: StatsStore = {
    version,
    async getDistinctPlayers(from, to) {
      // The day memberships of the range by the primary key (day, player_id).
      const rows = await db
        .select({ n: sql<number>`count(DISTINCT ${dayPlayers.playerId})`.mapWith(Number) })
        .from(dayPlayers)
        .where(between(dayPlayers.day, from, to));
      return rows[0]?.n ?? 0;
    },
    async getFirstDay() {
      const [plays, quizzes] = await Promise.all([
        db.select({ day: sql<string | null>`min(${cumulativeDays.day})` }).from(cumulativeDays),
        db.select({ day: sql<string | null>`min(${cumulativeQuizzes.day})` }).from(cumulativeQuizzes),
      ]);
      const days = [plays[0]?.day, quizzes[0]?.day].filter((d): d is Day => !!d);
      return days.length === 0 ? null : days.sort()[0]!;
    },
    getRangeLyricStats: async (from, to) => {
      const [rows, counts] = await Promise.all([store.getLyricStats(), rangeCounts(from, to)]);
      return withCounts(rows, (r) => r.lyricId, counts.lyrics);
    },
    getRangeSongStats: async (from, to) => {
      const [rows, counts] = await Promise.all([store.getSongStats(), rangeCounts(from, to)]);
      return withCounts(rows, (r) => r.songId, counts.songs);
    },
    getRangeAlbumStats: async (from, to) => {
      const [rows, counts] = await Promise.all([store.getAlbumStats(), rangeCounts(from, to)]);
      return withCounts(rows, (r) => r.albumId, counts.albums);
    },
    async getOverview(): Promise<Overview> {
      const row = (await db.select().from(totals).where(eq(totals.id, 1)))[0];
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
        (await db.select().from(scoreStats).where(eq(scoreStats.difficulty, difficulty))).map((row) => [
          row.score,
          row.plays,
        ]),
      ),
    getLyricStats: () =>
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
        .where(and(eq(lyrics.active, true), eq(songs.active, true)))
        .orderBy(asc(lyrics.id)),
    getSongStats: () =>
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
        .orderBy(asc(songs.id)),
    getAlbumStats: () =>
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
        .orderBy(asc(albums.year), asc(albums.id)),
    async getHourly() {
      const byHour = new Map((await db.select().from(hourStats)).map((row) => [row.hour, row]));
      return Array.from({ length: 24 }, (_, hour) => ({
        hour,
        attempts: byHour.get(hour)?.attempts ?? 0,
        uniquePlayers: byHour.get(hour)?.uniquePlayers ?? 0,
      }));
    },
    getDaysThrough: readDaysThrough,
    getQuizzesThrough: readQuizzesThrough,
    async getScoresThrough(day, difficulty) {
      const row = (
        await db
          .select()
          .from(cumulativeScores)
          .where(and(eq(cumulativeScores.difficulty, difficulty), lte(cumulativeScores.day, day)))
          .orderBy(desc(cumulativeScores.day))
          .limit(1)
      )[0];
      return row ? scoreCountsOf(row as CumulativeScoresRow) : emptyScoreCounts();
    },
    async getDays(from, to) {
      const rows = await db
        .select()
        .from(cumulativeDays)
        .where(between(cumulativeDays.day, from, to))
        .orderBy(asc(cumulativeDays.day));
      return dailyValues(
        rows.map((row) => [row.day, dayCountsOf(row as CumulativeDaysRow)] as const),
        await readDaysThrough(addDays(from, -1)),
        subtractDayCounts,
      );
    },
    async getQuizzesIssued(from, to) {
      const rows = await db
        .select()
        .from(cumulativeQuizzes)
        .where(between(cumulativeQuizzes.day, from, to))
        .orderBy(asc(cumulativeQuizzes.day));
      return dailyValues(
        rows.map((row) => [row.day, row.issued] as const),
        await readQuizzesThrough(addDays(from, -1)),
        (a, b) => a - b,
      );
    },
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
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
  };
  return store;
}
