import { asc, desc, eq, sql } from 'drizzle-orm';
import type { PartyStore } from '../contract';
import { partyGameRow, partyLineRows, partyPlayerRows, partyResultsOf } from '../encoding/party-rows';
import type { PgDb } from './client';
import { partyGames, partyLines, partyPlayers } from './schema';

/** Kviz uživo's finished games in PostgreSQL: the same rows as SQLite's (src/storage/sqlite/party-store.ts). */
export function createPgPartyStore(db: PgDb): PartyStore {
  return {
    recordGame: (game) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(partyGames).values(partyGameRow(game)).returning({ id: partyGames.id });
        const id = row!.id;
        if (game.lines.length > 0) await tx.insert(partyLines).values(partyLineRows(id, game));
        if (game.players.length > 0) await tx.insert(partyPlayers).values(partyPlayerRows(id, game));
        return id;
      }),
    listGames: (limit) =>
      db.select().from(partyGames).orderBy(desc(partyGames.endedAtMs), desc(partyGames.id)).limit(limit),
    async getGame(id) {
      const [game] = await db.select().from(partyGames).where(eq(partyGames.id, id));
      if (!game) return undefined;
      const [lines, players] = await Promise.all([
        db.select().from(partyLines).where(eq(partyLines.gameId, id)).orderBy(asc(partyLines.position)),
        db.select().from(partyPlayers).where(eq(partyPlayers.gameId, id)).orderBy(asc(partyPlayers.place)),
      ]);
      return partyResultsOf(game, lines, players);
    },
    getLineStats: () =>
      db
        .select({
          lyricId: partyLines.lyricId,
          games: sql<number>`count(*)::int`,
          shown: sql<number>`sum(${partyGames.players})::int`,
          correct: sql<number>`sum(${partyLines.correct})::int`,
        })
        .from(partyLines)
        .innerJoin(partyGames, eq(partyGames.id, partyLines.gameId))
        .where(eq(partyLines.skipped, false))
        .groupBy(partyLines.lyricId),
  };
}
