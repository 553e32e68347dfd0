import { useCallback, useEffect, useState } from 'react';
import type { TrendGroup } from '../../../src/shared/contracts/admin-range';
import type { ScoreMode } from '../../../src/shared/play-mode';
import type { RangeChoice } from '../../lib/date-range';
import { nextSort } from '../../lib/stats';
import {
  type DashboardView,
  defaultView,
  type LyricFilterView,
  parseView,
  serializeView,
  type TabId,
  type TableId,
  withFilter,
} from './dashboard-view';
import type { ItemFilterName, ItemFilters } from './filters/filter-context';

/** Every table back to its first page: another range or filter lists other rows. */
const firstPages = (tables: DashboardView['tables']) =>
  Object.fromEntries(
    Object.entries(tables).map(([id, t]) => [id, { ...t, page: 0 }]),
  ) as DashboardView['tables'];

/**
 * The dashboard's view (tab, sorts, pages, the lyric table's search and filters), read from the
 * address once hydrated and written back to it on every change (replaceState: the Back button
 * still leaves the dashboard rather than stepping through sorts).
 */
export function useDashboardView() {
  const [view, setView] = useState<DashboardView>(defaultView);
  const [restored, setRestored] = useState(false);

  // After hydration (the server rendered the defaults): the address decides.
  useEffect(() => {
    setView(parseView(location.search));
    setRestored(true);
  }, []);

  useEffect(() => {
    if (!restored) return;
    const search = serializeView(view);
    if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}`);
  }, [view, restored]);

  const setTab = useCallback((tab: TabId) => setView((v) => ({ ...v, tab })), []);

  /** Another range: every table back to its first page (the rows are others). */
  const setRange = useCallback(
    (range: RangeChoice) => setView((v) => ({ ...v, range, tables: firstPages(v.tables) })),
    [],
  );

  /** A header click: the sort cycle of docs/product.md#admin-dashboard, back to the first page. */
  const sortBy = useCallback(
    (table: TableId, column: string) =>
      setView((v) => ({
        ...v,
        tables: { ...v.tables, [table]: { sort: nextSort(v.tables[table].sort, column), page: 0 } },
      })),
    [],
  );

  const goToPage = useCallback(
    (table: TableId, page: number) =>
      setView((v) => ({ ...v, tables: { ...v.tables, [table]: { ...v.tables[table], page } } })),
    [],
  );

  /** A change of the lyric table's search or filters shows its first page. */
  const filterLyrics = useCallback(
    (change: Partial<LyricFilterView>) =>
      setView((v) => ({
        ...v,
        lyrics: { ...v.lyrics, ...change },
        tables: { ...v.tables, stihovi: { ...v.tables.stihovi, page: 0 } },
      })),
    [],
  );

  const setScoreMode = useCallback(
    (scoreMode: ScoreMode) => setView((v) => ({ ...v, scoreMode, tables: firstPages(v.tables) })),
    [],
  );
  const setFilter = useCallback(
    <K extends ItemFilterName>(name: K, value: ItemFilters[K] | undefined) =>
      setView((v) => ({ ...v, filters: withFilter(v.filters, name, value), tables: firstPages(v.tables) })),
    [],
  );
  const setTrendGroup = useCallback((trendGroup: TrendGroup) => setView((v) => ({ ...v, trendGroup })), []);

  return {
    view,
    restored,
    setTab,
    setRange,
    sortBy,
    goToPage,
    filterLyrics,
    setScoreMode,
    setFilter,
    setTrendGroup,
  };
}
