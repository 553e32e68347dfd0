/**
 * The admin dashboard's filters (docs/decisions/039): which plays every view counts. Shared by
 * the server (the query parameters of every admin range read and export) and the dashboard (its
 * address and chips), so both name them alike.
 */
import { BROWSER_FAMILIES, type BrowserFamily, DEVICE_CLASSES, type DeviceClass } from './devices';
import { SCORE_MODES, type ScoreMode } from './play-mode';

export interface DashboardFilters {
  /** The free plays of one difficulty, or the daily challenge; absent: every play ('all'). */
  mode?: Exclude<ScoreMode, 'all'>;
  device?: DeviceClass;
  browser?: BrowserFamily;
  /** An album id: plays shown a line of it, and those lines' answers. */
  album?: number;
  /** A song id: plays shown a line of it, and those lines' answers. */
  song?: number;
}

const FILTER_NAMES = ['mode', 'device', 'browser', 'album', 'song'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** The largest catalogue id a filter takes (the answer keys' bound: src/storage/encoding/recompute.ts). */
export const MAX_FILTER_ID = 16_383;

export const hasFilters = (filters: DashboardFilters) =>
  FILTER_NAMES.some((name) => filters[name] !== undefined);

/** The filters a query (or an address's parameters) names; anything unknown or malformed is left out. */
export function readFilters(get: (name: FilterName) => string | number | null | undefined): DashboardFilters {
  const filters: DashboardFilters = {};
  const mode = get('mode');
  const found = SCORE_MODES.find((m) => m === mode && m !== 'all');
  if (found && found !== 'all') filters.mode = found;
  const device = DEVICE_CLASSES.find((d) => d === get('device'));
  if (device) filters.device = device;
  const browser = BROWSER_FAMILIES.find((b) => b === get('browser'));
  if (browser) filters.browser = browser;
  for (const name of ['album', 'song'] as const) {
    const raw = get(name);
    const id = typeof raw === 'number' ? raw : raw && /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
    if (Number.isInteger(id) && id >= 1 && id <= MAX_FILTER_ID) filters[name] = id;
  }
  return filters;
}
