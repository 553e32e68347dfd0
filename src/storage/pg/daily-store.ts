import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Day } from '../../time/day';
import type { DailyStore } from '../contract';
import { playModeCode } from '../encoding/codes';
import { playerHash } from '../encoding/player-hash';
import type { PgDb } from './client';
import { dailyLines, dailyPlayers, dailyScores, lyrics, pendingPlays, players } from './schema';

/** The daily challenge's reads over PostgreSQL: the queries of src/storage/sqlite/daily-store.ts. */
export function createPgDailyStore(db: PgDb, playerSalt: string): DailyStore {
  return {
    // With the ranked plays not folded in yet, in one snapshot (docs/decisions/030): a player's
    // own ranked play counts in the percentile they are shown.
    async getScores(day: Day) {
      const rows = (await db.execute(
        sql`SELECT score, sum(plays)::int AS plays FROM (SELECT ${dailyScores.score} AS score, ${dailyScores.plays} AS plays FROM ${dailyScores} WHERE ${dailyScores.day} = ${day} UNION ALL SELECT ${pendingPlays.score}, count(*) FROM ${pendingPlays} WHERE ${pendingPlays.mode} = ${playModeCode.code('daily')} AND ${pendingPlays.day} = ${day} GROUP BY ${pendingPlays.score}) s GROUP BY score`,
      )) as unknown as { score: number; plays: number }[];
      return new Map(rows.map((row) => [row.score, Number(row.plays)]));
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
