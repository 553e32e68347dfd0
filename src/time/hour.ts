const formatters = new Map<string, Intl.DateTimeFormat>();

/** Hour of day (0–23) of an instant in an IANA time zone; daylight-saving changes included. */
export function hourOfDay(epochMs: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  return Number(format.format(epochMs));
}
