/**
 * The all-time reads of the SQLite statistics: overview, score histogram, hours, and the line,
 * song and album lists (catalogue order, counters LEFT JOINed). Split from stats-store.ts so the
 * all-time reads, the day reads, the range reads and the confusions each sit on one screen.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Overview } from '../../shared/contracts/stats';
import { DEFAULT_DIFFICULTY } from '../../shared/difficulty';
import { round } from '../../shared/round';
import type { StatsStore } from '../contract';
import type { Db } from './client';
import { onFirstUse } from './prepared';
import {
  albumStats,
  albums,
  hourPlayers,
  hourStats,
  lyricStats,
  lyrics,
  scoreStats,
  songStats,
  songs,
  totals,
} from './schema';

/** Runs a read of the deferred counters after flushing them (stats-store.ts). */
export type Settled = <T>(read: () => T) => Promise<T>;

/** The line, song and album lists with their all-time counters, each statement prepared once. */
export function itemLists(db: Db) {
  /** A counter of a LEFT JOINed stats row: 0 when the item was never shown. */
  const counter = (column: AnySQLiteColumn) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);

  const lyricList = onFirstUse(() =>
    db
      .select({
        lyricId: lyrics.id,
        text: lyrics.text,
        songId: songs.id,
        songTitle: songs.title,
        albumId: albums.id,
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
        albumId: albums.id,
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

  return { lyricList, songList, albumList };
}

export function createOverviewReads(
  db: Db,
  lists: ReturnType<typeof itemLists>,
  settled: Settled,
): Pick<
  StatsStore,
  | 'getOverview'
  | 'getScoreHistogram'
  | 'getLyricStats'
  | 'getSongStats'
  | 'getAlbumStats'
  | 'getHourly'
  | 'getPlayersByEarliestHour'
> {
  const { lyricList, songList, albumList } = lists;
  const ph = sql.placeholder;
  const overview = onFirstUse(() => db.select().from(totals).where(eq(totals.id, 1)).prepare());
  const histogram = onFirstUse(() =>
    db
      .select()
      .from(scoreStats)
      .where(eq(scoreStats.mode, ph('mode')))
      .prepare(),
  );
  const hourly = onFirstUse(() => db.select().from(hourStats).prepare());
  // Each player's earliest hour of day is the least of their player–hour rows (docs/decisions/033).
  const earliestHours = onFirstUse(() => {
    const earliest = db
      .select({ hour: sql<number>`min(${hourPlayers.hour})`.as('earliest') })
      .from(hourPlayers)
      .groupBy(hourPlayers.playerId)
      .as('e');
    return db
      .select({ hour: earliest.hour, players: sql<number>`count(*)`.mapWith(Number) })
      .from(earliest)
      .groupBy(sql`${earliest.hour}`)
      .prepare();
  });

  return {
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
          .all({ mode: difficulty })
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
    getPlayersByEarliestHour: () =>
      settled(() => {
        const byHour = new Array<number>(24).fill(0);
        for (const row of earliestHours().all()) byHour[Number(row.hour)] = row.players;
        return byHour;
      }),
  };
}
