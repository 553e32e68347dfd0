import { BROWSER_FAMILIES, DEVICE_CLASSES } from '../../shared/devices';

/**
 * The property names of the wide per-day counter rows (cumulative_days, cumulative_scores): both
 * engines' schemas name their columns from these, and src/storage/encoding/day-rows.ts fills them.
 */
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type HourKey = `h${'0' | '1'}${Digit}` | 'h20' | 'h21' | 'h22' | 'h23';
type ScoreKey = `s${'0' | '1' | '2'}${Digit}` | 's30';
const two = (n: number) => String(n).padStart(2, '0');

/** Property names of the per-hour columns of cumulative_days, index = hour of day. */
export const dayHourKeys = Array.from({ length: 24 }, (_, h) => `h${two(h)}`) as HourKey[];
/** Property names of the per-score columns of cumulative_scores, index = score. */
export const dayScoreKeys = Array.from({ length: 31 }, (_, s) => `s${two(s)}`) as ScoreKey[];
const capitalized = <T extends string>(word: T) => (word[0]!.toUpperCase() + word.slice(1)) as Capitalize<T>;
/** Property names of the per-device-class columns of cumulative_days, in DEVICE_CLASSES order. */
export const dayDeviceKeys = DEVICE_CLASSES.map((d) => `device${capitalized(d)}` as const);
/** Property names of the per-browser-family columns of cumulative_days, in BROWSER_FAMILIES order. */
export const dayBrowserKeys = BROWSER_FAMILIES.map((b) => `browser${capitalized(b)}` as const);
