/**
 * Daily-challenge streaks from the days played (ISO dates). Pure and shared: the
 * server computes them from its ranked plays, the browser from what it kept
 * (docs/decisions/021).
 */

const MS_PER_DAY = 86_400_000;
const dayIndex = (day: string) => Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;

export interface Streak {
  /** Consecutive days ending today, or ending yesterday while today is not played yet. */
  current: number;
  /** The longest run of consecutive days. */
  best: number;
}

export function streakOf(days: Iterable<string>, today: string): Streak {
  const t = dayIndex(today);
  const sorted = [...new Set(days)]
    .map(dayIndex)
    .filter((d) => Number.isFinite(d) && d <= t)
    .sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && sorted[i]! - sorted[i - 1]! === 1 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  const last = sorted.at(-1);
  const current = last !== undefined && t - last <= 1 ? run : 0;
  return { current, best };
}
