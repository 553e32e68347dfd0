import { count, countDistinct, getTableName, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import {
  albumStats,
  hourPlayers,
  hourStats,
  lyricStats,
  playAnswers,
  players,
  plays,
  scoreStats,
  songStats,
  totals,
} from '../../db/schema';
import type { CounterDifference } from '../store';

/** sum() of a column as a number (0 for no rows). */
const sumOf = (column: SQLiteColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

type Row = Record<string, number | string>;
type Select = { all(): unknown[] };

/**
 * One counter table: its stored rows and the same rows recomputed from the
 * raw record (plays + play_answers), both selected as `{ key, ...columns }`.
 */
interface CounterTable {
  name: string;
  /** Selected alias → the stored column (its SQL name is what verify reports). */
  columns: Record<string, SQLiteColumn>;
  stored: Select;
  recompute: Select;
  /** Replaces the table's rows by the recomputed ones. */
  rebuild(): void;
}

/**
 * Verify and rebuild of every counter (`kviz stats verify|rebuild`), with
 * GROUP BY queries over the raw record. Built from the drizzle table objects,
 * so a renamed table or column fails to compile.
 */
export function createCounterCheck(db: Db) {
  const byItem = (
    table: typeof lyricStats | typeof songStats | typeof albumStats,
    key: SQLiteColumn,
    answerColumn: SQLiteColumn,
  ) => {
    const recompute = db
      .select({ key: answerColumn, occurrences: count(), correct: sumOf(playAnswers.isCorrect) })
      .from(playAnswers)
      .groupBy(answerColumn);
    return {
      name: getTableName(table),
      columns: { occurrences: table.occurrences, correct: table.correct },
      stored: db.select({ key, occurrences: table.occurrences, correct: table.correct }).from(table),
      recompute,
      rebuild: () => {
        db.delete(table).run();
        for (const row of recompute.all())
          db.insert(table)
            .values({
              [keyProperty(table)]: row.key,
              occurrences: row.occurrences,
              correct: row.correct,
            } as never)
            .run();
      },
    };
  };
  const keyProperty = (table: typeof lyricStats | typeof songStats | typeof albumStats) =>
    table === lyricStats ? 'lyricId' : table === songStats ? 'songId' : 'albumId';

  const scoreRecompute = db.select({ key: plays.score, plays: count() }).from(plays).groupBy(plays.score);
  const hourRecompute = db
    .select({ key: plays.hour, attempts: count(), uniquePlayers: countDistinct(plays.playerId) })
    .from(plays)
    .groupBy(plays.hour);
  const hourPlayerRecompute = db
    .selectDistinct({
      key: sql<string>`${plays.hour} || ':' || ${plays.playerId}`,
      hour: plays.hour,
      playerId: plays.playerId,
    })
    .from(plays);
  const totalsRecompute = db
    .select({
      key: sql<number>`1`,
      plays: count(),
      players: sql<number>`(SELECT count(*) FROM ${players})`.mapWith(Number),
      answers: sql<number>`(SELECT count(*) FROM ${playAnswers})`.mapWith(Number),
      correct: sql<number>`(SELECT coalesce(sum(${playAnswers.isCorrect}), 0) FROM ${playAnswers})`.mapWith(
        Number,
      ),
      scoreSum: sumOf(plays.score),
    })
    .from(plays)
    .having(sql`count(*) > 0`);

  const tables: CounterTable[] = [
    byItem(lyricStats, lyricStats.lyricId, playAnswers.lyricId),
    byItem(songStats, songStats.songId, playAnswers.songId),
    byItem(albumStats, albumStats.albumId, playAnswers.albumId),
    {
      name: getTableName(scoreStats),
      columns: { plays: scoreStats.plays },
      stored: db.select({ key: scoreStats.score, plays: scoreStats.plays }).from(scoreStats),
      recompute: scoreRecompute,
      rebuild: () => {
        db.delete(scoreStats).run();
        for (const row of scoreRecompute.all())
          db.insert(scoreStats).values({ score: row.key, plays: row.plays }).run();
      },
    },
    {
      name: getTableName(hourStats),
      columns: { attempts: hourStats.attempts, uniquePlayers: hourStats.uniquePlayers },
      stored: db
        .select({ key: hourStats.hour, attempts: hourStats.attempts, uniquePlayers: hourStats.uniquePlayers })
        .from(hourStats),
      recompute: hourRecompute,
      rebuild: () => {
        db.delete(hourStats).run();
        for (const { key, ...row } of hourRecompute.all())
          db.insert(hourStats)
            .values({ hour: key, ...row })
            .run();
      },
    },
    {
      name: getTableName(hourPlayers),
      columns: { hour: hourPlayers.hour },
      stored: db
        .select({
          key: sql<string>`${hourPlayers.hour} || ':' || ${hourPlayers.playerId}`,
          hour: hourPlayers.hour,
        })
        .from(hourPlayers),
      recompute: hourPlayerRecompute,
      rebuild: () => {
        db.delete(hourPlayers).run();
        db.insert(hourPlayers)
          .select(db.selectDistinct({ hour: plays.hour, playerId: plays.playerId }).from(plays))
          .run();
      },
    },
    {
      name: getTableName(totals),
      columns: {
        plays: totals.plays,
        players: totals.players,
        answers: totals.answers,
        correct: totals.correct,
        scoreSum: totals.scoreSum,
      },
      stored: db
        .select({
          key: totals.id,
          plays: totals.plays,
          players: totals.players,
          answers: totals.answers,
          correct: totals.correct,
          scoreSum: totals.scoreSum,
        })
        .from(totals),
      recompute: totalsRecompute,
      rebuild: () => {
        db.delete(totals).run();
        for (const { key: _, ...row } of totalsRecompute.all())
          db.insert(totals)
            .values({ id: 1, ...row })
            .run();
      },
    },
  ];

  const keyed = (rows: unknown[]) => new Map((rows as Row[]).map((row) => [String(row.key), row]));

  return {
    /** Every difference between the stored counters and a recompute from the raw answers. */
    verify(): CounterDifference[] {
      const differences: CounterDifference[] = [];
      for (const table of tables) {
        const stored = keyed(table.stored.all());
        const recomputed = keyed(table.recompute.all());
        for (const key of new Set([...stored.keys(), ...recomputed.keys()]))
          for (const [alias, column] of Object.entries(table.columns)) {
            const s = Number(stored.get(key)?.[alias] ?? 0);
            const r = Number(recomputed.get(key)?.[alias] ?? 0);
            if (s !== r)
              differences.push({ table: table.name, key, column: column.name, stored: s, recomputed: r });
          }
      }
      return differences;
    },
    /** Rewrites every counter from the raw answers, in one IMMEDIATE transaction. */
    rebuild(): void {
      db.$client
        .transaction(() => {
          for (const table of tables) table.rebuild();
        })
        .immediate();
    },
  };
}
