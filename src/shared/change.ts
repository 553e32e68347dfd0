/**
 * The change of a figure against the period before, in percent of the previous value, one
 * decimal, signed: the dashboard's cards and the summary export say the same number. Null when
 * the previous value is zero or missing (a change from nothing has no percentage).
 */
export function percentChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100 * 10) / 10;
}
