import { Elysia } from 'elysia';
import { encodeJson } from '../http/encoded-body';
import { keyedPerVersion } from '../http/keyed-cache';
import type { RateLimits } from '../http/rate-limit';
import type { CachedStatsJson, ReadCaching } from './cached-reads';
import { jsonResponse } from './cached-reads';
import {
  getLineResultsOperation,
  getScorePercentileOperation,
  LineResultsQuery,
  PercentileParams,
  PercentileQuery,
} from './openapi';
import { statisticsReadRoutes } from './read-routes';

export interface StatsRoutesDeps {
  statsJson: CachedStatsJson;
  limits: RateLimits;
  /** How public statistics answers may be cached (STATS_CACHE_MAX_AGE_SECONDS, CORS's Vary). */
  caching: ReadCaching;
  /** The statistics version: what the answers' caches are keyed on. */
  version: () => string;
}

/** The percentile and the public statistics. */
export const statsRoutes = ({ statsJson, limits, caching, version }: StatsRoutesDeps) => {
  // The lines of a play, per statistics version: cacheable like every public statistic (docs/decisions/034).
  const lines = keyedPerVersion(version, async (key) =>
    encodeJson(await statsJson.lines(key.split(',').map(Number))),
  );
  return new Elysia({ name: 'stats-routes', prefix: '/api', detail: { tags: ['Statistics'] } })
    .use(limits)
    .get(
      '/score-percentile/:score',
      ({ params, query, request, set }) =>
        jsonResponse(statsJson.percentile(params.score, query.difficulty), { request, set }, caching),
      { params: PercentileParams, query: PercentileQuery, detail: getScorePercentileOperation },
    )
    .get(
      '/stats/lines',
      ({ query, request, set }) => {
        const ids = [...new Set(String(query.ids).split(',').map(Number))];
        return jsonResponse(lines(ids.join(',')), { request, set }, caching);
      },
      {
        rateLimit: 'lines',
        query: LineResultsQuery,
        detail: getLineResultsOperation,
      },
    )
    .use(statisticsReadRoutes(statsJson, { access: 'public', caching }));
};
