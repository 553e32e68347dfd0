/**
 * The dashboard's trend (docs/decisions/037): the daily series of a range grouped by day, week
 * (Monday to Sunday) or calendar month, and the compared period grouped the same way.
 */
import type { TrendPoint } from '../shared/contracts/admin-range';
import type { DaySeriesPoint } from '../shared/contracts/time-series';
import type { StatsStore } from '../storage/contract';
import { addDays, type Day, dayNumber } from '../time/day';
import { type DayRange, getDailySeries } from './range-reads';

export const TREND_GROUPS = ['day', 'week', 'month'] as const;
export type TrendGroup = (typeof TREND_GROUPS)[number];

/** The first day of the week (Monday) or month `day` is in. */
function groupStart(day: Day, group: TrendGroup): Day {
  if (group === 'month') return `${day.slice(0, 8)}01`;
  if (group === 'week') return addDays(day, -((dayNumber(day) + 3) % 7)); // 1970-01-01 was a Thursday
  return day;
}

/** The groups of a range, in order, each clipped to it: the first may start after its week or month does. */
export function groupSpans(range: DayRange, group: TrendGroup): DayRange[] {
  const spans: DayRange[] = [];
  let from = range.from;
  while (from <= range.to) {
    let next: Day;
    if (group === 'day') next = addDays(from, 1);
    else if (group === 'week') next = addDays(groupStart(from, 'week'), 7);
    else
      next = addDays(`${from.slice(0, 8)}01`, 32)
        .slice(0, 8)
        .concat('01');
    const to = addDays(next, -1) < range.to ? addDays(next, -1) : range.to;
    spans.push({ from, to });
    from = next;
  }
  return spans;
}

const emptyPoint = (span: DayRange): TrendPoint => ({
  day: span.from,
  through: span.to,
  plays: 0,
  players: 0,
  newPlayers: 0,
  quizzesIssued: 0,
  answers: 0,
  correct: 0,
});

/**
 * One point per span: the days' counts added up, and the distinct players of the span counted
 * once each (a day's own count for a one-day span; the day memberships of the span otherwise,
 * whose cost grows with its player-days: docs/decisions/024). Days of a span outside `within`
 * count nothing (a year-earlier period a day shorter).
 */
async function pointsOf(stats: StatsStore, spans: DayRange[], within: DayRange): Promise<TrendPoint[]> {
  if (spans.length === 0) return [];
  const series = await getDailySeries(stats, within);
  const byDay = new Map<Day, DaySeriesPoint>(series.map((p) => [p.day, p]));
  return Promise.all(
    spans.map(async (span) => {
      const point = emptyPoint(span);
      for (let day = span.from; day <= span.to; day = addDays(day, 1)) {
        const counts = byDay.get(day);
        if (!counts) continue;
        point.plays += counts.plays;
        point.newPlayers += counts.newPlayers;
        point.quizzesIssued += counts.quizzesIssued;
        point.answers += counts.answers;
        point.correct += counts.correct;
        if (span.from === span.to) point.players = counts.players;
      }
      if (span.from !== span.to && point.plays > 0)
        point.players = await stats.getDistinctPlayers(span.from, span.to);
      return point;
    }),
  );
}

export async function getTrendPoints(
  stats: StatsStore,
  range: DayRange,
  group: TrendGroup,
): Promise<TrendPoint[]> {
  return pointsOf(stats, groupSpans(range, group), range);
}

/**
 * The compared period grouped like `range`: span i starts as many days after `compared.from` as
 * span i of the range after `range.from`, and is as long (clipped to `compared`), so the two
 * lines of the chart compare like with like whatever weekday or date the periods start on.
 */
export async function getComparedTrendPoints(
  stats: StatsStore,
  range: DayRange,
  compared: DayRange,
  group: TrendGroup,
): Promise<TrendPoint[]> {
  const shift = dayNumber(compared.from) - dayNumber(range.from);
  const spans = groupSpans(range, group).map((span) => {
    const from = addDays(span.from, shift);
    const to = addDays(span.to, shift);
    return { from, to: to < compared.to ? to : compared.to };
  });
  // A span wholly after the compared period (a year-earlier period one day shorter) counts nothing.
  return pointsOf(
    stats,
    spans.map((s) => (s.from <= s.to ? s : { from: s.from, to: s.from })),
    compared,
  ).then((points) => points.map((p, i) => (spans[i]!.from <= spans[i]!.to ? p : emptyPoint(spans[i]!))));
}
