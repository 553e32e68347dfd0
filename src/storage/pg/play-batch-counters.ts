/**
 * The counters the aggregator adds for the plays it folds in (docs/decisions/030), as multi-row
 * upserts and running totals; one aggregator at a time (aggregator.ts), so running totals never
 * carry across another writer's additions. Split from aggregator.ts so the statements sit apart
 * from choosing and summing the plays.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { confusionDayRows } from '../encoding/counter-rows';
import { dayCounterKeys, daysRow, scoreCounterKeys, scoresRow } from '../encoding/day-rows';
import type { BatchSums } from '../encoding/recompute';
import { addToConfusionDays } from './confusion-days';
import { numberArray, textArray } from './pg-arrays';
import { type PgRunner, runningTotals } from './running-totals';
import {
  albumStats,
  cumulativeAnswers,
  cumulativeDays,
  cumulativeQuizzes,
  cumulativeScores,
  hourStats,
  lyricConfusions,
  lyricStats,
  scoreStats,
  songConfusions,
  songStats,
  totals,
} from './schema';

const n = (column: PgColumn) => sql.identifier(column.name);

/**
 * A multi-row upsert adding `props` of every row to the stored counters, as one statement over
 * `unnest` of one array per column: the same text whatever the number of rows, so PostgreSQL
 * plans it once per connection (a VALUES list has a text, and a plan, per row count: the folds'
 * costliest statements were those plans, issue 31) and drizzle builds no per-row SQL.
 */
export const upsertMany = async (
  tx: PgRunner,
  table: PgTable,
  rows: Record<string, unknown>[],
  target: PgColumn[],
  props: string[],
) => {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).map(
    (prop) => [prop, (table as unknown as Record<string, PgColumn>)[prop]!] as const,
  );
  const arrays = columns.map(([prop, column]) => {
    const values = rows.map((row) => row[prop]);
    const type = column.getSQLType();
    return type === 'text'
      ? sql`${textArray(values as string[])}::text[]`
      : sql`${numberArray(values as number[])}::${sql.raw(type)}[]`;
  });
  const names = sql.join(
    columns.map(([, column]) => n(column)),
    sql`, `,
  );
  const sets = sql.join(
    props.map((prop) => {
      const column = (table as unknown as Record<string, PgColumn>)[prop]!;
      return sql`${n(column)} = ${table}.${n(column)} + excluded.${n(column)}`;
    }),
    sql`, `,
  );
  await tx.execute(
    sql`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)}) ON CONFLICT (${sql.join(
      target.map(n),
      sql`, `,
    )}) DO UPDATE SET ${sets}`,
  );
};

/**
 * Adds a batch's answer counts of a day to cumulative_answers, all keys in two statements
 * (the running totals of src/storage/sqlite/play-store.ts): the day's row of each key is upserted
 * — a new one is the key's row before the day plus the counts; an existing one gets the counts
 * (what was inserted, less the row before) — then the key's rows of later days get the counts.
 * By the one aggregator (aggregator.ts), so no other writer adds between. Each statement costs in
 * proportion to the keys folded, not to the rows of the day (confusion-days.ts says why).
 */
const addToAnswers = async (
  tx: PgRunner,
  day: string,
  rows: { keyId: number; occurrences: number; correct: number }[],
) => {
  const t = cumulativeAnswers;
  const arrays = sql`unnest(${`{${rows.map((r) => r.keyId)}}`}::int[], ${`{${rows.map((r) => r.occurrences)}}`}::bigint[], ${`{${rows.map((r) => r.correct)}}`}::bigint[]) AS v(key_id, occurrences, correct)`;
  const before = (column: PgColumn, key: SQL) =>
    sql`coalesce((SELECT p.${n(column)} FROM ${t} p WHERE p.${n(t.keyId)} = ${key} AND p.${n(t.day)} < ${day} ORDER BY p.${n(t.day)} DESC LIMIT 1), 0)`;
  const added = (column: PgColumn) =>
    sql`${n(column)} = a.${n(column)} + excluded.${n(column)} - ${before(column, sql`excluded.${n(t.keyId)}`)}`;
  await tx.execute(
    sql`INSERT INTO ${t} AS a (${n(t.keyId)}, ${n(t.day)}, ${n(t.occurrences)}, ${n(t.correct)}) SELECT v.key_id, ${day}, ${before(t.occurrences, sql`v.key_id`)} + v.occurrences, ${before(t.correct, sql`v.key_id`)} + v.correct FROM ${arrays} ON CONFLICT (${n(t.day)}, ${n(t.keyId)}) DO UPDATE SET ${added(t.occurrences)}, ${added(t.correct)}`,
  );
  await tx.execute(
    sql`UPDATE ${t} SET ${n(t.occurrences)} = ${t.occurrences} + v.occurrences, ${n(t.correct)} = ${t.correct} + v.correct FROM ${arrays} WHERE ${t.day} > ${day} AND ${t.keyId} = v.key_id`,
  );
};

export function createBatchCounters() {
  const addToDays = runningTotals(cumulativeDays, dayCounterKeys);
  const addToScores = runningTotals(cumulativeScores, scoreCounterKeys, 'mode');
  const addToQuizzes = runningTotals(cumulativeQuizzes, ['issued']);

  /** `keyIdOf`: an answer key number's answer_keys id (cumulative_answers is keyed by it). */
  const writeCounts = async (tx: PgRunner, sums: BatchSums, keyIdOf: (k: number) => number) => {
    if (sums.totals.plays === 0) return;
    const items = (map: Map<number, { occurrences: number; correct: number }>, key: string) =>
      [...map].map(([id, c]) => ({ [key]: id, ...c }));
    await upsertMany(
      tx,
      lyricStats,
      items(sums.lyrics, 'lyricId'),
      [lyricStats.lyricId],
      ['occurrences', 'correct'],
    );
    await upsertMany(
      tx,
      songStats,
      items(sums.songs, 'songId'),
      [songStats.songId],
      ['occurrences', 'correct'],
    );
    await upsertMany(
      tx,
      albumStats,
      items(sums.albums, 'albumId'),
      [albumStats.albumId],
      ['occurrences', 'correct'],
    );
    const picks = (map: Map<number, Map<number, number>>, key: string) =>
      [...map].flatMap(([id, bySong]) =>
        [...bySong].map(([selectedSongId, times]) => ({ [key]: id, selectedSongId, times })),
      );
    await upsertMany(
      tx,
      lyricConfusions,
      picks(sums.lyricConfusions, 'lyricId'),
      [lyricConfusions.lyricId, lyricConfusions.selectedSongId],
      ['times'],
    );
    await upsertMany(
      tx,
      songConfusions,
      picks(sums.songConfusions, 'songId'),
      [songConfusions.songId, songConfusions.selectedSongId],
      ['times'],
    );
    for (const [day, rows] of confusionDayRows(sums)) await addToConfusionDays(tx, day, rows);
    const scoreRows = [...sums.scores].flatMap(([mode, byScore]) =>
      byScore.flatMap((n, score) => (n > 0 ? [{ mode, score, plays: n }] : [])),
    );
    await upsertMany(tx, scoreStats, scoreRows, [scoreStats.mode, scoreStats.score], ['plays']);
    const hourRows = sums.hours.attempts.flatMap((attempts, hour) =>
      attempts > 0 ? [{ hour, attempts, uniquePlayers: sums.hours.uniquePlayers[hour]! }] : [],
    );
    await upsertMany(tx, hourStats, hourRows, [hourStats.hour], ['attempts', 'uniquePlayers']);
    await upsertMany(
      tx,
      totals,
      [{ id: 1, ...sums.totals }],
      [totals.id],
      ['plays', 'players', 'answers', 'correct', 'scoreSum'],
    );
    for (const [day, counts] of sums.days) await addToDays(tx, day, daysRow(day, counts) as never);
    for (const [day, byMode] of sums.dayScores)
      for (const [mode, counts] of byMode)
        await addToScores(tx, day, scoresRow(day, mode, counts) as never, mode);
    for (const day of [...sums.answerDays.keys()].sort())
      await addToAnswers(
        tx,
        day,
        [...sums.answerDays.get(day)!].map(([k, counts]) => ({
          keyId: keyIdOf(k),
          ...counts,
        })),
      );
  };

  return {
    writeCounts,
    /** Quizzes issued, by day (cumulative_quizzes). */
    async addQuizzesIssued(tx: PgRunner, issued: [string, number][]): Promise<void> {
      for (const [day, count] of issued) await addToQuizzes(tx, day, { issued: count });
    },
  };
}
