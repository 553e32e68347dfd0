import { asc, count, getTableName, gt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CounterDifference } from '../contract';
import { forEachAnswer } from '../encoding/answer-codec';
import { browserCode, deviceCode, difficultyCode } from '../encoding/codes';
import {
  cumulativeAnswerRows,
  cumulativeConfusionRows,
  cumulativeScoreRows,
  dailyLineRows,
  dailyScoreRows,
  membershipDifferences,
  membershipRows,
} from '../encoding/counter-rows';
import { addDayCounts, emptyDayCounts, runningTotals } from '../encoding/day-counts';
import { dayCounterKeys, daysRow, scoreCounterKeys } from '../encoding/day-rows';
import {
  type AnswerKey,
  answerKeyNumber,
  type Counters,
  createRecompute,
  type RecordedAnswer,
} from '../encoding/recompute';
import { type LongRunOptions, nextChunk } from '../long-work';
import type { PgDb } from './client';
import { BATCH_LOCK } from './locks';
import type { PgRunner } from './running-totals';
import {
  albumStats,
  answerKeys,
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
  plays,
  scoreStats,
  songConfusions,
  songStats,
  statsVersion,
  totals,
} from './schema';

const CHUNK = 5_000;
/** PostgreSQL allows 65,535 parameters a statement. */
const MAX_PARAMETERS = 60_000;

type Values = Record<string, number>;
type Row = Record<string, unknown>;

/** One counter table: how its rows are keyed and which columns are compared. */
interface CounterTable {
  table: PgTable;
  key(row: Row): string;
  props: string[];
  rows(c: Counters): Row[];
}

const pick = (row: Row, props: string[]): Values =>
  Object.fromEntries(props.map((p) => [p, Number(row[p] ?? 0)]));
const columnName = (table: PgTable, prop: string) =>
  (table as unknown as Record<string, { name: string }>)[prop]!.name;

/**
 * Verify and rebuild over PostgreSQL: the SQLite version's work
 * (src/storage/sqlite/counter-check.ts) with the same pure recompute
 * (src/storage/encoding/recompute.ts). Verify reads one snapshot (REPEATABLE READ, read
 * only). Rebuild takes the batches' advisory lock (locks.ts): no instance's batch
 * interleaves; they wait, then add to the rebuilt counters.
 */
export function createPgCounterCheck(db: PgDb) {
  /** Answer key number → answer_keys id, filled by each recompute (cumulative_answers is keyed by id). */
  const keyIdOf = new Map<number, number>();

  async function recompute(tx: PgRunner, options: LongRunOptions): Promise<Counters> {
    const keys = new Map<number, AnswerKey>(
      (await tx.select().from(answerKeys)).map((k) => [
        k.id,
        { lyricId: k.lyricId, songId: k.songId, albumId: k.albumId },
      ]),
    );
    keyIdOf.clear();
    for (const [id, key] of keys) keyIdOf.set(answerKeyNumber(key), id);
    const total = (await tx.select({ n: count() }).from(plays))[0]?.n ?? 0;
    const accumulator = createRecompute();
    let done = 0;
    let after = 0;
    options.onProgress?.(0, total);
    for (;;) {
      const rows = await tx
        .select({
          id: plays.id,
          playerId: plays.playerId,
          day: plays.day,
          hour: plays.hour,
          difficulty: plays.difficulty,
          deviceClass: plays.deviceClass,
          browser: plays.browser,
          score: plays.score,
          answers: plays.answers,
        })
        .from(plays)
        .where(gt(plays.id, after))
        .orderBy(asc(plays.id))
        .limit(CHUNK);
      if (rows.length === 0) break;
      for (const row of rows) {
        const answers: RecordedAnswer[] = [];
        forEachAnswer(row.answers, (keyId, wrongSongId) => {
          const key = keys.get(keyId);
          if (!key) throw new Error(`play ${row.id}: unknown answer key ${keyId}`);
          answers.push({ key, selectedSongId: wrongSongId ?? key.songId });
        });
        accumulator.add({
          playerId: row.playerId,
          day: row.day,
          hour: row.hour,
          difficulty: difficultyCode.name(row.difficulty),
          deviceClass: deviceCode.name(row.deviceClass),
          browser: browserCode.name(row.browser),
          score: row.score,
          answers,
        });
        after = row.id;
      }
      done += rows.length;
      options.onProgress?.(done, total);
      await nextChunk(options.signal);
    }
    return accumulator.counters;
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
  const cumulativeScoresOf = cumulativeScoreRows;
  const cumulativeAnswersOf = (c: Counters) => cumulativeAnswerRows(c, keyIdOf);
  const tables: CounterTable[] = [
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
      key: (row) => `${row.difficulty}:${row.score}`,
      props: ['plays'],
      rows: (c) =>
        [...c.scores].flatMap(([difficulty, byScore]) =>
          byScore.flatMap((n, score) => (n > 0 ? [{ difficulty, score, plays: n }] : [])),
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
      key: (row) => `${row.difficulty}:${row.day}`,
      props: [...scoreCounterKeys],
      rows: cumulativeScoresOf,
    },
  ];
  const memberships = [
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

  async function compare(tx: PgRunner, c: Counters): Promise<CounterDifference[]> {
    const differences: CounterDifference[] = [];
    for (const t of tables) {
      const stored = new Map(
        ((await tx.select().from(t.table)) as Row[]).map((row) => [t.key(row), pick(row, t.props)]),
      );
      const recomputed = new Map(t.rows(c).map((row) => [t.key(row), pick(row, t.props)]));
      for (const key of new Set([...stored.keys(), ...recomputed.keys()]))
        for (const prop of t.props) {
          const s = stored.get(key)?.[prop] ?? 0;
          const r = recomputed.get(key)?.[prop] ?? 0;
          if (s !== r)
            differences.push({
              table: getTableName(t.table),
              key,
              column: columnName(t.table, prop),
              stored: s,
              recomputed: r,
            });
        }
    }
    for (const m of memberships) {
      const rows = (await tx.select().from(m.table)) as Row[];
      // Mapped lazily: day_players has about one row a play.
      const stored = rows
        .values()
        .map((row) => [row[m.group] as number | string, row.playerId as number] as const);
      for (const d of membershipDifferences(getTableName(m.table), stored, m.recomputed(c)))
        differences.push(d);
    }
    return differences;
  }

  async function write(tx: PgRunner, c: Counters, signal: AbortSignal | undefined): Promise<void> {
    const all: { table: PgTable; rows: Row[] }[] = [
      ...tables.map((t) => ({ table: t.table, rows: t.rows(c) })),
      ...memberships.map((m) => ({ table: m.table, rows: membershipRows(m.recomputed(c), m.group) })),
    ];
    for (const { table, rows } of all) {
      await tx.delete(table);
      if (rows.length === 0) continue;
      const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length));
      for (let i = 0; i < rows.length; i += perInsert) {
        await tx.insert(table).values(rows.slice(i, i + perInsert) as never);
        await nextChunk(signal);
      }
    }
  }

  return {
    verify: (options: LongRunOptions = {}): Promise<CounterDifference[]> =>
      db.transaction(async (tx) => compare(tx, await recompute(tx, options)), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      }),
    rebuild: (options: LongRunOptions = {}): Promise<void> =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BATCH_LOCK})`);
        await write(tx, await recompute(tx, options), options.signal);
        await tx.update(statsVersion).set({ version: sql`${statsVersion.version} + 1` });
      }),
  };
}
