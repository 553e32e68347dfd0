import { Type as T } from '@sinclair/typebox';
import { t } from 'elysia';
import { fieldError } from '../http/field-error';
import type { Param } from '../http/params';
import {
  errorExample,
  headers,
  limitedRouteHeaders,
  responses,
  validationFailed,
} from '../openapi/components';
import { operation, type ResponseSpec } from '../openapi/contract';
import {
  DAY_PATTERN,
  DailyChallenge,
  DailyPercentile,
  DailyStreak,
  DailySummary,
} from '../shared/contracts/daily';
import { PLAY_LENGTH, UUID_PATTERN } from '../shared/rules';
import { ifNoneMatch, scoreParam } from '../stats/openapi';

// Request schemas and contracts of the daily challenge's routes (docs/decisions/021).

export const DAY_MESSAGE = 'day must be a date YYYY-MM-DD, not after today';

export const dayParam = {
  name: 'day',
  in: 'query',
  required: false,
  description: 'A challenge day, `YYYY-MM-DD`, today or earlier (default: today in the server’s time zone).',
  validator: t.String({ pattern: DAY_PATTERN, error: fieldError('day', DAY_MESSAGE, 'invalid_range') }),
  schema: T.String({ pattern: DAY_PATTERN }),
  example: '2026-11-22',
} satisfies Param<'day'>;
export const DailyPercentileQuery = t.Object({ day: t.Optional(dayParam.validator) });
export const DailyPercentileParams = t.Object({ score: scoreParam.validator });

export const SESSION_MESSAGE = 'sessionId must be a UUID';
export const sessionIdParam = {
  name: 'sessionId',
  in: 'query',
  required: true,
  description: 'The player: the `sessionId` sent with the player’s submissions (a UUID).',
  validator: t.String({ pattern: UUID_PATTERN, error: fieldError('sessionId', SESSION_MESSAGE) }),
  schema: T.String({ pattern: UUID_PATTERN }),
  example: '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11',
} satisfies Param<'sessionId'>;
export const DailyStreakQuery = t.Object({ sessionId: sessionIdParam.validator });

/** A day's percentile refused: the one description of both versions. */
export const percentileInvalid: ResponseSpec = {
  description:
    'A parameter is invalid (`field` names it): `invalid_range` for `day`, `validation_failed` for `score`.',
  schema: validationFailed(DAY_MESSAGE, 'day').schema,
  examples: {
    day: {
      summary: 'A malformed, impossible or future day',
      value: errorExample('invalid_range', DAY_MESSAGE, 'day'),
    },
    score: {
      summary: 'A score out of range',
      value: validationFailed(`score must be an integer from 0 to ${PLAY_LENGTH}`, 'score').example,
    },
  },
};

const noStore = { 'Cache-Control': headers.CacheControlNoStore };
/** A public statistic: reusable for a few seconds, revalidated by its ETag. */
const cacheable = { ETag: headers.ETag, 'Cache-Control': headers.CacheControlPublic };

export const getDailyOperation = operation({
  operationId: 'getDailyChallenge',
  successor: { operationId: 'createDailyQuiz', path: '/api/v1/daily' },
  access: 'public',
  tags: ['Daily challenge'],
  summary: 'Today’s challenge',
  description:
    `The daily challenge: ${PLAY_LENGTH} lines with five songs each, the same lines, options and order for every caller during a calendar day in the server’s time zone, ` +
    'chosen from the day and a server secret (no line comes back within 60 days while the catalogue has enough lines). ' +
    'The `X-Quiz-Token` header is submitted as for free play (`submitQuiz`): the session’s first daily submission of the day is ranked, later ones are practice (`ranked: false`), ' +
    'and a token of a past day is never ranked.',
  responses: {
    200: {
      description: 'Today’s challenge and a token for this caller’s play of it.',
      schema: DailyChallenge,
      headers: { 'X-Quiz-Token': headers.QuizToken, ...noStore, ...limitedRouteHeaders },
      links: {
        submitQuiz: {
          operationId: 'submitQuiz',
          description: 'Submit the play: the `X-Quiz-Token` header goes into the body as `quizToken`.',
          requestBody: { quizToken: '$response.header.X-Quiz-Token' },
        },
      },
    },
    429: responses.RateLimited,
  },
});

export const getDailyPercentileOperation = operation({
  operationId: 'getDailyPercentile',
  successor: { operationId: 'getDailyScorePercentile', path: '/api/v1/daily/percentile/{score}' },
  access: 'public',
  tags: ['Daily challenge'],
  summary: 'Percentile of a score in a day’s challenge',
  description:
    'Share of the ranked plays of the day’s challenge (the player’s own included) with a strictly lower score, the share with the same score, and the number of ranked plays so far.',
  parameters: [scoreParam, dayParam],
  headers: [ifNoneMatch],
  responses: {
    200: {
      description: 'The percentile among the day’s ranked plays.',
      schema: DailyPercentile,
      headers: cacheable,
    },
    304: responses.NotModified,
    422: percentileInvalid,
  },
});

export const getDailyStreakOperation = operation({
  operationId: 'getDailyStreak',
  successor: { operationId: 'getPlayerStreak', path: '/api/v1/daily/streak' },
  access: 'public',
  tags: ['Daily challenge'],
  summary: 'Streak of a session',
  description:
    'The days on which this session id has a ranked daily play (the last 366 days) and the streaks they make: the server’s confirmation of what the browser keeps.',
  parameters: [sessionIdParam],
  responses: {
    200: { description: 'The session’s ranked days and streaks.', schema: DailyStreak, headers: noStore },
    422: validationFailed(SESSION_MESSAGE, 'sessionId'),
  },
});

export const getDailySummaryOperation = operation({
  operationId: 'getDailySummary',
  successor: { operationId: 'getDailyFigures', path: '/api/v1/daily/summary' },
  access: 'public',
  tags: ['Daily challenge'],
  summary: 'Today’s challenge in figures',
  description:
    'Ranked plays of today’s challenge, their mean score, and the line of yesterday’s challenge with the lowest share of right answers among its ranked plays (ties: more answers first, then the lower id).',
  headers: [ifNoneMatch],
  responses: {
    200: { description: 'The figures of the daily challenge.', schema: DailySummary, headers: cacheable },
    304: responses.NotModified,
  },
});

export { DailyChallenge, DailyPercentile, DailyStreak, DailySummary };
