import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import {
  getRangeAlbums,
  getRangeHourly,
  getRangeLyrics,
  getRangeSongs,
  hasRange,
  type RangeParams,
  resolveRange,
} from '../ranges/admin-range';
import type { DayRange } from '../ranges/range-reads';
import type { AlbumStat, HourlyStat, LyricStat, SongStat } from '../shared/contracts/stats';
import { RangeQueryParams } from '../stats/openapi';
import type { StatsStore } from '../storage/contract';
import type { Day } from '../time/day';
import {
  getAdminHourStatsOperation,
  getAdminStatsOverviewOperation,
  listAdminAlbumStatsOperation,
  listAdminLineStatsOperation,
  listAdminSongStatsOperation,
} from './admin-operations';
import { type HourStats, RangePageQuery } from './openapi';
import {
  nextLink,
  type PageQuery,
  pageOf,
  pageQueryOf,
  toAlbumStats,
  toLineStats,
  toOverview,
  toSongStats,
} from './service';

export interface V1AdminDeps {
  stats: StatsStore;
  catalogue: () => CatalogueIndex;
  today: () => Day;
}

const PREFIX = '/api/v1/admin';

type Exchange = { set: { headers: Record<string, string | number> } };

/** A page of rows with the next page's Link (its range kept). */
function page<Row extends { occurrences: number; correctAnswers: number }, Item>(
  { set }: Exchange,
  rows: Row[],
  query: PageQuery,
  map: (row: Row) => Item,
  path: string,
  range: RangeParams,
) {
  const { items, total, next } = pageOf(rows, query);
  if (next) {
    const extra = Object.fromEntries(Object.entries(range).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    set.headers.link = nextLink(path, next, extra);
  }
  return { items: items.map(map), total, limit: query.limit, offset: query.offset };
}

const toHours = (rows: (HourlyStat | { hour: number; attempts: number })[]): { hours: HourStats[] } => ({
  hours: rows.map((row) => ({
    hour: row.hour,
    plays: row.attempts,
    ...('uniquePlayers' in row ? { players: row.uniquePlayers } : {}),
  })),
});

/**
 * The administrator's reads of API v1 (docs/decisions/034), mounted behind the admin guard at
 * /api/v1/admin (src/admin/routes.ts): all time, or a range of days when `from`/`to` are given.
 */
export function v1AdminRoutes({ stats, catalogue, today }: V1AdminDeps) {
  /** The rows of all time, or of the range the query names. */
  const rowsOf = async <Row>(
    query: RangeParams,
    allTime: () => Promise<Row[]>,
    inRange: (stats: StatsStore, range: DayRange) => Promise<Row[]>,
  ) => (hasRange(query) ? inRange(stats, await resolveRange(stats, query, today())) : allTime());
  const rangeOf = (query: RangeParams): RangeParams => ({ from: query.from, to: query.to });
  return new Elysia({ name: 'v1-admin-routes' })
    .get('/stats/overview', async () => toOverview(await stats.getOverview()), {
      detail: getAdminStatsOverviewOperation,
    })
    .get(
      '/stats/lines',
      async ({ query, set }) =>
        page(
          { set },
          await rowsOf<LyricStat>(query, () => stats.getLyricStats(), getRangeLyrics),
          pageQueryOf(query),
          toLineStats,
          `${PREFIX}/stats/lines`,
          rangeOf(query),
        ),
      { query: RangePageQuery, detail: listAdminLineStatsOperation },
    )
    .get(
      '/stats/songs',
      async ({ query, set }) =>
        page(
          { set },
          await rowsOf<SongStat>(query, () => stats.getSongStats(), getRangeSongs),
          pageQueryOf(query),
          toSongStats,
          `${PREFIX}/stats/songs`,
          rangeOf(query),
        ),
      { query: RangePageQuery, detail: listAdminSongStatsOperation },
    )
    .get(
      '/stats/albums',
      async ({ query, set }) =>
        page(
          { set },
          await rowsOf<AlbumStat>(query, () => stats.getAlbumStats(), getRangeAlbums),
          pageQueryOf(query),
          toAlbumStats(catalogue()),
          `${PREFIX}/stats/albums`,
          rangeOf(query),
        ),
      { query: RangePageQuery, detail: listAdminAlbumStatsOperation },
    )
    .get(
      '/stats/hours',
      async ({ query }) =>
        toHours(
          hasRange(query)
            ? await getRangeHourly(stats, await resolveRange(stats, query, today()))
            : await stats.getHourly(),
        ),
      { query: RangeQueryParams, detail: getAdminHourStatsOperation },
    );
}
