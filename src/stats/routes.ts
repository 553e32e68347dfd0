import { Elysia } from 'elysia';
import type { RateLimits } from '../http/rate-limit';
import { SubmitBody, SubmitResult } from '../shared/contracts/quiz';
import type { Difficulty } from '../shared/difficulty';
import type { RecordOutcome } from '../storage/contract';
import type { CachedStatsJson, ReadCaching } from './cached-reads';
import { jsonResponse } from './cached-reads';
import {
  getLineResultsOperation,
  getScorePercentileOperation,
  LineResultsQuery,
  PercentileParams,
  PercentileQuery,
  submitQuizOperation,
} from './model';
import { statisticsReadRoutes } from './read-routes';

export interface StatsRoutesDeps {
  submit: (body: SubmitBody) => Promise<RecordOutcome & { difficulty: Difficulty }>;
  statsJson: CachedStatsJson;
  limits: RateLimits;
  /** How public statistics answers may be cached (STATS_CACHE_MAX_AGE_SECONDS, CORS's Vary). */
  caching: ReadCaching;
}

/** Submitting plays, the percentile and the public statistics. */
export const statsRoutes = ({ submit, statsJson, limits, caching }: StatsRoutesDeps) =>
  new Elysia({ name: 'stats-routes', prefix: '/api', detail: { tags: ['Statistics'] } })
    .use(limits)
    .post(
      '/stats/submit-quiz',
      async ({ body }) => {
        const { duplicate: _, ...result } = await submit(body);
        return result;
      },
      {
        rateLimit: 'submit',
        body: SubmitBody,
        // The global body parser reads the body; this names the content type.
        parse: 'json',
        response: { 200: SubmitResult },
        detail: submitQuizOperation,
      },
    )
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
