/**
 * Calendar days in the statistics time zone (STATS_TIMEZONE), stored as ISO
 * dates ('2025-03-30'): a day is a date, not a timestamp of its midnight, so
 * it reads the same in SQLite, in PostgreSQL and in a report. Pure: no db, no HTTP.
 */
import { hourOfDay } from './hour';

/** An ISO calendar date, 'YYYY-MM-DD'. */
export type Day = string;

const MS_PER_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The calendar day of an instant in an IANA time zone; daylight-saving changes included. */
export function dayOf(epochMs: number, timeZone: string): Day {
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

export interface LocalTime {
  day: Day;
  /** Hour of day 0–23. */
  hour: number;
}

/** UTC quarter-hours: every time zone in use today has an offset that is a multiple of 15 minutes. */
const SLOT_MS = 15 * 60_000;

/**
 * Day and hour of instants in one time zone, recomputed once per UTC quarter-hour:
 * local midnights and hour changes fall on quarter-hour boundaries in UTC (offsets
 * are whole quarter-hours; historic local mean times before 1900 are the only
 * exception), so within a slot both are constant. A quiz fetch pays a comparison,
 * not an Intl call.
 */
export function createTimeZoneConverter(timeZone: string): (epochMs: number) => LocalTime {
  let slot = Number.NaN;
  let current: LocalTime = { day: '', hour: 0 };
  return (epochMs) => {
    const s = Math.floor(epochMs / SLOT_MS);
    if (s !== slot) {
      slot = s;
      current = { day: dayOf(epochMs, timeZone), hour: hourOfDay(epochMs, timeZone) };
    }
    return current;
  };
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of an ISO date (its position on a calendar, no time zone involved). */
export function dayNumber(day: Day): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`not a date: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY;
}

export function dayFromNumber(n: number): Day {
  return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** A real calendar date in the 'YYYY-MM-DD' form (so '2025-02-30' is not one). */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const n = dayNumber(value);
  return Number.isFinite(n) && dayFromNumber(n) === value;
}

export function addDays(day: Day, days: number): Day {
  return dayFromNumber(dayNumber(day) + days);
}

/** Number of days in [from, to], both included (0 when to is before from). */
export function daysInRange(from: Day, to: Day): number {
  return Math.max(0, dayNumber(to) - dayNumber(from) + 1);
}
