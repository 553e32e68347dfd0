/**
 * The counter tables the check compares and rewrites: for each, how to read its stored rows, how to
 * key the recomputed ones alike, and the rows a rebuild writes. Split from counter-check.ts because
 * this is a catalogue of tables (one entry per table, grouped by kind), not the check's logic.
 */
import { sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  cumulativeAnswerRows,
  cumulativeConfusionRows,
  cumulativeScoreRows,
  dailyLineRows,
  dailyScoreRows,
  membershipRows,
} from '../encoding/counter-rows';
import { addDayCounts, emptyDayCounts, runningTotals } from '../encoding/day-counts';
import { dayCounterKeys, daysRow, scoreCounterKeys } from '../encoding/day-rows';
import type { Counters } from '../encoding/recompute';
import type { Db } from './client';
import {
  albumStats,
  cumulativeAnswers,
  cumulativeConfusions,
  cumulativeDays,
  cumulativeScores,
  dailyLines,
  dailyPlayers,
  dailyScores,
  dayPlayers,
  hourPlayers,
  hourStats,
  lyricConfusions,
  lyricStats,
  scoreStats,
  songConfusions,
  songStats,
  totals,
} from './schema';

type Values = Record<string, number>;

/** One counter table: its stored rows and the recomputed ones, keyed alike, and how to rewrite it. */
export interface CounterTable {
  table: SQLiteTable;
  /** Property → SQL column name, for the report. */
  columns: Record<string, string>;
  stored(): Map<string, Values>;
  recomputed(c: Counters): Map<string, Values>;
  rows(c: Counters): Record<string, unknown>[];
}

/** Membership tables (who played on which day or hour): compared row by row. */
export interface MembershipTable {
  table: SQLiteTable;
  stored(): Iterable<[group: number | string, playerId: number]>;
  recomputed(c: Counters): Map<number | string, Set<number>>;
  rows(c: Counters): Record<string, unknown>[];
}

const columnsOf = (table: SQLiteTable, props: string[]) =>
  Object.fromEntries(props.map((p) => [p, (table as unknown as Record<string, { name: string }>)[p]!.name]));

const pick = (row: Record<string, unknown>, props: string[]): Values =>
  Object.fromEntries(props.map((p) => [p, Number(row[p])]));

function itemTable(
  db: Db,
  table: typeof lyricStats | typeof songStats | typeof albumStats,
  keyProp: 'lyricId' | 'songId' | 'albumId',
  of: (c: Counters) => Counters['lyrics'],
): CounterTable {
  return {
    table,
    columns: columnsOf(table, ['occurrences', 'correct']),
    stored: () =>
      new Map(
        db
          .select()
          .from(table)
          .all()
          .map((row) => [
            String((row as Record<string, number>)[keyProp]),
            pick(row, ['occurrences', 'correct']),
          ]),
      ),
    recomputed: (c) => new Map([...of(c)].map(([id, counts]) => [String(id), { ...counts }])),
    rows: (c) => [...of(c)].map(([id, counts]) => ({ [keyProp]: id, ...counts })),
  };
}

function confusionTable(
  db: Db,
  table: typeof lyricConfusions | typeof songConfusions,
  keyProp: 'lyricId' | 'songId',
  of: (c: Counters) => Counters['lyricConfusions'],
): CounterTable {
  const flat = (c: Counters) =>
    [...of(c)].flatMap(([id, picks]) =>
      [...picks].map(([selectedSongId, times]) => ({ [keyProp]: id, selectedSongId, times })),
    );
  return {
    table,
    columns: columnsOf(table, ['times']),
    stored: () =>
      new Map(
        db
          .select()
          .from(table)
          .all()
          .map((row) => [
            `${(row as Record<string, number>)[keyProp]}:${row.selectedSongId}`,
            { times: row.times },
          ]),
      ),
    recomputed: (c) =>
      new Map(flat(c).map((row) => [`${row[keyProp]}:${row.selectedSongId}`, { times: row.times }])),
    rows: flat,
  };
}

/** The tables of per-item and per-day counters, recomputed from the same plays the stored rows count. */
export function snapshotTables(db: Db): CounterTable[] {
  return [
    {
      table: dailyScores,
      columns: columnsOf(dailyScores, ['plays']),
      stored: () =>
        new Map(
          db
            .select()
            .from(dailyScores)
            .all()
            .map((row) => [`${row.day}:${row.score}`, { plays: row.plays }]),
        ),
      recomputed: (c) => new Map(dailyScoreRows(c).map((r) => [`${r.day}:${r.score}`, { plays: r.plays }])),
      rows: dailyScoreRows,
    },
    {
      table: dailyLines,
      columns: columnsOf(dailyLines, ['occurrences', 'correct']),
      stored: () =>
        new Map(
          db
            .select()
            .from(dailyLines)
            .all()
            .map((row) => [`${row.day}:${row.lyricId}`, pick(row, ['occurrences', 'correct'])]),
        ),
      recomputed: (c) =>
        new Map(
          dailyLineRows(c).map((r) => [
            `${r.day}:${r.lyricId}`,
            { occurrences: r.occurrences, correct: r.correct },
          ]),
        ),
      rows: dailyLineRows,
    },
    itemTable(db, lyricStats, 'lyricId', (c) => c.lyrics),
    itemTable(db, songStats, 'songId', (c) => c.songs),
    itemTable(db, albumStats, 'albumId', (c) => c.albums),
    confusionTable(db, lyricConfusions, 'lyricId', (c) => c.lyricConfusions),
    confusionTable(db, songConfusions, 'songId', (c) => c.songConfusions),
    {
      table: scoreStats,
      columns: columnsOf(scoreStats, ['plays']),
      stored: () =>
        new Map(
          db
            .select()
            .from(scoreStats)
            .all()
            .map((row) => [`${row.mode}:${row.score}`, { plays: row.plays }]),
        ),
      recomputed: (c) =>
        new Map(
          [...c.scores].flatMap(([mode, byScore]) =>
            byScore.flatMap((n, score) => (n > 0 ? [[`${mode}:${score}`, { plays: n }] as const] : [])),
          ),
        ),
      rows: (c) =>
        [...c.scores].flatMap(([mode, byScore]) =>
          byScore.flatMap((n, score) => (n > 0 ? [{ mode, score, plays: n }] : [])),
        ),
    },
    {
      table: hourStats,
      columns: columnsOf(hourStats, ['attempts', 'uniquePlayers']),
      stored: () =>
        new Map(
          db
            .select()
            .from(hourStats)
            .all()
            .map((row) => [String(row.hour), pick(row, ['attempts', 'uniquePlayers'])]),
        ),
      recomputed: (c) =>
        new Map(
          c.hours.attempts.flatMap((attempts, hour) =>
            attempts > 0
              ? [[String(hour), { attempts, uniquePlayers: c.hours.uniquePlayers[hour]! }] as const]
              : [],
          ),
        ),
      rows: (c) =>
        c.hours.attempts.flatMap((attempts, hour) =>
          attempts > 0 ? [{ hour, attempts, uniquePlayers: c.hours.uniquePlayers[hour]! }] : [],
        ),
    },
    {
      table: totals,
      columns: columnsOf(totals, ['plays', 'players', 'answers', 'correct', 'scoreSum']),
      stored: () =>
        new Map(
          db
            .select()
            .from(totals)
            .all()
            .map((row) => [
              String(row.id),
              pick(row, ['plays', 'players', 'answers', 'correct', 'scoreSum']),
            ]),
        ),
      recomputed: (c) => new Map(c.totals.plays > 0 ? [['1', { ...c.totals }]] : []),
      rows: (c) => (c.totals.plays > 0 ? [{ id: 1, ...c.totals }] : []),
    },
  ];
}

/** The running totals per day (cumulative_*), one wrong count showing on every later day. */
export function cumulativeTables(db: Db, keyIdOf: Map<number, number>): CounterTable[] {
  const dayStatsProps = [...dayCounterKeys];
  const dayScoresProps = [...scoreCounterKeys];
  /** The recomputed days as the running totals the store keeps. */
  const cumulativeDaysOf = (c: Counters) => runningTotals(c.days, emptyDayCounts, addDayCounts);
  const cumulativeScoresOf = cumulativeScoreRows;
  const cumulativeAnswersOf = (c: Counters) => cumulativeAnswerRows(c, keyIdOf);

  return [
    {
      table: cumulativeDays,
      columns: columnsOf(cumulativeDays, dayStatsProps),
      stored: () =>
        new Map(
          db
            .select()
            .from(cumulativeDays)
            .all()
            .map((row) => [row.day, pick(row, dayStatsProps)]),
        ),
      recomputed: (c) =>
        new Map(
          [...cumulativeDaysOf(c)].map(([day, counts]) => [day, pick(daysRow(day, counts), dayStatsProps)]),
        ),
      rows: (c) => [...cumulativeDaysOf(c)].map(([day, counts]) => daysRow(day, counts)),
    },
    {
      table: cumulativeScores,
      columns: columnsOf(cumulativeScores, dayScoresProps),
      stored: () =>
        new Map(
          db
            .select()
            .from(cumulativeScores)
            .all()
            .map((row) => [`${row.mode}:${row.day}`, pick(row, dayScoresProps)]),
        ),
      recomputed: (c) =>
        new Map(
          cumulativeScoresOf(c).map((row) => [`${row.mode}:${row.day}`, pick(row, dayScoresProps)] as const),
        ),
      rows: cumulativeScoresOf,
    },
    {
      table: cumulativeAnswers,
      columns: columnsOf(cumulativeAnswers, ['occurrences', 'correct']),
      stored: () =>
        new Map(
          db
            .select()
            .from(cumulativeAnswers)
            .all()
            .map((row) => [`${row.keyId}:${row.day}`, pick(row, ['occurrences', 'correct'])]),
        ),
      recomputed: (c) =>
        new Map(
          cumulativeAnswersOf(c).map(
            (row) =>
              [`${row.keyId}:${row.day}`, { occurrences: row.occurrences, correct: row.correct }] as const,
          ),
        ),
      rows: cumulativeAnswersOf,
    },
    {
      table: cumulativeConfusions,
      columns: columnsOf(cumulativeConfusions, ['times']),
      stored: () =>
        new Map(
          db
            .select()
            .from(cumulativeConfusions)
            .all()
            .map((row) => [`${row.lyricId}:${row.selectedSongId}:${row.day}`, { times: row.times }]),
        ),
      recomputed: (c) =>
        new Map(
          cumulativeConfusionRows(c).map(
            (row) => [`${row.lyricId}:${row.selectedSongId}:${row.day}`, { times: row.times }] as const,
          ),
        ),
      rows: cumulativeConfusionRows,
    },
  ];
}

/** Who played on which day or hour, and the daily challenge's players. */
export function membershipTables(db: Db): MembershipTable[] {
  const sqlite = db.$client;
  /** The stored rows of a membership table in key order, 50,000 at a time (day_players has about one a play). */
  function* readInKeyOrder<G extends number | string>(
    table: typeof hourPlayers | typeof dayPlayers,
    group: typeof hourPlayers.hour | typeof dayPlayers.day,
    /** A key below every stored one. */
    start: G,
  ): Generator<[G, number]> {
    const statement = sqlite.prepare<[G, number], [G, number, number]>(
      db
        .select({ group, playerId: table.playerId })
        .from(table)
        .where(sql`(${group}, ${table.playerId}) > (${sql.placeholder('g')}, ${sql.placeholder('p')})`)
        .orderBy(group, table.playerId)
        .limit(sql.placeholder('n'))
        .toSQL().sql,
    );
    let last: [G, number] = [start, -1];
    for (;;) {
      const rows = statement.values(last[0], last[1], 50_000) as [G, number][];
      if (rows.length === 0) return;
      yield* rows;
      last = rows.at(-1)!;
    }
  }
  return [
    {
      table: hourPlayers,
      stored: () => readInKeyOrder<number>(hourPlayers, hourPlayers.hour, -1),
      recomputed: (c) => c.hourPlayers as Map<number | string, Set<number>>,
      rows: (c) => membershipRows(c.hourPlayers, 'hour'),
    },
    {
      table: dayPlayers,
      stored: () => readInKeyOrder<string>(dayPlayers, dayPlayers.day, ''),
      recomputed: (c) => c.dayPlayers as Map<number | string, Set<number>>,
      rows: (c) => membershipRows(c.dayPlayers, 'day'),
    },
    {
      // At most one row per player and day: read whole.
      table: dailyPlayers,
      stored: () =>
        db
          .select()
          .from(dailyPlayers)
          .all()
          .map((row) => [row.day, row.playerId] as [string, number]),
      recomputed: (c) => c.daily.players as Map<number | string, Set<number>>,
      rows: (c) => membershipRows(c.daily.players, 'day'),
    },
  ];
}
