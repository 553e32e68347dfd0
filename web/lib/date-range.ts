import { percentChange } from '../../src/shared/change';

/**
 * The dashboard's date range (docs/decisions/020): a preset ('Danas', 'Jučer', '7 dana', '30 dana',
 * 'Ova godina', 'Sve') or a custom from–to, its days, the previous period of the same length
 * (the cards' comparison) and its form in the address. Days are ISO dates ('2026-11-23') as the
 * API takes them; 'today' is given by the caller, so this stays pure and testable.
 */

/** An ISO calendar date, 'YYYY-MM-DD'. */
export type Day = string;

export const RANGE_PRESETS = [
  { id: 'danas', label: 'Danas' },
  { id: 'jucer', label: 'Jučer' },
  { id: '7d', label: '7 dana' },
  { id: '30d', label: '30 dana' },
  { id: 'godina', label: 'Ova godina' },
  { id: 'sve', label: 'Sve' },
] as const;
type PresetId = (typeof RANGE_PRESETS)[number]['id'];

/** What the administrator chose: a preset (relative to today, so a shared link stays "the last 7 days") or fixed days. */
export type RangeChoice = { preset: PresetId } | { preset: 'custom'; from: Day; to: Day };

/**
 * The default: everything recorded, as the dashboard showed before it had ranges
 * (docs/product.md#admin-dashboard: 'Sve' is the plain dashboard).
 */
export const DEFAULT_RANGE: RangeChoice = { preset: 'sve' };

/** The days a choice covers; `from` null: from the first recorded day ('Sve'). */
export interface DayRange {
  from: Day | null;
  to: Day;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A real calendar date in ISO form (not '2026-02-30'). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const toUtc = (day: Day) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number): Day => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: Day, days: number): Day => fromUtc(toUtc(day) + days * MS_PER_DAY);

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export const daysBetween = (from: Day, to: Day): number =>
  Math.max(0, Math.round((toUtc(to) - toUtc(from)) / MS_PER_DAY) + 1);

/** The days a choice covers on `today`. */
export function resolveRange(choice: RangeChoice, today: Day): DayRange {
  switch (choice.preset) {
    case 'danas':
      return { from: today, to: today };
    case 'jucer': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'godina':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'sve':
      return { from: null, to: today };
    case 'custom':
      return { from: choice.from, to: choice.to };
  }
}

/** The period of the same length just before a range (none for 'Sve', which has nothing before it). */
export function previousPeriod(range: DayRange): { from: Day; to: Day } | null {
  if (range.from === null) return null;
  const days = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** The change of a figure against the previous period, for a card: direction and percent. */
export interface Change {
  direction: 'up' | 'down' | 'same';
  /** Percent of the previous value, signed; null when there is nothing to compare with. */
  percent: number | null;
}

/** Null (neutral) when the previous period has no data: a change from zero has no percentage. */
export function changeOf(current: number, previous: number | null | undefined): Change | null {
  const rounded = percentChange(current, previous);
  if (rounded === null) return null;
  return { direction: rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'same', percent: rounded };
}

const isPreset = (value: string | null): value is PresetId => RANGE_PRESETS.some((p) => p.id === value);

/**
 * A choice from address parameters: `range=<preset>`, or `from` and `to` (a custom range, `to`
 * not before `from`); anything else is the default.
 */
export function parseRange(params: URLSearchParams): RangeChoice {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && isDay(from) && isDay(to) && daysBetween(from, to) > 0)
    return { preset: 'custom', from, to };
  const preset = params.get('range');
  return isPreset(preset) ? { preset } : DEFAULT_RANGE;
}

/** Writes a choice to address parameters (nothing for the default). */
export function writeRange(params: URLSearchParams, choice: RangeChoice): void {
  if (choice.preset === 'custom') {
    params.set('from', choice.from);
    params.set('to', choice.to);
  } else if (choice.preset !== DEFAULT_RANGE.preset) params.set('range', choice.preset);
}

/** '23. 11. 2026.', '1. 3. 2026.' (as Croatian writes dates; no leading zeros). */
export const formatDay = (day: Day) =>
  `${Number(day.slice(8, 10))}. ${Number(day.slice(5, 7))}. ${day.slice(0, 4)}.`;

/** '1. 11. 2026. – 23. 11. 2026.', or one day alone. */
export function formatRange(range: { from: Day; to: Day }): string {
  return range.from === range.to
    ? formatDay(range.from)
    : `${formatDay(range.from)} – ${formatDay(range.to)}`;
}
