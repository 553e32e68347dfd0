import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Day } from '../../time/day';
import type { DailyStore } from '../contract';
import { playerHash } from '../encoding/player-hash';
import type { PgDb } from './client';
import { dailyLines, dailyPlayers, dailyScores, lyrics, players } from './schema';

/** The daily challenge's reads over PostgreSQL: the queries of src/storage/sqlite/daily-store.ts. */
export function createPgDailyStore(db: PgDb, playerSalt: string): DailyStore {
  return {
    async getScores(day: Day) {
      const rows = await db
        .select({ score: dailyScores.score, plays: dailyScores.plays })
        .from(dailyScores)
        .where(eq(dailyScores.day, day));
      return new Map(rows.map((row) => [row.score, row.plays]));
    },
    getLines: (day: Day) =>
      db
        .select({
          lyricId: dailyLines.lyricId,
          text: lyrics.text,
          occurrences: dailyLines.occurrences,
          correct: dailyLines.correct,
        })
        .from(dailyLines)
        .innerJoin(lyrics, eq(lyrics.id, dailyLines.lyricId))
        .where(eq(dailyLines.day, day))
        .orderBy(asc(dailyLines.lyricId)),
    async getRankedDays(sessionId: string, since: Day) {
      const rows = await db
        .select({ day: dailyPlayers.day })
        .from(dailyPlayers)
        .innerJoin(players, eq(players.id, dailyPlayers.playerId))
        .where(and(eq(players.hash, playerHash(playerSalt, sessionId)), gte(dailyPlayers.day, since)))
        .orderBy(desc(dailyPlayers.day));
      return rows.map((row) => row.day);
    },
  };
}
