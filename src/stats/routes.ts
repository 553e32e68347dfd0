import { Elysia } from 'elysia';
import type { RateLimits } from '../http/rate-limit';
import type { CachedStatsJson, ReadCaching } from './cached-reads';
import { jsonResponse } from './cached-reads';
import {
  getLineResultsOperation,
  getScorePercentileOperation,
  LineResultsQuery,
  PercentileParams,
  PercentileQuery,
} from './model';
import { statisticsReadRoutes } from './read-routes';

export interface StatsRoutesDeps {
  statsJson: CachedStatsJson;
  limits: RateLimits;
  /** How public statistics answers may be cached (STATS_CACHE_MAX_AGE_SECONDS, CORS's Vary). */
  caching: ReadCaching;
}

/** The percentile and the public statistics. */
export const statsRoutes = ({ statsJson, limits, caching }: StatsRoutesDeps) =>
  new Elysia({ name: 'stats-routes', prefix: '/api', detail: { tags: ['Statistics'] } })
    .use(limits)
    .get(
      '/score-percentile/:score',
      ({ params, query, request, set }) =>
        jsonResponse(statsJson.percentile(params.score, query.difficulty), { request, set }, caching),
      { params: PercentileParams, query: PercentileQuery, detail: getScorePercentileOperation },
    )
    .get(
      '/stats/lines',
      ({ query }) => statsJson.lines([...new Set(String(query.ids).split(',').map(Number))]),
      {
        query: LineResultsQuery,
        detail: getLineResultsOperation,
      },
    )
    .use(statisticsReadRoutes(statsJson, { access: 'public', caching }));
