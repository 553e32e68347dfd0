import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Day } from '../../time/day';
import type { DailyStore } from '../contract';
import { playerHash } from '../encoding/player-hash';
import type { Db } from './client';
import { onFirstUse } from './prepared';
import { dailyLines, dailyPlayers, dailyScores, lyrics, players } from './schema';

/**
 * The SQLite reads of the daily challenge's counters (docs/decisions/021): a day's
 * ranked score histogram (at most 31 rows), its lines (30 rows) and a player's
 * ranked days (one index range). None grows with the number of plays.
 */
export function createSqliteDailyStore(db: Db, playerSalt: string): DailyStore {
  const ph = sql.placeholder;
  const scores = onFirstUse(() =>
    db
      .select({ score: dailyScores.score, plays: dailyScores.plays })
      .from(dailyScores)
      .where(eq(dailyScores.day, ph('day')))
      .prepare(),
  );
  const lines = onFirstUse(() =>
    db
      .select({
        lyricId: dailyLines.lyricId,
        text: lyrics.text,
        occurrences: dailyLines.occurrences,
        correct: dailyLines.correct,
      })
      .from(dailyLines)
      .innerJoin(lyrics, eq(lyrics.id, dailyLines.lyricId))
      .where(eq(dailyLines.day, ph('day')))
      .orderBy(asc(dailyLines.lyricId))
      .prepare(),
  );
  const rankedDays = onFirstUse(() =>
    db
      .select({ day: dailyPlayers.day })
      .from(dailyPlayers)
      .innerJoin(players, eq(players.id, dailyPlayers.playerId))
      .where(and(eq(players.hash, ph('hash')), gte(dailyPlayers.day, ph('since'))))
      .orderBy(desc(dailyPlayers.day))
      .prepare(),
  );
  return {
    getScores: async (day: Day) =>
      new Map(
        scores()
          .all({ day })
          .map((row) => [row.score, row.plays]),
      ),
    getLines: async (day: Day) => lines().all({ day }),
    getRankedDays: async (sessionId: string, since: Day) =>
      rankedDays()
        .all({ hash: playerHash(playerSalt, sessionId), since })
        .map((row) => row.day),
  };
}
