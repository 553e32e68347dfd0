import { type Static, Type as T } from '@sinclair/typebox';
import { BROWSER_FAMILIES, DEVICE_CLASSES } from '../devices';
import type { SCORE_MODES } from '../play-mode';

/**
 * The API contract of the statistics over time (docs/decisions/014): the
 * figures of a date range from running totals per day, a point per day, the
 * score distribution of a range, and the songs players confuse. Served by the dashboard's routes (a later issue);
 * computed today by src/ranges/range-reads.ts.
 */

export const IsoDate = T.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'A calendar day in the server’s time zone, YYYY-MM-DD.',
  examples: ['2026-11-23'],
});

const countsOf = (names: readonly string[], description: string) =>
  T.Object(
    Object.fromEntries(
      names.map((name) => [name, T.Integer({ minimum: 0, description: `Plays counted under \`${name}\`.` })]),
    ),
    { description },
  );

export const DaySeriesPoint = T.Object({
  day: IsoDate,
  plays: T.Integer({ description: 'Plays recorded that day.' }),
  players: T.Integer({ description: 'Distinct players that day.' }),
  newPlayers: T.Integer({ description: 'Players whose first recorded play was that day.' }),
  quizzesIssued: T.Integer({
    description: 'Quizzes handed out that day (free play and the daily challenge).',
  }),
  answers: T.Integer({ description: 'Answers given in the plays of that day.' }),
  correct: T.Integer({ description: 'Of those, right ones.' }),
});
export type DaySeriesPoint = Static<typeof DaySeriesPoint>;

export const RangeSummary = T.Object({
  from: IsoDate,
  to: IsoDate,
  days: T.Integer({ description: 'Days in the range, both ends included.' }),
  plays: T.Integer({ description: 'Plays recorded in the range.' }),
  players: T.Integer({
    minimum: 0,
    description:
      'Distinct players with a play in the range, each counted once however many days they played (counted over the day memberships).',
  }),
  playerDays: T.Integer({
    description:
      'Sum over the days of the distinct players of each day: a player who played on three days counts three times. Distinct players of a whole range are not summable from per-day counters.',
  }),
  newPlayers: T.Integer({ description: 'Players whose first recorded play falls in the range (exact).' }),
  answers: T.Integer({ description: 'Answers given in the plays of the range.' }),
  correct: T.Integer({ description: 'Of those, right ones.' }),
  averageScore: T.Number({ description: 'Mean score of the plays in the range (two decimals).' }),
  accuracy: T.Number({ description: 'Correct answers / answers × 100 (two decimals).' }),
  quizzesIssued: T.Integer({ description: 'Quizzes fetched in the range.' }),
  completionRate: T.Union([T.Number(), T.Null()], {
    description:
      'Plays recorded / quizzes issued × 100 (one decimal); null when no quiz was issued. A quiz fetched before midnight and submitted after counts on two days.',
  }),
  byHour: T.Array(T.Integer(), { minItems: 24, maxItems: 24, description: 'Plays per hour of day 0–23.' }),
  byDevice: countsOf(DEVICE_CLASSES, 'Plays per device class.'),
  byBrowser: countsOf(BROWSER_FAMILIES, 'Plays per browser family.'),
});
export type RangeSummary = Static<typeof RangeSummary>;

export const DailySeries = T.Array(DaySeriesPoint, {
  description: 'One point per day of the range, zeros included (for trend charts).',
});
export type DailySeries = Static<typeof DailySeries>;

const RatingBandShare = T.Object({
  label: T.String({ examples: ['Odlično'], description: 'The band’s name, as the results page shows it.' }),
  min: T.Integer({ description: 'Lowest score of the band.' }),
  max: T.Integer({ description: 'Highest score of the band.' }),
  plays: T.Integer({ description: 'Plays of the range with a score in the band.' }),
  share: T.Number({ description: 'Percent of the plays of the range, one decimal.' }),
});

/** Which plays a score distribution counts (src/shared/play-mode.ts). */
const ScoreModeName = T.Union(
  [
    T.Literal('all'),
    T.Literal('easy'),
    T.Literal('normal'),
    T.Literal('hard'),
    T.Literal('daily'),
  ] as const satisfies { const: (typeof SCORE_MODES)[number] }[],
  {
    description:
      '`all`: every play, free and daily (as the summary counts them); `easy`, `normal`, `hard`: the free plays of that difficulty; `daily`: the daily challenge, ranked and practice plays.',
  },
);

export const ScoreDistribution = T.Object({
  from: IsoDate,
  to: IsoDate,
  difficulty: ScoreModeName,
  plays: T.Integer({ description: 'Plays of this difficulty in the range.' }),
  averageScore: T.Number({ description: 'Their mean score, two decimals.' }),
  histogram: T.Array(T.Integer(), { description: 'Plays per score 0–30.' }),
  bands: T.Array(RatingBandShare, {
    description: 'The five rating bands (Nedovoljno 0–10 … Odlično 26–30) and their shares.',
  }),
});
export type ScoreDistribution = Static<typeof ScoreDistribution>;

export const Confusion = T.Object({
  songId: T.Integer({ description: 'The right song.' }),
  songTitle: T.String({ description: 'Its title.' }),
  selectedSongId: T.Integer({ description: 'The wrong song picked instead.' }),
  selectedSongTitle: T.String({ description: 'Its title.' }),
  times: T.Integer({ description: 'How many times it was picked instead.' }),
});
export type Confusion = Static<typeof Confusion>;

export const LineConfusion = T.Composite([
  T.Object({
    lyricId: T.Integer({ description: 'The line asked.' }),
    lyric: T.String({ description: 'Its text.' }),
  }),
  Confusion,
]);
export type LineConfusion = Static<typeof LineConfusion>;
