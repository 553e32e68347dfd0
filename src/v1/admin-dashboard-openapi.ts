import { type Static, Type as T } from '@sinclair/typebox';
import { t } from 'elysia';
import { Annotation } from '../shared/contracts/admin-annotations';
import { AdminConfusions, AdminDaily, AdminSummary, TrendPoint } from '../shared/contracts/admin-range';
import { PartyGameSummary, PartyHardLines } from '../shared/contracts/party-admin';
import { Confusion, IsoDate, RangeSummary } from '../shared/contracts/time-series';
import { limitParam, offsetParam, pageSchema } from './openapi';

/**
 * The dashboard's reads in API v1 (docs/decisions/034): the unversioned answers in the glossary's
 * words. Derived from the unversioned schemas, only the drifting names replaced (`correct` →
 * `correctAnswers`, `lyric` → `line`, `song` → `songTitle`, `shown` → `answers`, `percentage` →
 * `accuracy`), so a figure added there is added here.
 */

const correctAnswers = T.Integer({ minimum: 0, description: 'Of those answers, right ones.' });

const { correct: _rangeCorrect, ...rangeStats } = RangeSummary.properties;
export const RangeStats = T.Object(
  { ...rangeStats, correctAnswers },
  { title: 'RangeStats', description: 'The dashboard cards of one period.' },
);
export type RangeStats = Static<typeof RangeStats>;

const { current: _current, previous: _previous, ...summaryRest } = AdminSummary.properties;
export const StatsSummary = T.Object(
  {
    ...summaryRest,
    current: RangeStats,
    previous: RangeStats,
  },
  {
    title: 'StatsSummary',
    description:
      'The dashboard cards of a range (`current`) and of the period `comparison` names (`previous`, for the change shown on the cards).',
  },
);
export type StatsSummary = Static<typeof StatsSummary>;

const { correct: _pointCorrect, ...pointRest } = TrendPoint.properties;
export const TrendPointV1 = T.Object(
  { ...pointRest, correctAnswers },
  { title: 'TrendPoint', description: 'A day, week or month of the trend.' },
);
export type TrendPointV1 = Static<typeof TrendPointV1>;

const { points: _points, previous: comparedPeriod, ...trendRest } = AdminDaily.properties;
const { points: _comparedPoints, ...comparedRest } = comparedPeriod.properties;
export const Trend = T.Object(
  {
    ...trendRest,
    points: T.Array(TrendPointV1, {
      description: 'One point per day, week or month of the range, zeros included.',
    }),
    previous: T.Optional(
      T.Object(
        {
          ...comparedRest,
          points: T.Array(TrendPointV1, {
            description:
              'Point i covers as many days, as many days after the compared period’s start, as point i of `points` after `from`.',
          }),
        },
        {
          title: 'ComparedTrend',
          description:
            'With `compare`: the compared period grouped like the range (the trend chart’s second line).',
        },
      ),
    ),
  },
  {
    title: 'Trend',
    description:
      'The trend of a range: one point per day, week or month, zeros included, and the compared period’s.',
  },
);
export type Trend = Static<typeof Trend>;

export const SongConfusion = T.Object(Confusion.properties, {
  title: 'SongConfusion',
  description: 'A wrong song picked instead of the right one, and how often.',
});
export const LineConfusion = T.Object(
  {
    lyricId: T.Integer({ description: 'The line asked.' }),
    line: T.String({ description: 'The text of the line.' }),
    ...Confusion.properties,
  },
  { title: 'LineConfusion', description: 'A wrong song picked for one line, and how often.' },
);

const { confusions: _confusions, ...confusionsRest } = AdminConfusions.properties;
export const Confusions = T.Object(
  {
    ...confusionsRest,
    confusions: T.Array(T.Union([LineConfusion, SongConfusion]), {
      description: 'Most picked first: `LineConfusion`s with scope `lyric`, `SongConfusion`s otherwise.',
    }),
  },
  { title: 'Confusions', description: 'The wrong songs players pick instead of the right one.' },
);
export type Confusions = Static<typeof Confusions>;

export const LiveGame = T.Object(PartyGameSummary.properties, {
  title: 'LiveGame',
  description: 'A finished Kviz uživo game.',
});
export const LiveGamePage = pageSchema(LiveGame, 'LiveGamePage');

const hardLine = PartyHardLines.properties.lines.items.properties;
export const LiveGameLine = T.Object(
  {
    lyricId: hardLine.lyricId,
    line: hardLine.lyric,
    songTitle: hardLine.song,
    games: hardLine.games,
    answers: T.Integer({ minimum: 0, description: 'Players of those games who were shown the line.' }),
    correctAnswers: T.Integer({ minimum: 0, description: 'Of those, right answers.' }),
    accuracy: T.Number({ minimum: 0, maximum: 100, description: 'correctAnswers / answers × 100.' }),
  },
  { title: 'LiveGameLine', description: 'How one line fared in Kviz uživo games.' },
);
export const LiveGameLines = T.Object(
  { lines: T.Array(LiveGameLine, { description: 'The lines, lowest accuracy first (at most 20).' }) },
  {
    title: 'LiveGameLines',
    description:
      'The hardest lines of Kviz uživo: shown to at least 5 players of live games, lowest accuracy first.',
  },
);
export type LiveGameLines = Static<typeof LiveGameLines>;

export const liveGamePageParams = [limitParam, offsetParam] as const;
export const LiveGamePageQuery = t.Object({
  limit: t.Optional(limitParam.validator),
  offset: t.Optional(offsetParam.validator),
});

const annotationPage = pageSchema(Annotation, 'AnnotationPage');
export const AnnotationPage = T.Object(
  {
    from: { ...IsoDate, description: 'The first day of the range, as applied (defaults filled in).' },
    to: { ...IsoDate, description: 'The last day of the range, as applied.' },
    ...annotationPage.properties,
  },
  {
    title: 'AnnotationPage',
    description: `The notes of a range, by day, then in the order added; one page at a time. ${annotationPage.description}`,
  },
);
