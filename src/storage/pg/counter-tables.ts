/**
 * The counter tables the PostgreSQL check compares and rewrites: how each one's rows are keyed,
 * which columns are compared and the rows a rebuild writes. Split from counter-check.ts because
 * this is a catalogue of tables (one entry per table), not the check's logic.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  cumulativeAnswerRows,
  cumulativeConfusionRows,
  cumulativeScoreRows,
  dailyLineRows,
  dailyScoreRows,
} from '../encoding/counter-rows';
import { addDayCounts, emptyDayCounts, runningTotals } from '../encoding/day-counts';
import { dayCounterKeys, daysRow, scoreCounterKeys } from '../encoding/day-rows';
import type { Counters } from '../encoding/recompute';
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

export type Row = Record<string, unknown>;

/** One counter table: how its rows are keyed and which columns are compared. */
export interface CounterTable {
  table: PgTable;
  key(row: Row): string;
  props: string[];
  rows(c: Counters): Row[];
}

const itemTable = (
  table: PgTable,
  keyProp: string,
  of: (c: Counters) => Counters['lyrics'],
): CounterTable => ({
  table,
  key: (row) => String(row[keyProp]),
  props: ['occurrences', 'correct'],
  rows: (c) => [...of(c)].map(([id, counts]) => ({ [keyProp]: id, ...counts })),
});
const confusionTable = (
  table: PgTable,
  keyProp: string,
  of: (c: Counters) => Counters['lyricConfusions'],
): CounterTable => ({
  table,
  key: (row) => `${row[keyProp]}:${row.selectedSongId}`,
  props: ['times'],
  rows: (c) =>
    [...of(c)].flatMap(([id, picks]) =>
      [...picks].map(([selectedSongId, times]) => ({ [keyProp]: id, selectedSongId, times })),
    ),
});
/** Every counter table, in the order verify reports and rebuild rewrites them. */
export function counterTables(keyIdOf: Map<number, number>): CounterTable[] {
  const cumulativeScoresOf = cumulativeScoreRows;
  const cumulativeAnswersOf = (c: Counters) => cumulativeAnswerRows(c, keyIdOf);
  return [
    {
      table: dailyScores,
      key: (row) => `${row.day}:${row.score}`,
      props: ['plays'],
      rows: dailyScoreRows,
    },
    {
      table: dailyLines,
      key: (row) => `${row.day}:${row.lyricId}`,
      props: ['occurrences', 'correct'],
      rows: dailyLineRows,
    },
    {
      table: cumulativeAnswers,
      key: (row) => `${row.keyId}:${row.day}`,
      props: ['occurrences', 'correct'],
      rows: cumulativeAnswersOf,
    },
    {
      table: cumulativeConfusions,
      key: (row) => `${row.lyricId}:${row.selectedSongId}:${row.day}`,
      props: ['times'],
      rows: cumulativeConfusionRows,
    },
    itemTable(lyricStats, 'lyricId', (c) => c.lyrics),
    itemTable(songStats, 'songId', (c) => c.songs),
    itemTable(albumStats, 'albumId', (c) => c.albums),
    confusionTable(lyricConfusions, 'lyricId', (c) => c.lyricConfusions),
    confusionTable(songConfusions, 'songId', (c) => c.songConfusions),
    {
      table: scoreStats,
      key: (row) => `${row.mode}:${row.score}`,
      props: ['plays'],
      rows: (c) =>
        [...c.scores].flatMap(([mode, byScore]) =>
          byScore.flatMap((n, score) => (n > 0 ? [{ mode, score, plays: n }] : [])),
        ),
    },
    {
      table: hourStats,
      key: (row) => String(row.hour),
      props: ['attempts', 'uniquePlayers'],
      rows: (c) =>
        c.hours.attempts.flatMap((attempts, hour) =>
          attempts > 0 ? [{ hour, attempts, uniquePlayers: c.hours.uniquePlayers[hour]! }] : [],
        ),
    },
    {
      table: totals,
      key: (row) => String(row.id),
      props: ['plays', 'players', 'answers', 'correct', 'scoreSum'],
      rows: (c) => (c.totals.plays > 0 ? [{ id: 1, ...c.totals }] : []),
    },
    {
      table: cumulativeDays,
      key: (row) => String(row.day),
      props: [...dayCounterKeys],
      rows: (c) =>
        [...runningTotals(c.days, emptyDayCounts, addDayCounts)].map(([day, counts]) => daysRow(day, counts)),
    },
    {
      table: cumulativeScores,
      key: (row) => `${row.mode}:${row.day}`,
      props: [...scoreCounterKeys],
      rows: cumulativeScoresOf,
    },
  ];
}

/** Who played on which day or hour, and the daily challenge's players: compared row by row. */
export const memberships = [
  {
    table: hourPlayers,
    group: 'hour' as const,
    recomputed: (c: Counters) => c.hourPlayers as Map<number | string, Set<number>>,
  },
  {
    table: dayPlayers,
    group: 'day' as const,
    recomputed: (c: Counters) => c.dayPlayers as Map<number | string, Set<number>>,
  },
  {
    // The ranked daily plays' players (at most one row a player and day).
    table: dailyPlayers,
    group: 'day' as const,
    recomputed: (c: Counters) => c.daily.players as Map<number | string, Set<number>>,
  },
];
