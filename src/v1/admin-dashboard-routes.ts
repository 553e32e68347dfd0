import { Elysia } from 'elysia';
import { type AnnotationRoutesDeps, annotationRoutes } from '../admin/annotations/routes';
import { listAnnotations } from '../admin/annotations/service';
import { exportCsv } from '../admin/export';
import { liveRoutes } from '../admin/live/routes';
import type { LiveStream } from '../admin/live/stream';
import { exampleConfusions, exampleDaily, exampleSummary } from '../admin/range-examples';
import {
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
} from '../admin/range-operations';
import { tableName } from '../admin/range-routes';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { csvResponse } from '../http/csv-response';
import { PartyExportQuery } from '../party/admin-routes';
import { exportPartyGameCsv, getPartyHardLines, listPartyGames } from '../party/admin-service';
import {
  getAdminConfusions,
  getAdminDaily,
  getAdminDevices,
  getAdminHourlyPlayers,
  getAdminScores,
  getAdminSummary,
} from '../ranges/admin-range';
import { type RangeDeps, statsFor } from '../ranges/filter-params';
import type { PartyStore } from '../storage/contract';
import { Confusions, LiveGamePageQuery, StatsSummary, Trend } from './admin-dashboard-openapi';
import {
  AnnotationPageQuery,
  downloadAdminLiveGameCsvOperation,
  exportOperation,
  getAdminLiveGameLinesOperation,
  listAdminAnnotationsOperation,
  listAdminLiveGamesOperation,
  v1Read,
} from './admin-dashboard-operations';
import { toConfusions, toLiveGameLines, toStatsSummary, toTrend } from './admin-dashboard-service';
import { plainPage } from './service';

export interface V1DashboardDeps {
  range: RangeDeps;
  party: { store: PartyStore; catalogue: () => CatalogueIndex };
  live: LiveStream;
  annotations: AnnotationRoutesDeps;
}

/**
 * The dashboard's reads in API v1 (docs/decisions/034), mounted behind the admin guard at
 * /api/v1/admin (src/admin/routes.ts): the same services and queries as the unversioned
 * /api/admin/* (src/admin/range-operations.ts), the answers in the glossary's words.
 */
export function v1DashboardRoutes({ range, party, live, annotations }: V1DashboardDeps) {
  const { stats, today } = range;
  /** The read store of a query: the counters, or the filtered reads (src/ranges/filter-params.ts). */
  const scoped = (query: Parameters<typeof statsFor>[1]) => statsFor(range, query, today());
  let app = new Elysia({ name: 'v1-dashboard-routes' })
    .get(
      '/stats/summary',
      async ({ query }) => toStatsSummary(await getAdminSummary(await scoped(query), query, today())),
      {
        query: SummaryQuery,
        detail: v1Read('getAdminStatsSummary', summaryRead, {
          schema: StatsSummary,
          example: toStatsSummary(exampleSummary),
        }),
      },
    )
    .get(
      '/stats/trend',
      async ({ query }) => toTrend(await getAdminDaily(await scoped(query), query, today())),
      {
        query: DailyQuery,
        detail: v1Read('getAdminTrend', trendRead, { schema: Trend, example: toTrend(exampleDaily) }),
      },
    )
    .get('/stats/scores', async ({ query }) => getAdminScores(stats, query, today(), await scoped(query)), {
      query: ScoresQuery,
      detail: v1Read('getAdminScoreDistribution', scoresRead),
    })
    .get(
      '/stats/confusions',
      async ({ query }) => toConfusions(await getAdminConfusions(await scoped(query), query, today())),
      {
        query: ConfusionsQuery,
        detail: v1Read('getAdminStatsConfusions', confusionsRead, {
          schema: Confusions,
          example: toConfusions(exampleConfusions),
        }),
      },
    )
    .get('/stats/players-by-hour', async ({ query }) => getAdminHourlyPlayers(await scoped(query)), {
      query: HourlyPlayersQuery,
      detail: v1Read('getAdminPlayersByHour', hourlyPlayersRead),
    })
    .get('/stats/devices', async ({ query }) => getAdminDevices(await scoped(query), query, today()), {
      query: RangeQuery,
      detail: v1Read('getAdminStatsDevices', devicesRead),
    })
    .get(
      '/live-games',
      async ({ query, set }) =>
        plainPage((await listPartyGames(party.store)).games, query, {
          path: '/api/v1/admin/live-games',
          setLink: (link) => {
            set.headers.link = link;
          },
        }),
      { query: LiveGamePageQuery, detail: listAdminLiveGamesOperation },
    )
    .get(
      '/annotations',
      async ({ query, set }) => {
        const { annotations: notes, ...range } = await listAnnotations(
          annotations.store,
          annotations.stats,
          query,
          annotations.today(),
        );
        const page = plainPage(notes, query, {
          path: '/api/v1/admin/annotations',
          extra: range,
          setLink: (link) => {
            set.headers.link = link;
          },
        });
        return { ...range, ...page };
      },
      { query: AnnotationPageQuery, detail: listAdminAnnotationsOperation },
    )
    .get(
      '/live-games/lines',
      async () => toLiveGameLines(await getPartyHardLines(party.store, party.catalogue())),
      {
        detail: getAdminLiveGameLinesOperation,
      },
    )
    .get(
      '/live-games/export.csv',
      async ({ query }) => csvResponse(await exportPartyGameCsv(party.store, query.game)),
      { query: PartyExportQuery, detail: downloadAdminLiveGameCsvOperation },
    )
    .use(liveRoutes(live, 'v1'))
    .use(annotationRoutes(annotations, 'v1'));
  for (const table of EXPORT_TABLES)
    app = app.get(
      `/exports/${table}.csv`,
      async ({ query }) => csvResponse(await exportCsv(await scoped(query), table, query, today())),
      {
        query: exportRead(table).query,
        detail: exportOperation(`downloadAdmin${tableName(table)}Csv`, table),
      },
    ) as unknown as typeof app;
  return app;
}
