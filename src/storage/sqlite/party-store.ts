import { asc, desc, eq, sql } from 'drizzle-orm';
import type { PartyStore } from '../contract';
import { partyGameRow, partyLineRows, partyPlayerRows, partyResultsOf } from '../encoding/party-rows';
import type { Db } from './client';
import { partyGames, partyLines, partyPlayers } from './schema';

/** Kviz uživo's finished games in SQLite: one transaction per game, written once at its end. */
export function createSqlitePartyStore(db: Db): PartyStore {
  return {
    async recordGame(game) {
      return db.transaction((tx) => {
        const { id } = tx
          .insert(partyGames)
          .values(partyGameRow(game))
          .returning({ id: partyGames.id })
          .get();
        if (game.lines.length > 0) tx.insert(partyLines).values(partyLineRows(id, game)).run();
        if (game.players.length > 0) tx.insert(partyPlayers).values(partyPlayerRows(id, game)).run();
        return id;
      });
    },
    async listGames(limit) {
      return db
        .select()
        .from(partyGames)
        .orderBy(desc(partyGames.endedAtMs), desc(partyGames.id))
        .limit(limit)
        .all();
    },
    async getGame(id) {
      const game = db.select().from(partyGames).where(eq(partyGames.id, id)).get();
      if (!game) return undefined;
      const lines = db
        .select()
        .from(partyLines)
        .where(eq(partyLines.gameId, id))
        .orderBy(asc(partyLines.position))
        .all();
      const players = db
        .select()
        .from(partyPlayers)
        .where(eq(partyPlayers.gameId, id))
        .orderBy(asc(partyPlayers.place))
        .all();
      return partyResultsOf(game, lines, players);
    },
    async getLineStats() {
      return db
        .select({
          lyricId: partyLines.lyricId,
          games: sql<number>`count(*)`,
          shown: sql<number>`sum(${partyGames.players})`,
          correct: sql<number>`sum(${partyLines.correct})`,
        })
        .from(partyLines)
        .innerJoin(partyGames, eq(partyGames.id, partyLines.gameId))
        .where(eq(partyLines.skipped, false))
        .groupBy(partyLines.lyricId)
        .all();
    },
  };
}
