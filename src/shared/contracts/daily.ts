import { type Static, Type as T } from '@sinclair/typebox';
import { PLAY_LENGTH } from '../rules';
import { QuizQuestions, questionExample } from './quiz';

/** The API contract of the daily challenge (docs/decisions/021-daily-challenge.md). */

export const DAY_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const day = (description: string) => T.String({ pattern: DAY_PATTERN, description });

export const DailyChallenge = T.Object(
  {
    day: day(
      'The calendar day of the challenge in the server’s time zone (`timeZone` of `GET /api/v1/meta`).',
    ),
    number: T.Integer({
      minimum: 1,
      description: 'The challenge number: 1 on the first day the server ran, one more each day.',
    }),
    endsAt: T.String({
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$',
      description:
        'When the next challenge starts (the next midnight in the server’s time zone), as an ISO 8601 UTC instant.',
    }),
    questions: QuizQuestions,
  },
  {
    description:
      'Today’s challenge: the same lines and options, in the same order, for every caller all day.',
    examples: [
      {
        day: '2026-11-23',
        number: 12,
        endsAt: '2026-11-23T23:00:00.000Z',
        questions: [questionExample],
      },
    ],
  },
);
export type DailyChallenge = Static<typeof DailyChallenge>;

export const DailyPercentile = T.Object(
  {
    day: day('The challenge day the percentile is of.'),
    percentile: T.Number({
      minimum: 0,
      maximum: 100,
      description: 'Share of the day’s ranked plays with a strictly lower score, in percent, one decimal.',
    }),
    samePercent: T.Number({
      minimum: 0,
      maximum: 100,
      description: 'Share of the day’s ranked plays with exactly this score, in percent, one decimal.',
    }),
    rankedPlays: T.Integer({ minimum: 0, description: 'Ranked plays of the day so far.' }),
  },
  {
    description: 'Where a score stands among the ranked plays of one day’s challenge.',
    examples: [{ day: '2026-11-23', percentile: 71.2, samePercent: 8.5, rankedPlays: 59 }],
  },
);
export type DailyPercentile = Static<typeof DailyPercentile>;

export const DailyStreak = T.Object(
  {
    today: day('Today in the server’s time zone.'),
    playedToday: T.Boolean({ description: 'The session has a ranked play today.' }),
    current: T.Integer({
      minimum: 0,
      description:
        'Consecutive days with a ranked play ending today, or yesterday when today is not played yet.',
    }),
    best: T.Integer({ minimum: 0, description: 'The longest run of consecutive days with a ranked play.' }),
    days: T.Array(day('A day with a ranked play.'), {
      description: `The days with a ranked play in the last ${366} days, latest first.`,
    }),
  },
  {
    description: 'The ranked daily plays of one session id, as the server recorded them.',
    examples: [
      {
        today: '2026-11-23',
        playedToday: true,
        current: 3,
        best: 5,
        days: ['2026-11-23', '2026-11-22', '2026-11-21'],
      },
    ],
  },
);
export type DailyStreak = Static<typeof DailyStreak>;

export const DailyHardestLine = T.Object(
  {
    lyricId: T.Integer({ description: 'The line.' }),
    text: T.String({ description: 'Its text.' }),
    occurrences: T.Integer({ minimum: 0, description: 'Ranked plays that answered it.' }),
    correctAnswers: T.Integer({ minimum: 0, description: 'Of those, right answers.' }),
  },
  { description: 'The line of a challenge with the lowest share of right answers among its ranked plays.' },
);
export type DailyHardestLine = Static<typeof DailyHardestLine>;

export const DailySummary = T.Object(
  {
    day: day('Today in the server’s time zone.'),
    number: T.Integer({ minimum: 1, description: 'Today’s challenge number.' }),
    rankedPlays: T.Integer({ minimum: 0, description: 'Ranked plays of today’s challenge.' }),
    averageScore: T.Number({
      minimum: 0,
      maximum: PLAY_LENGTH,
      description: 'Mean score of today’s ranked plays (two decimals; 0 without plays).',
    }),
    yesterdayHardestLine: T.Optional(DailyHardestLine),
  },
  {
    description:
      'Today’s challenge in figures, and the hardest line of yesterday’s (absent when nobody played it).',
    examples: [
      {
        day: '2026-11-23',
        number: 12,
        rankedPlays: 59,
        averageScore: 21.47,
        yesterdayHardestLine: {
          lyricId: 812,
          text: 'Ni vjetar ne zna kud',
          occurrences: 64,
          correctAnswers: 9,
        },
      },
    ],
  },
);
export type DailySummary = Static<typeof DailySummary>;
