import { count, getTableName, gt, type InferInsertModel, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
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
  type ItemCounts,
  type RecordedAnswer,
} from '../encoding/recompute';
import { type LongRunOptions, nextChunk } from '../long-work';
import type { Db } from './client';
import {
  addDeferred,
  createDeferredCounters,
  type DeferredCounters,
  type DeferredSums,
  emptyDeferredSums,
} from './deferred-counters';
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
  totals,
} from './schema';

/** Plays read per chunk; between chunks the event loop turns (Ctrl-C, progress output). */
const CHUNK = 5_000;
/** Rows per multi-row INSERT when rewriting counters (SQLite allows 32,766 parameters a statement). */
const MAX_PARAMETERS = 30_000;

type Values = Record<string, number>;

/** One counter table: its stored rows and the recomputed ones, keyed alike, and how to rewrite it. */
interface CounterTable {
  table: SQLiteTable;
  /** Property → SQL column name, for the report. */
  columns: Record<string, string>;
  stored(): Map<string, Values>;
  recomputed(c: Counters): Map<string, Values>;
  rows(c: Counters): Record<string, unknown>[];
}

/** Membership tables (who played on which day or hour): compared row by row. */
interface MembershipTable {
  table: SQLiteTable;
  stored(): Iterable<[group: number | string, playerId: number]>;
  recomputed(c: Counters): Map<number | string, Set<number>>;
  rows(c: Counters): Record<string, unknown>[];
}

const columnsOf = (table: SQLiteTable, props: string[]) =>
  Object.fromEntries(props.map((p) => [p, (table as unknown as Record<string, { name: string }>)[p]!.name]));

const pick = (row: Record<string, unknown>, props: string[]): Values =>
  Object.fromEntries(props.map((p) => [p, Number(row[p])]));

/**
 * Verify and rebuild of every counter (`kviz stats verify|rebuild`, the
 * migration of an old database): the raw record is read in chunks of plays in
 * recording order, decoded and recomputed in memory (src/storage/encoding/recompute.ts),
 * then compared with, or written over, the stored counters. Statements are built
 * from the drizzle table objects, so a renamed table or column fails to compile.
 * Quizzes issued (cumulative_quizzes) have no raw record and are left alone. Day
 * figures are kept as running totals, so one wrong count shows on every later day.
 */
export function createCounterCheck(db: Db, deferred: DeferredCounters = createDeferredCounters(db)) {
  const sqlite = db.$client;
  const playCount = db.select({ n: count() }).from(plays);
  const chunkQuery = db
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
    .where(gt(plays.id, 0))
    .orderBy(plays.id)
    .limit(CHUNK)
    .toSQL();
  // Run positionally: [after id, limit]. drizzle's mapping of 5,000 rows a chunk costs more than the decoding.
  type PlayTuple = [number, number, string, number, number, number, number, number, Uint8Array];
  const chunk = sqlite.prepare<PlayTuple, [number, number]>(chunkQuery.sql);

  /** Answer key number → answer_keys id, filled by each recompute (cumulative_answers is keyed by id). */
  const keyIdOf = new Map<number, number>();

  /**
   * Every counter recomputed from the raw record; with `watermark`, also the deferred counts of
   * the plays past it (recorded, not yet flushed: docs/decisions/025).
   */
  async function recompute(options: LongRunOptions, watermark = Number.POSITIVE_INFINITY) {
    const keys = new Map<number, AnswerKey>(
      db
        .select()
        .from(answerKeys)
        .all()
        .map((k) => [k.id, { lyricId: k.lyricId, songId: k.songId, albumId: k.albumId }]),
    );
    keyIdOf.clear();
    for (const [id, key] of keys) keyIdOf.set(answerKeyNumber(key), id);
    const total = playCount.get()?.n ?? 0;
    const accumulator = createRecompute();
    const pending = emptyDeferredSums();
    const keyOf = (keyId: number) => keys.get(keyId)!;
    let done = 0;
    let after = 0;
    options.onProgress?.(0, total);
    for (;;) {
      const rows = chunk.values(after, CHUNK) as unknown as PlayTuple[];
      if (rows.length === 0) break;
      for (const [id, playerId, day, hour, difficulty, device, browser, score, packed] of rows) {
        const answers: RecordedAnswer[] = [];
        forEachAnswer(packed, (keyId, wrongSongId) => {
          const key = keys.get(keyId);
          if (!key) throw new Error(`play ${id}: unknown answer key ${keyId}`);
          answers.push({ key, selectedSongId: wrongSongId ?? key.songId });
        });
        accumulator.add({
          playerId,
          day,
          hour,
          difficulty: difficultyCode.name(difficulty),
          deviceClass: deviceCode.name(device),
          browser: browserCode.name(browser),
          score,
          answers,
        });
        if (id > watermark) addDeferred(pending, day, packed, keyOf);
        after = id;
      }
      done += rows.length;
      options.onProgress?.(done, total);
      await nextChunk(options.signal);
    }
    return { counters: accumulator.counters, pending, keys };
  }

  /** The deferred counters as stored: the recompute without the plays past the watermark. */
  function counted(c: Counters, pending: DeferredSums, keys: Map<number, AnswerKey>): Counters {
    const items = (all: Map<number, ItemCounts>, minus: Map<number, ItemCounts>) => {
      const out = new Map<number, ItemCounts>();
      for (const [id, counts] of all) {
        const less = minus.get(id);
        const occurrences = counts.occurrences - (less?.occurrences ?? 0);
        if (occurrences !== 0) out.set(id, { occurrences, correct: counts.correct - (less?.correct ?? 0) });
      }
      return out;
    };
    const picks = (all: Map<number, Map<number, number>>, minus: Map<number, Map<number, number>>) =>
      new Map(
        [...all].map(([id, bySong]) => [
          id,
          new Map(
            [...bySong]
              .map(([song, times]) => [song, times - (minus.get(id)?.get(song) ?? 0)] as const)
              .filter(([, times]) => times !== 0),
          ),
        ]),
      );
    const answerDays = new Map<string, Map<number, ItemCounts>>();
    for (const [day, byKey] of c.answerDays) {
      const byNumber = new Map<number, ItemCounts>();
      for (const [keyId, counts] of pending.answerDays.get(day) ?? [])
        byNumber.set(answerKeyNumber(keys.get(keyId)!), counts);
      answerDays.set(day, items(byKey, byNumber));
    }
    const confusionDays = new Map(
      [...c.confusionDays].map(([day, byLine]) => [
        day,
        picks(byLine, pending.confusionDays.get(day) ?? new Map()),
      ]),
    );
    return {
      ...c,
      confusionDays,
      lyrics: items(c.lyrics, pending.lyrics),
      songs: items(c.songs, pending.songs),
      albums: items(c.albums, pending.albums),
      lyricConfusions: picks(c.lyricConfusions, pending.lyricConfusions),
      songConfusions: picks(c.songConfusions, pending.songConfusions),
      answerDays,
    };
  }

  const itemTable = (
    table: typeof lyricStats | typeof songStats | typeof albumStats,
    keyProp: 'lyricId' | 'songId' | 'albumId',
    of: (c: Counters) => Counters['lyrics'],
  ): CounterTable => ({
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
  });

  const confusionTable = (
    table: typeof lyricConfusions | typeof songConfusions,
    keyProp: 'lyricId' | 'songId',
    of: (c: Counters) => Counters['lyricConfusions'],
  ): CounterTable => {
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
  };

  const dayStatsProps = [...dayCounterKeys];
  const dayScoresProps = [...scoreCounterKeys];
  /** The recomputed days as the running totals the store keeps. */
  const cumulativeDaysOf = (c: Counters) => runningTotals(c.days, emptyDayCounts, addDayCounts);
  const cumulativeScoresOf = cumulativeScoreRows;
  const cumulativeAnswersOf = (c: Counters) => cumulativeAnswerRows(c, keyIdOf);

  const tables: CounterTable[] = [
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
    itemTable(lyricStats, 'lyricId', (c) => c.lyrics),
    itemTable(songStats, 'songId', (c) => c.songs),
    itemTable(albumStats, 'albumId', (c) => c.albums),
    confusionTable(lyricConfusions, 'lyricId', (c) => c.lyricConfusions),
    confusionTable(songConfusions, 'songId', (c) => c.songConfusions),
    {
      table: scoreStats,
      columns: columnsOf(scoreStats, ['plays']),
      stored: () =>
        new Map(
          db
            .select()
            .from(scoreStats)
            .all()
            .map((row) => [`${row.difficulty}:${row.score}`, { plays: row.plays }]),
        ),
      recomputed: (c) =>
        new Map(
          [...c.scores].flatMap(([difficulty, byScore]) =>
            byScore.flatMap((n, score) => (n > 0 ? [[`${difficulty}:${score}`, { plays: n }] as const] : [])),
          ),
        ),
      rows: (c) =>
        [...c.scores].flatMap(([difficulty, byScore]) =>
          byScore.flatMap((n, score) => (n > 0 ? [{ difficulty, score, plays: n }] : [])),
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
            .map((row) => [`${row.difficulty}:${row.day}`, pick(row, dayScoresProps)]),
        ),
      recomputed: (c) =>
        new Map(
          cumulativeScoresOf(c).map(
            (row) => [`${row.difficulty}:${row.day}`, pick(row, dayScoresProps)] as const,
          ),
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
  const memberships: MembershipTable[] = [
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

  function compare(c: Counters): CounterDifference[] {
    const differences: CounterDifference[] = [];
    for (const t of tables) {
      const stored = t.stored();
      const recomputed = t.recomputed(c);
      for (const key of new Set([...stored.keys(), ...recomputed.keys()]))
        for (const [prop, column] of Object.entries(t.columns)) {
          const s = stored.get(key)?.[prop] ?? 0;
          const r = recomputed.get(key)?.[prop] ?? 0;
          if (s !== r)
            differences.push({ table: getTableName(t.table), key, column, stored: s, recomputed: r });
        }
    }
    // Compared last: the recomputed sets are emptied as stored rows are matched.
    for (const m of memberships)
      for (const d of membershipDifferences(getTableName(m.table), m.stored(), m.recomputed(c)))
        differences.push(d);
    return differences;
  }

  async function write(c: Counters, signal: AbortSignal | undefined): Promise<void> {
    for (const t of [...tables, ...memberships]) {
      db.delete(t.table).run();
      const rows = t.rows(c);
      if (rows.length === 0) continue;
      const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length));
      for (let i = 0; i < rows.length; i += perInsert) {
        db.insert(t.table)
          .values(rows.slice(i, i + perInsert) as InferInsertModel<typeof t.table>[])
          .run();
        if (i > 0 && (i / perInsert) % 20 === 0) await nextChunk(signal);
      }
    }
  }

  async function rebuildWithin(options: LongRunOptions = {}): Promise<void> {
    await write((await recompute(options)).counters, options.signal);
    deferred.markAllCounted();
  }

  /** Runs `work` in a transaction that commits only when it finishes: interrupted or failed, nothing is written. */
  async function inTransaction<T>(mode: 'DEFERRED' | 'IMMEDIATE', work: () => Promise<T>): Promise<T> {
    sqlite.run(`BEGIN ${mode}`);
    try {
      const result = await work();
      sqlite.run('COMMIT');
      return result;
    } catch (error) {
      sqlite.run('ROLLBACK');
      throw error;
    }
  }

  return {
    /** Every difference between the stored counters and a recompute from the raw record (one snapshot). */
    // In one snapshot: the watermark, the counters and the raw record agree with each other
    // whatever another process records meanwhile; the deferred counters are compared with the
    // plays through the watermark, every other counter with all plays.
    verify: (options: LongRunOptions = {}): Promise<CounterDifference[]> =>
      inTransaction('DEFERRED', async () => {
        const { counters, pending, keys } = await recompute(options, deferred.watermark());
        return compare(counted(counters, pending, keys));
      }),
    /** Rewrites every counter from the raw record, in one IMMEDIATE transaction; every play counted after it. */
    rebuild: (options: LongRunOptions = {}): Promise<void> =>
      inTransaction('IMMEDIATE', () => rebuildWithin(options)),
    /** Every counter recomputed from the raw record, nothing compared or written (the benchmark's naive read). */
    recompute: async (options: LongRunOptions = {}): Promise<Counters> => (await recompute(options)).counters,
    /** The rebuild's work inside a transaction the caller holds (the migration of an old database). */
    rebuildWithin,
  };
}
