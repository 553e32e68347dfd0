import { dayParam, percentileInvalid, SESSION_MESSAGE, sessionIdParam } from '../daily/openapi';
import { headers, responses, validationFailed } from '../openapi/components';
import { operation } from '../openapi/contract';
import { ifNoneMatch, scoreParam } from '../stats/openapi';
import { DailyFigures, DailyScorePercentile, PlayerStreak } from './daily-openapi';

/** The contracts of the daily challenge's statistics in API v1 (docs/decisions/034). */

const TAGS = ['Daily challenge (v1)'];

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
    422: { ...percentileInvalid, description: `${percentileInvalid.description} Nothing was done.` },
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
