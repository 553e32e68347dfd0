/**
 * The all-time reads of the PostgreSQL statistics: overview, score histogram, hours, and the line,
 * song and album lists (catalogue order, counters LEFT JOINed). Split from stats-store.ts so the
 * all-time reads, the day reads, the range reads and the confusions each sit on one screen.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Overview } from '../../shared/contracts/stats';
import { DEFAULT_DIFFICULTY } from '../../shared/difficulty';
import { round } from '../../shared/round';
import type { StatsStore } from '../contract';
import { playModeCode } from '../encoding/codes';
import type { PgDb } from './client';
import {
  albumStats,
  albums,
  hourPlayers,
  hourStats,
  lyricStats,
  lyrics,
  pendingPlays,
  scoreStats,
  songStats,
  songs,
  totals,
} from './schema';

export type ItemLists = Pick<StatsStore, 'getLyricStats' | 'getSongStats' | 'getAlbumStats'>;

export function createOverviewReads(
  db: PgDb,
): Pick<StatsStore, 'getOverview' | 'getScoreHistogram' | 'getHourly' | 'getPlayersByEarliestHour'> &
  ItemLists {
  const counter = (column: PgColumn) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);

  return {
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
    // With the plays not folded in yet (docs/decisions/030), in one statement (one snapshot: a
    // fold moves a play from the one side to the other at once): a player's own play is counted
    // in the percentile they are shown, however far the aggregator is behind.
    getScoreHistogram: async (difficulty = DEFAULT_DIFFICULTY) =>
      new Map(
        (
          (await db.execute(
            sql`SELECT score, sum(plays)::int AS plays FROM (SELECT ${scoreStats.score} AS score, ${scoreStats.plays} AS plays FROM ${scoreStats} WHERE ${scoreStats.mode} = ${difficulty} UNION ALL SELECT ${pendingPlays.score}, count(*) FROM ${pendingPlays} WHERE ${pendingPlays.mode} = ${playModeCode.code(difficulty)} GROUP BY ${pendingPlays.score}) s GROUP BY score`,
          )) as unknown as { score: number; plays: number }[]
        ).map((row) => [row.score, Number(row.plays)]),
      ),
    getLyricStats: () =>
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
        .where(and(eq(lyrics.active, true), eq(songs.active, true)))
        .orderBy(asc(lyrics.id)),
    getSongStats: () =>
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
    // Each player's earliest hour of day is the least of their player–hour rows (docs/decisions/033).
    async getPlayersByEarliestHour() {
      const earliest = db
        .select({ hour: sql<number>`min(${hourPlayers.hour})`.as('earliest') })
        .from(hourPlayers)
        .groupBy(hourPlayers.playerId)
        .as('e');
      const rows = await db
        .select({ hour: earliest.hour, players: sql<number>`count(*)`.mapWith(Number) })
        .from(earliest)
        .groupBy(sql`${earliest.hour}`);
      const byHour = new Array<number>(24).fill(0);
      for (const row of rows) byHour[Number(row.hour)] = row.players;
      return byHour;
    },
  };
}
