import { asc, eq, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import {
  albumStats,
  albums,
  hourStats,
  lyricStats,
  lyrics,
  scoreStats,
  songStats,
  songs,
  totals,
} from '../../db/schema';
import type { Overview } from '../../shared/contracts/stats';
import { round } from '../round';
import type { StatsStore } from '../store';
import { createVersionRead } from './stats-version';

/**
 * The SQLite read side. Every query reads counters (never the raw answers), so
 * its cost does not grow with the number of plays. Statements are prepared once.
 * `ownCommits` counts this connection's committed batches (stats-version.ts).
 */
export function createSqliteStatsStore(db: Db, ownCommits: () => number): StatsStore {
  const readVersion = createVersionRead(db, ownCommits);
  const overview = db.select().from(totals).where(eq(totals.id, 1)).prepare();
  const histogram = db.select().from(scoreStats).prepare();
  const hourly = db.select().from(hourStats).prepare();
  /** A counter of a LEFT JOINed stats row: 0 when the item was never shown. */
  const counter = (column: AnySQLiteColumn) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);

  const lyricList = db
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
    .prepare();

  const songList = db
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
    .prepare();

  const albumList = db
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
    .prepare();

  return {
    version: readVersion,
    async getOverview(): Promise<Overview> {
      const row = overview.get();
      if (!row || row.plays === 0)
        return { totalAttempts: 0, uniquePlayers: 0, averageScore: 0, averagePercentage: 0 };
      return {
        totalAttempts: row.plays,
        uniquePlayers: row.players,
        averageScore: round(row.scoreSum / row.plays, 2),
        averagePercentage: row.answers === 0 ? 0 : round((row.correct / row.answers) * 100, 2),
      };
    },
    getScoreHistogram: async () => new Map(histogram.all().map((row) => [row.score, row.plays])),
    getLyricStats: async () => lyricList.all(),
    getSongStats: async () => songList.all(),
    getAlbumStats: async () => albumList.all(),
    async getHourly() {
      const byHour = new Map(hourly.all().map((row) => [row.hour, row]));
      return Array.from({ length: 24 }, (_, hour) => ({
        hour,
        attempts: byHour.get(hour)?.attempts ?? 0,
        uniquePlayers: byHour.get(hour)?.uniquePlayers ?? 0,
      }));
    },
    async ping() {
      // Not a statement prepared once: preparing is what fails on a closed or broken database.
      db.get(sql`SELECT 1`);
    },
  };
}
