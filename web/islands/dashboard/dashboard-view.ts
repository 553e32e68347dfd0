/**
 * What the administrator is looking at — tab, each table's sort and page, the lyric table's
 * search and filters — and its form in the address (`?tab=stihovi&sort-stihovi=percentage.desc&q=cuvar`),
 * so a reload or a shared link shows the same view. Pure: no DOM.
 *
 * Only values that differ from the defaults are written; anything unknown or malformed in an
 * address falls back to its default, so an old or hand-edited link never breaks the dashboard.
 * The date range (`range=7d`, or `from=…&to=…`) applies to every tab (web/lib/date-range.ts).
 */
import type { TrendGroup } from '../../../src/shared/contracts/admin-range';
import { readFilters } from '../../../src/shared/dashboard-filters';
import { SCORE_MODES, type ScoreMode } from '../../../src/shared/play-mode';
import { DEFAULT_RANGE, parseRange, type RangeChoice, writeRange } from '../../lib/date-range';
import type { RowFilter, SortState } from '../../lib/stats';
import type { ItemFilterName, ItemFilters } from './filters/filter-context';

export const TABS = [
  { id: 'pregled', label: 'Pregled' },
  { id: 'stihovi', label: 'Statistika stihova' },
  { id: 'pjesme', label: 'Statistika pjesama' },
  { id: 'albumi', label: 'Statistika albuma' },
  { id: 'top', label: 'Top liste' },
  { id: 'vrijeme', label: 'Vremenska statistika' },
  { id: 'izvori', label: 'Izvori' },
  { id: 'uzivo', label: 'Uživo' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

const TABLES = ['stihovi', 'pjesme', 'albumi'] as const;
export type TableId = (typeof TABLES)[number];

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 100;
/** The column whose sort hides never-shown lines unless the administrator says otherwise. */
const PERCENT_COLUMN = 'percentage';

interface TableView {
  sort: SortState<string>;
  /** 0-based (1-based in the address). */
  page: number;
}

/** 'auto': never-shown lines are hidden while the table is sorted by percentage, listed otherwise. */
type UnshownRule = 'auto' | 'show' | 'hide';

export interface LyricFilterView {
  query: string;
  minOccurrences: number;
  unshown: UnshownRule;
  pageSize: number;
}

export interface DashboardView {
  tab: TabId;
  range: RangeChoice;
  tables: Record<TableId, TableView>;
  lyrics: LyricFilterView;
  /**
   * Which plays the whole dashboard counts (`mode=`, the mode filter; docs/decisions/039): all of
   * them by default. The score distribution shows these plays.
   */
  scoreMode: ScoreMode;
  /** The device, browser, album and song filters (`device=`, `browser=`, `album=`, `song=`). */
  filters: ItemFilters;
  /** The trend's points (`group=`): days by default, or weeks or months. */
  trendGroup: TrendGroup;
}

const TREND_GROUPS: readonly TrendGroup[] = ['day', 'week', 'month'];

const unsorted: TableView = { sort: { column: null, direction: 'asc' }, page: 0 };

export const defaultView: DashboardView = {
  tab: 'pregled',
  range: DEFAULT_RANGE,
  tables: { stihovi: unsorted, pjesme: unsorted, albumi: unsorted },
  lyrics: { query: '', minOccurrences: 0, unshown: 'auto', pageSize: DEFAULT_PAGE_SIZE },
  scoreMode: 'all',
  filters: {},
  trendGroup: 'day',
};

const MAX_QUERY = 200;
const MAX_MIN_OCCURRENCES = 1_000_000;
const COLUMN_KEY = /^[A-Za-z]{1,40}$/;

const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value);

function parseSort(raw: string | null): SortState<string> {
  const [column, direction] = (raw ?? '').split('.');
  if (!column || !COLUMN_KEY.test(column)) return unsorted.sort;
  return { column, direction: direction === 'desc' ? 'desc' : 'asc' };
}

function parseWhole(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

const ITEM_FILTERS = ['device', 'browser', 'album', 'song'] as const;

/**
 * The filters with one set (or removed: `undefined`). An album and a song replace each other: a
 * song lies in one album, so both together are the song alone or nothing at all (a song picked
 * instead in 'Zamjene' is often of another album); a click on either means "by this one".
 */
export function withFilter<K extends ItemFilterName>(
  filters: ItemFilters,
  name: K,
  value: ItemFilters[K] | undefined,
): ItemFilters {
  const next = { ...filters };
  if (value === undefined) delete next[name];
  else {
    next[name] = value;
    if (name === 'album') delete next.song;
    if (name === 'song') delete next.album;
  }
  return next;
}

/** The device, browser, album and song filters of an address (malformed ones left out). */
function itemFilters(params: URLSearchParams): ItemFilters {
  const { mode: _mode, ...filters } = readFilters((name) => params.get(name));
  return filters;
}

/** The view an address asks for (its `search` part, with or without '?'). */
export function parseView(search: string): DashboardView {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  const tables = Object.fromEntries(
    TABLES.map((id) => [
      id,
      {
        sort: parseSort(params.get(`sort-${id}`)),
        page: (parseWhole(params.get(`page-${id}`), 1, MAX_MIN_OCCURRENCES) ?? 1) - 1,
      },
    ]),
  ) as Record<TableId, TableView>;
  const size = parseWhole(params.get('size'), 1, 1000);
  const unshown = params.get('unshown');
  const mode = params.get('mode');
  return {
    tab: isTab(tab) ? tab : defaultView.tab,
    range: parseRange(params),
    tables,
    lyrics: {
      query: (params.get('q') ?? '').slice(0, MAX_QUERY),
      minOccurrences: parseWhole(params.get('min'), 0, MAX_MIN_OCCURRENCES) ?? 0,
      unshown: unshown === 'show' || unshown === 'hide' ? unshown : 'auto',
      pageSize: PAGE_SIZES.find((s) => s === size) ?? DEFAULT_PAGE_SIZE,
    },
    scoreMode: SCORE_MODES.find((m) => m === mode) ?? defaultView.scoreMode,
    filters: itemFilters(params),
    trendGroup: TREND_GROUPS.find((g) => g === params.get('group')) ?? defaultView.trendGroup,
  };
}

/** The address form of a view: '?…' with the values that differ from the defaults, or ''. */
export function serializeView(view: DashboardView): string {
  const params = new URLSearchParams();
  if (view.tab !== defaultView.tab) params.set('tab', view.tab);
  writeRange(params, view.range);
  for (const id of TABLES) {
    const { sort, page } = view.tables[id];
    if (sort.column) params.set(`sort-${id}`, `${sort.column}.${sort.direction}`);
    if (page > 0) params.set(`page-${id}`, String(page + 1));
  }
  const { query, minOccurrences, unshown, pageSize } = view.lyrics;
  if (query.trim()) params.set('q', query);
  if (minOccurrences > 0) params.set('min', String(minOccurrences));
  if (unshown !== 'auto') params.set('unshown', unshown);
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(pageSize));
  if (view.scoreMode !== defaultView.scoreMode) params.set('mode', view.scoreMode);
  for (const name of ITEM_FILTERS) {
    const value = view.filters[name];
    if (value !== undefined) params.set(name, String(value));
  }
  if (view.trendGroup !== defaultView.trendGroup) params.set('group', view.trendGroup);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The lyric table's row filter: never-shown lines hidden by default while sorted by percentage. */
export function lyricRowFilter(view: DashboardView): RowFilter {
  const { query, minOccurrences, unshown } = view.lyrics;
  const sortedByPercent = view.tables.stihovi.sort.column === PERCENT_COLUMN;
  return { query, minOccurrences, hideUnshown: unshown === 'auto' ? sortedByPercent : unshown === 'hide' };
}
