/**
 * The recomputed counters (src/storage/encoding/recompute.ts) as the rows the stores keep, for the counter
 * tables whose rows are derived rather than counted one to one: running totals per day, and the
 * daily challenge's tables. Engine-independent: `kviz stats verify`/`rebuild` on SQLite and on
 * PostgreSQL compare and write these same rows.
 */
import type { PlayMode } from '../../shared/play-mode';
import type { Day } from '../../time/day';
import type { CounterDifference } from '../contract';
import { addScoreCounts, emptyScoreCounts, runningTotals, type ScoreCounts } from './day-counts';
import { scoresRow } from './day-rows';
import type { Counters, ItemCounts, Sums } from './recompute';

/** The score histograms per play mode and day as the running totals cumulative_scores keeps. */
export function cumulativeScoreRows(c: Counters) {
  const perMode = new Map<PlayMode, Map<Day, ScoreCounts>>();
  for (const [day, byMode] of c.dayScores)
    for (const [mode, counts] of byMode) {
      if (!perMode.has(mode)) perMode.set(mode, new Map());
      perMode.get(mode)!.set(day, counts);
    }
  return [...perMode].flatMap(([mode, days]) =>
    [...runningTotals(days, emptyScoreCounts, addScoreCounts)].map(([day, counts]) =>
      scoresRow(day, mode, counts),
    ),
  );
}

/** The per-key day counts as the running totals cumulative_answers keeps (`keyIdOf`: key number → row id). */
export function cumulativeAnswerRows(c: Counters, keyIdOf: ReadonlyMap<number, number>) {
  const perKey = new Map<number, Map<Day, ItemCounts>>();
  for (const [day, byKey] of c.answerDays)
    for (const [k, counts] of byKey) {
      const keyId = keyIdOf.get(k)!;
      if (!perKey.has(keyId)) perKey.set(keyId, new Map());
      perKey.get(keyId)!.set(day, counts);
    }
  const addCounts = (into: ItemCounts, from: ItemCounts) => {
    into.occurrences += from.occurrences;
    into.correct += from.correct;
    return into;
  };
  return [...perKey].flatMap(([keyId, days]) =>
    [...runningTotals(days, () => ({ occurrences: 0, correct: 0 }), addCounts)].map(([day, counts]) => ({
      keyId,
      day,
      ...counts,
    })),
  );
}

/** One (line, wrong song) pair's picks of a day. */
export interface ConfusionDayRow {
  lyricId: number;
  selectedSongId: number;
  times: number;
}

/** A batch's wrong picks per day as the rows cumulative_confusions adds (docs/decisions/024). */
export function confusionDayRows(sums: Sums): [Day, ConfusionDayRow[]][] {
  return [...sums.confusionDays.keys()]
    .sort()
    .map((day) => [
      day,
      [...sums.confusionDays.get(day)!].flatMap(([lyricId, picks]) =>
        [...picks].map(([selectedSongId, times]) => ({ lyricId, selectedSongId, times })),
      ),
    ]);
}

/** The per-day wrong picks of each (line, wrong song) pair as the running totals cumulative_confusions keeps. */
export function cumulativeConfusionRows(c: Counters) {
  const perPair = new Map<string, { lyricId: number; selectedSongId: number; days: Map<Day, number> }>();
  for (const [day, byLine] of c.confusionDays)
    for (const [lyricId, picks] of byLine)
      for (const [selectedSongId, times] of picks) {
        const key = `${lyricId}:${selectedSongId}`;
        let pair = perPair.get(key);
        if (!pair) {
          pair = { lyricId, selectedSongId, days: new Map() };
          perPair.set(key, pair);
        }
        pair.days.set(day, times);
      }
  const rows: { lyricId: number; selectedSongId: number; day: Day; times: number }[] = [];
  for (const { lyricId, selectedSongId, days } of perPair.values()) {
    let times = 0;
    for (const day of [...days.keys()].sort()) {
      times += days.get(day)!;
      rows.push({ lyricId, selectedSongId, day, times });
    }
  }
  return rows;
}

/** The ranked daily plays' score histogram per day (daily_scores). */
export const dailyScoreRows = (c: Counters) =>
  [...c.daily.scores].flatMap(([day, byScore]) =>
    byScore.flatMap((n, score) => (n > 0 ? [{ day, score, plays: n }] : [])),
  );

/** The ranked daily plays' answers per day and line (daily_lines). */
export const dailyLineRows = (c: Counters) =>
  [...c.daily.lines].flatMap(([day, lines]) =>
    [...lines].map(([lyricId, counts]) => ({ day, lyricId, ...counts })),
  );

/** A membership table's rows (hour_players, day_players, daily_players: one a player and hour or day) from the recomputed sets. */
export const membershipRows = <G>(groups: ReadonlyMap<G, ReadonlySet<number>>, groupProp: 'day' | 'hour') =>
  [...groups].flatMap(([group, ids]) => [...ids].map((playerId) => ({ [groupProp]: group, playerId })));

/**
 * The differences between a membership table's stored (group, player) rows and the recomputed
 * players per group: each stored row not recomputed, then each recomputed player not stored.
 * Empties the recomputed sets as stored rows are matched (one pass over a stream of stored rows,
 * no second copy of day_players in memory): compare memberships after everything else that reads them.
 */
export function membershipDifferences(
  table: string,
  stored: Iterable<readonly [group: number | string, playerId: number]>,
  recomputed: Map<number | string, Set<number>>,
): CounterDifference[] {
  const differences: CounterDifference[] = [];
  for (const [group, playerId] of stored)
    if (!recomputed.get(group)?.delete(playerId))
      differences.push({ table, key: `${group}:${playerId}`, column: 'row', stored: 1, recomputed: 0 });
  for (const [group, ids] of recomputed)
    for (const playerId of ids)
      differences.push({ table, key: `${group}:${playerId}`, column: 'row', stored: 0, recomputed: 1 });
  return differences;
}
