import { Type as T } from '@sinclair/typebox';
import { Elysia } from 'elysia';
import type { RateLimits } from '../http/rate-limit';
import { ErrorBody } from '../shared/contracts/error';
import { SubmitBody, SubmitResult } from '../shared/contracts/quiz';
import { LineResult, Percentile } from '../shared/contracts/stats';
import type { CachedStatsJson } from './cached-reads';
import { jsonResponse } from './cached-reads';
import { LineResultsQuery, PercentileParams } from './model';
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
            'Share of recorded plays (including the player’s own) with a strictly lower score, the share with the same score, and the number of recorded plays.',
        },
      },
    )
    .get('/stats/lines', ({ query }) => statsJson.lines([...new Set(query.ids.split(',').map(Number))]), {
      query: LineResultsQuery,
      response: { 200: T.Array(LineResult), 422: ErrorBody },
      detail: {
        summary: 'Statistics of the lines of one play',
        description:
          'How all players answered the given lines (the review on the results page, read after the play was recorded, so it counts the play itself). ' +
          'The lines come back in the order asked, each once; ids that are no line of the catalogue are left out. ' +
          '`confusedWith`, the wrong song picked most often for a line, is present only when the server knows it.',
      },
    })
    .use(
      statisticsReadRoutes(statsJson, {
        hourly: false,
        describe: {
          overview: 'Totals of all recorded plays.',
          lyrics: 'Every line of the catalogue; a line never shown has 0 occurrences.',
        },
      }),
    );
