/**
 * The dashboard's filters as query parameters of every admin range read and export
 * (docs/decisions/039), and the read store a query's filters select: the per-day counters when it
 * has none, the filtered reads of the raw record otherwise.
 */
import { t } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { enumParam, integerParam } from '../http/params';
import { type DashboardFilters, hasFilters, MAX_FILTER_ID, readFilters } from '../shared/dashboard-filters';
import { BROWSER_FAMILIES, DEVICE_CLASSES } from '../shared/devices';
import { SCORE_MODES } from '../shared/play-mode';
import type { StatsStore } from '../storage/contract';
import type { Day } from '../time/day';
import {
  type Comparison,
  previousPeriod,
  type RangeParams,
  resolveRange,
  sameDatesYearBefore,
} from './admin-range';
import { filteredStats } from './filtered-stats';

const FILTER_NOTE =
  ' Counted from the raw record of the range’s plays (docs: the dashboard’s filters), not the per-day counters.';

export const filterParams = [
  enumParam({
    name: 'mode',
    values: SCORE_MODES,
    example: 'hard',
    description: `Only the free plays of \`easy\`, \`normal\` or \`hard\`, or the daily challenge (\`daily\`, ranked and practice); \`all\` (default): every play.${FILTER_NOTE}`,
  }),
  enumParam({
    name: 'device',
    values: DEVICE_CLASSES,
    example: 'phone',
    description: `Only the plays from this device class.${FILTER_NOTE}`,
  }),
  enumParam({
    name: 'browser',
    values: BROWSER_FAMILIES,
    example: 'firefox',
    description: `Only the plays from this browser family.${FILTER_NOTE}`,
  }),
  integerParam({
    name: 'album',
    in: 'query',
    minimum: 1,
    maximum: MAX_FILTER_ID,
    example: 1,
    description: `Only the plays shown a line of this album; answers, right answers, the lists and the confusions count those lines only.${FILTER_NOTE}`,
  }),
  integerParam({
    name: 'song',
    in: 'query',
    minimum: 1,
    maximum: MAX_FILTER_ID,
    example: 12,
    description: `Only the plays shown a line of this song; answers, right answers, the lists and the confusions count those lines only.${FILTER_NOTE}`,
  }),
] as const;

const [mode, device, browser, album, song] = filterParams;
export const FilterQueryParams = t.Object({
  mode: t.Optional(mode.validator),
  device: t.Optional(device.validator),
  browser: t.Optional(browser.validator),
  album: t.Optional(album.validator),
  song: t.Optional(song.validator),
});

/** What the range reads and exports are read over (docs/decisions/019, 039). */
export interface RangeDeps {
  stats: StatsStore;
  today: () => Day;
  /** The catalogue served: under an album or song filter, its never-shown lines are listed too (docs/decisions/039). */
  catalogue?: () => CatalogueIndex;
}

export type FilterQuery = Partial<Record<keyof DashboardFilters, string | number>>;

/** Whether a query names a filter. */
export const isFiltered = (query: FilterQuery) => hasFilters(readFilters((name) => query[name]));

/**
 * The read store for a query: the per-day counters without filters; with filters, the plays they
 * keep from the range and the period it is compared with (`compare`), counted from the raw record.
 */
export async function statsFor(
  deps: RangeDeps,
  query: RangeParams & FilterQuery & { compare?: Comparison },
  today: Day,
): Promise<StatsStore> {
  const filters = readFilters((name) => query[name]);
  if (!hasFilters(filters)) return deps.stats;
  const range = await resolveRange(deps.stats, query, today);
  const compared = query.compare === 'year' ? sameDatesYearBefore(range) : previousPeriod(range);
  const span = { from: compared.from < range.from ? compared.from : range.from, to: range.to };
  return filteredStats(deps.stats, filters, span, range, deps.catalogue);
}
