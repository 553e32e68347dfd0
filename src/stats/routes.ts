import { Elysia } from 'elysia';
import type { RateLimits } from '../http/rate-limit';
import { ErrorBody } from '../shared/contracts/error';
import { SubmitBody, SubmitResult } from '../shared/contracts/quiz';
import { Percentile } from '../shared/contracts/stats';
import type { CachedStatsJson } from './cached-reads';
import { jsonResponse } from './cached-reads';
import { PercentileParams } from './model';
import { statisticsReadRoutes } from './read-routes';
import type { RecordOutcome } from './store';

export interface StatsRoutesDeps {
  submit: (body: SubmitBody) => Promise<RecordOutcome>;
  statsJson: CachedStatsJson;
  limits: RateLimits;
}

/** Submitting plays, the percentile and the public statistics. */
export const statsRoutes = ({ submit, statsJson, limits }: StatsRoutesDeps) =>
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
        // The global body parser reads the body; this names the content type for the API docs.
        parse: 'json',
        response: {
          200: SubmitResult,
          400: ErrorBody,
          413: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
        detail: {
          tags: ['Quiz'],
          summary: 'Submit a play',
          description:
            'Records a finished play. The server grades every answer itself against the catalogue: the answers must cover exactly the lines of `quizToken`, ' +
            'once each, and `isCorrect`, `score` and `totalQuestions` must agree with the grading; otherwise 422 names the field that differs and nothing is recorded. ' +
            'Only plays of 30 questions are recorded. Submitting the same token again answers 200 with the first result and records nothing.',
        },
      },
    )
    .get(
      '/score-percentile/:score',
      ({ params, request }) => jsonResponse(statsJson.percentile(params.score), request),
      {
        params: PercentileParams,
        response: { 200: Percentile, 422: ErrorBody },
        detail: {
          summary: 'Percentile of a score',
          description:
            'Share of recorded plays (including the player’s own) with a strictly lower score, and the number of recorded plays.',
        },
      },
    )
    .use(
      statisticsReadRoutes(statsJson, {
        hourly: false,
        describe: {
          overview: 'Totals of all recorded plays.',
          lyrics: 'Every line of the catalogue; a line never shown has 0 occurrences.',
        },
      }),
    );
