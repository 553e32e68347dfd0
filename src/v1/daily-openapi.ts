import { type Static, Type as T } from '@sinclair/typebox';
import { DAY_PATTERN, DailyStreak } from '../shared/contracts/daily';
import { PLAY_LENGTH } from '../shared/rules';

/**
 * The daily challenge's statistics in API v1 (docs/decisions/034): the same reads as the
 * unversioned `/api/daily/*`, in the glossary's words (plays, line, answers, accuracy).
 * Request schemas are Elysia's `t` (validated), answers TypeBox's `T`.
 */

const day = (description: string) => T.String({ pattern: DAY_PATTERN, description });

const accuracy = T.Union([T.Number({ minimum: 0, maximum: 100 }), T.Null()], {
  description: 'correctAnswers / answers × 100, two decimals; null when never answered.',
});

export const DailyScorePercentile = T.Object(
  {
    day: day('The challenge day the percentile is of.'),
    score: T.Integer({ minimum: 0, maximum: PLAY_LENGTH, description: 'The score asked about.' }),
    percentile: T.Number({
      minimum: 0,
      maximum: 100,
      description: 'Share of the day’s ranked plays with a lower score, percent, one decimal.',
    }),
    samePercent: T.Number({
      minimum: 0,
      maximum: 100,
      description: 'Share of the day’s ranked plays with this score, percent, one decimal.',
    }),
    plays: T.Integer({ minimum: 0, description: 'Ranked plays of the day so far.' }),
  },
  {
    title: 'DailyScorePercentile',
    description: 'Where a score stands among the ranked plays of one day’s challenge.',
  },
);
export type DailyScorePercentile = Static<typeof DailyScorePercentile>;

export const DailyLineStats = T.Object(
  {
    lyricId: T.Integer({ description: 'The line’s id.' }),
    line: T.String({ description: 'The text of the line.' }),
    answers: T.Integer({ minimum: 0, description: 'Ranked plays that answered it.' }),
    correctAnswers: T.Integer({ minimum: 0, description: 'Of those, right ones.' }),
    accuracy,
  },
  { title: 'DailyLineStats', description: 'How one line of a challenge fared among its ranked plays.' },
);

export const DailyFigures = T.Object(
  {
    day: day('Today in the server’s time zone.'),
    number: T.Integer({ minimum: 1, description: 'Today’s challenge number.' }),
    plays: T.Integer({ minimum: 0, description: 'Ranked plays of today’s challenge.' }),
    averageScore: T.Number({
      minimum: 0,
      maximum: PLAY_LENGTH,
      description: 'Mean score of today’s ranked plays, two decimals; 0 without plays.',
    }),
    yesterdayHardestLine: T.Optional(DailyLineStats),
  },
  {
    title: 'DailyFigures',
    description:
      'Today’s challenge in figures, and `yesterdayHardestLine`: the line of yesterday’s challenge with the lowest accuracy among its ranked plays (ties: more answers first, then the lower id), absent when nobody played it.',
  },
);
export type DailyFigures = Static<typeof DailyFigures>;

export const PlayerStreak = DailyStreak;
