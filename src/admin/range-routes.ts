import { Elysia } from 'elysia';
import { csvResponse } from '../http/csv-response';
import { type OperationSpec, operation } from '../openapi/contract';
import {
  getAdminConfusions,
  getAdminDaily,
  getAdminDevices,
  getAdminHourlyPlayers,
  getAdminScores,
  getAdminSummary,
} from '../ranges/admin-range';
import { type RangeDeps, statsFor } from '../ranges/filter-params';
import { exportCsv } from './export';
import {
  type AdminRead,
  ConfusionsQuery,
  confusionsRead,
  DailyQuery,
  devicesRead,
  EXPORT_TABLES,
  exportRead,
  HourlyPlayersQuery,
  hourlyPlayersRead,
  RangeQuery,
  ScoresQuery,
  SummaryQuery,
  scoresRead,
  summaryRead,
  trendRead,
} from './range-operations';

/** An unversioned admin read's contract: its name, and the v1 operation that replaces it. */
const v0 = (operationId: string, read: AdminRead, successor: OperationSpec['successor']) =>
  operation({ operationId, access: 'admin', ...read, successor });
const v1 = (operationId: string, path: string) => ({ operationId, path: `/api/v1/admin${path}` });

/**
 * The admin dashboard's range reads and CSV exports (docs/decisions/019), mounted inside the
 * admin routes (Basic auth, no-store). Thin: each calls one service function; the queries and
 * contracts are src/admin/range-operations.ts's, shared with API v1.
 */
export const adminRangeRoutes = (deps: RangeDeps) => {
  const { stats, today } = deps;
  /** The read store of a query: the counters, or the filtered reads (src/ranges/filter-params.ts). */
  const scoped = (query: Parameters<typeof statsFor>[1]) => statsFor(deps, query, today());
  return new Elysia()
    .get('/stats/summary', async ({ query }) => getAdminSummary(await scoped(query), query, today()), {
      query: SummaryQuery,
      detail: v0('getAdminSummary', summaryRead, v1('getAdminStatsSummary', '/stats/summary')),
    })
    .get('/stats/daily', async ({ query }) => getAdminDaily(await scoped(query), query, today()), {
      query: DailyQuery,
      detail: v0('getAdminDaily', trendRead, v1('getAdminTrend', '/stats/trend')),
    })
    .get('/stats/scores', async ({ query }) => getAdminScores(stats, query, today(), await scoped(query)), {
      query: ScoresQuery,
      detail: v0('getAdminScores', scoresRead, v1('getAdminScoreDistribution', '/stats/scores')),
    })
    .get('/stats/confusions', async ({ query }) => getAdminConfusions(await scoped(query), query, today()), {
      query: ConfusionsQuery,
      detail: v0('getAdminConfusions', confusionsRead, v1('getAdminStatsConfusions', '/stats/confusions')),
    })
    .get('/stats/hourly-players', async ({ query }) => getAdminHourlyPlayers(await scoped(query)), {
      query: HourlyPlayersQuery,
      detail: v0(
        'getAdminHourlyPlayers',
        hourlyPlayersRead,
        v1('getAdminPlayersByHour', '/stats/players-by-hour'),
      ),
    })
    .get('/stats/devices', async ({ query }) => getAdminDevices(await scoped(query), query, today()), {
      query: RangeQuery,
      detail: v0('getAdminDevices', devicesRead, v1('getAdminStatsDevices', '/stats/devices')),
    })
    .use(exportRoutes(deps));
};

/** `lyrics` → `Lyrics`: the part of an export's operation id that names its table. */
export const tableName = (table: string) => `${table[0]!.toUpperCase()}${table.slice(1)}`;

const exportRoutes = (deps: RangeDeps) => {
  let app = new Elysia();
  for (const table of EXPORT_TABLES) {
    const { query, ...read } = exportRead(table);
    app = app.get(
      `/export/${table}.csv`,
      async ({ query }) =>
        csvResponse(await exportCsv(await statsFor(deps, query, deps.today()), table, query, deps.today())),
      {
        query,
        detail: v0(
          `exportAdmin${tableName(table)}Csv`,
          read,
          v1(`downloadAdmin${tableName(table)}Csv`, `/exports/${table}.csv`),
        ),
      },
    ) as unknown as Elysia;
  }
  return app;
};
