import { Type as T } from '@sinclair/typebox';
import { errorExample, headers, responses, validationFailed } from '../openapi/components';
import { operation } from '../openapi/contract';
import { PLAY_LENGTH } from '../shared/rules';
import {
  DAY_MESSAGE,
  DailyFigures,
  DailyScorePercentile,
  dayParam,
  PlayerStreak,
  SESSION_MESSAGE,
  scoreParam,
  sessionIdParam,
} from './daily-openapi';

/** The contracts of the daily challenge's statistics in API v1 (docs/decisions/034). */

const TAGS = ['Daily challenge (v1)'];

const ifNoneMatch = {
  name: 'If-None-Match',
  description: 'The `ETag` of an answer you hold: 304 with no body while the statistics have not changed.',
  schema: T.String(),
  example: '"pV0WZ3kq8Jm1b6Yv2xQx1A"',
};
const cacheable = { ETag: headers.ETag, 'Cache-Control': headers.CacheControlPublic };

export const getDailyScorePercentileOperation = operation({
  operationId: 'getDailyScorePercentile',
  access: 'public',
  tags: TAGS,
  summary: 'Where a score stands in a day’s challenge',
  description:
    'The share of the day’s ranked plays (the player’s own included) with a lower score and with the same score, and the number of ranked plays so far.',
  parameters: [scoreParam, dayParam],
  headers: [ifNoneMatch],
  responses: {
    200: {
      description: 'The percentile among the day’s ranked plays.',
      schema: DailyScorePercentile,
      headers: cacheable,
      example: { day: '2026-11-23', score: 24, percentile: 71.2, samePercent: 8.5, plays: 59 },
    },
    304: responses.NotModified,
    422: {
      description:
        'A parameter is invalid (`field` names it): `invalid_range` for `day`, `validation_failed` for `score`; nothing was done.',
      schema: validationFailed(DAY_MESSAGE, 'day').schema,
      examples: {
        day: {
          summary: 'A malformed, impossible or future day',
          value: errorExample('invalid_range', DAY_MESSAGE, 'day'),
        },
        score: {
          summary: 'A score out of range',
          value: errorExample(
            'validation_failed',
            `score must be an integer from 0 to ${PLAY_LENGTH}`,
            'score',
          ),
        },
      },
    },
  },
});

export const getPlayerStreakOperation = operation({
  operationId: 'getPlayerStreak',
  access: 'public',
  tags: TAGS,
  summary: 'A player’s daily streak',
  description:
    'The days on which this player has a ranked daily play (the last 366 days) and the streaks they make. Never cached: it changes with the player’s next play.',
  parameters: [sessionIdParam],
  responses: {
    200: {
      description: 'The player’s ranked days and streaks.',
      schema: PlayerStreak,
      headers: { 'Cache-Control': headers.CacheControlNoStore },
      example: {
        today: '2026-11-23',
        playedToday: true,
        current: 3,
        best: 5,
        days: ['2026-11-23', '2026-11-22', '2026-11-21'],
      },
    },
    422: validationFailed(SESSION_MESSAGE, 'sessionId'),
  },
});

export const getDailyFiguresOperation = operation({
  operationId: 'getDailyFigures',
  access: 'public',
  tags: TAGS,
  summary: 'Today’s challenge in figures',
  description:
    'Ranked plays of today’s challenge and their mean score, and the line of yesterday’s challenge with the lowest accuracy.',
  headers: [ifNoneMatch],
  responses: {
    200: {
      description: 'The figures of the daily challenge.',
      schema: DailyFigures,
      headers: cacheable,
      example: {
        day: '2026-11-23',
        number: 12,
        plays: 59,
        averageScore: 21.47,
        yesterdayHardestLine: {
          lyricId: 812,
          line: 'Ni vjetar ne zna kud',
          answers: 64,
          correctAnswers: 9,
          accuracy: 14.06,
        },
      },
    },
    304: responses.NotModified,
  },
});
