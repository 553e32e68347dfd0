/**
 * The counters written once per batch of plays: the score histogram, hours, totals and the running
 * day totals (what a response to one of the batch's plays reads). Split from play-store.ts so
 * summing a batch sits apart from recording each play.
 */
import { sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { QuizzesIssued } from '../contract';
import { dayCounterKeys, daysRow, scoreCounterKeys, scoresRow } from '../encoding/day-rows';
import type { BatchSums } from '../encoding/recompute';
import type { Db } from './client';
import { addingUp } from './deferred-counters';
import { onFirstUse, prepare, statement } from './prepared';
import { cumulativeDays, cumulativeQuizzes, cumulativeScores, hourStats, scoreStats, totals } from './schema';

/**
 * Adds counts of a day to running totals (cumulative_days, cumulative_scores,
 * cumulative_quizzes): the day's row is made, if missing, as a copy of the row
 * before it (within `group`), then every row from that day on gets the counts.
 * Plays land on the last day, so that is one row; a play on an earlier day (a
 * clock or time-zone change) updates the days after it too, and stays exact.
 */
function runningTotals<
  Table extends typeof cumulativeDays | typeof cumulativeScores | typeof cumulativeQuizzes,
>(
  db: Db,
  table: Table,
  keys: readonly (keyof Table & string)[],
  /** The property of a column that splits the totals (cumulative_scores: per play mode). */
  groupKey?: keyof Table & string,
) {
  const ph = sql.placeholder;
  const column = (key: string) => (table as unknown as Record<string, SQLiteColumn>)[key]!;
  const day = table.day as SQLiteColumn;
  const group = groupKey ? column(groupKey) : undefined;
  const inGroup = group ? sql` AND ${sql.identifier(group.name)} = ${ph('group')}` : sql``;
  const open = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(table)
        .values({ day: ph('day'), ...(groupKey ? { [groupKey]: ph('group') } : {}) } as never)
        .onConflictDoNothing(),
    ),
  );
  const names = sql.join(
    keys.map((key) => sql.identifier(column(key).name)),
    sql`, `,
  );
  const dayName = sql.identifier(day.name);
  const carry = onFirstUse(() =>
    prepare(
      db,
      statement(
        sql`UPDATE ${table} SET (${names}) = (SELECT ${names} FROM ${table} WHERE ${dayName} < ${ph('day')}${inGroup} ORDER BY ${dayName} DESC LIMIT 1) WHERE ${dayName} = ${ph('day')}${inGroup} AND EXISTS (SELECT 1 FROM ${table} WHERE ${dayName} < ${ph('day')}${inGroup})`,
      ),
    ),
  );
  const add = onFirstUse(() =>
    prepare(
      db,
      db
        .update(table)
        .set(Object.fromEntries(keys.map((key) => [key, sql`${column(key)} + ${ph(key)}`])) as never)
        .where(
          group ? sql`${day} >= ${ph('day')} AND ${group} = ${ph('group')}` : sql`${day} >= ${ph('day')}`,
        ),
    ),
  );
  return (dayValue: string, counts: Record<string, unknown>, groupValue?: string) => {
    const values = { ...(counts as Record<string, number>), day: dayValue, group: groupValue ?? '' };
    if (open().run(values).changes === 1) carry().run(values);
    add().run(values);
  };
}

export function createBatchCounters(db: Db) {
  const ph = sql.placeholder;
  const upsertScore = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(scoreStats)
        .values({ mode: ph('mode'), score: ph('score'), plays: ph('plays') })
        .onConflictDoUpdate({
          target: [scoreStats.mode, scoreStats.score],
          set: addingUp(scoreStats, ['plays']),
        }),
    ),
  );
  const upsertHour = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(hourStats)
        .values({ hour: ph('hour'), attempts: ph('attempts'), uniquePlayers: ph('uniquePlayers') })
        .onConflictDoUpdate({
          target: hourStats.hour,
          set: addingUp(hourStats, ['attempts', 'uniquePlayers']),
        }),
    ),
  );
  const upsertTotals = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(totals)
        .values({
          id: 1,
          plays: ph('plays'),
          players: ph('players'),
          answers: ph('answers'),
          correct: ph('correct'),
          scoreSum: ph('scoreSum'),
        })
        .onConflictDoUpdate({
          target: totals.id,
          set: addingUp(totals, ['plays', 'players', 'answers', 'correct', 'scoreSum']),
        }),
    ),
  );
  const addToDays = runningTotals(db, cumulativeDays, dayCounterKeys);
  const addToScores = runningTotals(db, cumulativeScores, scoreCounterKeys, 'mode');
  const addToQuizzes = runningTotals(db, cumulativeQuizzes, ['issued']);

  /** The counters written with the batch (what a response to one of its plays reads, and the day totals). */
  const writeCounts = (sums: BatchSums) => {
    if (sums.totals.plays === 0) return;
    for (const [mode, byScore] of sums.scores)
      byScore.forEach((plays, score) => {
        if (plays > 0) upsertScore().run({ mode, score, plays });
      });
    sums.hours.attempts.forEach((attempts, hour) => {
      if (attempts > 0) upsertHour().run({ hour, attempts, uniquePlayers: sums.hours.uniquePlayers[hour]! });
    });
    upsertTotals().run(sums.totals);
    for (const [day, counts] of sums.days) addToDays(day, daysRow(day, counts));
    for (const [day, byMode] of sums.dayScores)
      for (const [mode, counts] of byMode) addToScores(day, scoresRow(day, mode, counts), mode);
  };

  return {
    writeCounts,
    /** Quizzes issued since the last batch, by day (cumulative_quizzes). */
    addQuizzesIssued(issued: QuizzesIssued | undefined): void {
      for (const [day, count] of issued ?? []) if (count > 0) addToQuizzes(day, { issued: count });
    },
  };
}
