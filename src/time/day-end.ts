import { type Day, dayOf } from './day';

/**
 * The first instant of the day after the one `epochMs` falls in, in `timeZone`: the
 * next local midnight (or whatever instant a daylight-saving change makes the day
 * start at). Found by bisection over the next 27 hours, to the millisecond, so no
 * offset arithmetic can be wrong on a DST day.
 */
export function nextDayStart(epochMs: number, timeZone: string): number {
  const today: Day = dayOf(epochMs, timeZone);
  let low = epochMs; // still today
  let high = epochMs + 27 * 3_600_000; // surely a later day
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (dayOf(mid, timeZone) === today) low = mid;
    else high = mid;
  }
  return high;
}
