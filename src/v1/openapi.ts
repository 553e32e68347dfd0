import { type Static, Type as T } from '@sinclair/typebox';
import { t } from 'elysia';
import { fieldError } from '../http/field-error';
import { difficultyParam, enumParam, integerParam } from '../http/params';
import { DAY_PATTERN } from '../shared/contracts/daily';
import { DifficultyName, QUIZ_TOKEN_EXAMPLE } from '../shared/contracts/quiz';
import { DIFFICULTIES } from '../shared/difficulty';
import { difficultyOrders } from '../shared/ranking';
import { OPTIONS_PER_QUESTION, PLAY_LENGTH, QUIZ_MAX_COUNT, UUID_PATTERN } from '../shared/rules';

/**
 * The schemas of API v1 (docs/decisions/034): one quiz resource for free play and the daily
 * challenge, a submission the server grades, one vocabulary (the glossary of the document's
 * description), paged lists. Request schemas are Elysia's `t` (validated), answers TypeBox's `T`.
 */

const INSTANT = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$';
const instant = (description: string) => T.String({ pattern: INSTANT, description });

export const V1SongOption = T.Object(
  {
    songId: T.Integer({ description: 'The song’s id.' }),
    title: T.String({ description: 'The song’s title.' }),
  },
  { title: 'SongChoice', description: 'A song offered as the answer to a question.' },
);

export const V1Question = T.Object(
  {
    lyricId: T.Integer({ description: 'The line’s id: send it back as `answers[].lyricId`.' }),
    line: T.String({ description: 'The text of the line.' }),
    correctSongId: T.Integer({
      description: 'The song the line is from (a quiz is graded in the browser as it is played).',
    }),
    correctSongTitle: T.String({ description: 'The title of that song.' }),
    albumTitle: T.String({ description: 'The album of that song.' }),
    albumYear: T.Integer({ description: 'The year of that album.' }),
    options: T.Array(V1SongOption, {
      minItems: OPTIONS_PER_QUESTION,
      maxItems: OPTIONS_PER_QUESTION,
      description: `${OPTIONS_PER_QUESTION} distinct songs, the right one at a random position.`,
    }),
  },
  { title: 'QuizQuestion', description: 'A line to place, with the songs to choose from.' },
);

export const QuizMode = T.Union([T.Literal('free'), T.Literal('daily')], {
  description: '`free`: a new random quiz; `daily`: today’s challenge, the same for everyone all day.',
});

export const DailyInfo = T.Object(
  {
    day: T.String({ pattern: DAY_PATTERN, description: 'The challenge’s day in the server’s time zone.' }),
    number: T.Integer({
      minimum: 1,
      description: 'The challenge’s number: 1 on the first day, one more each day.',
    }),
    endsAt: instant('When the next challenge starts (the next midnight in the server’s time zone).'),
  },
  { title: 'DailyInfo', description: 'Which daily challenge a quiz is.' },
);

export const Quiz = T.Object(
  {
    token: T.String({
      minLength: 1,
      description:
        'The signed token of this play: send it back as `token` of the submission. It records once, until `expiresAt`.',
    }),
    expiresAt: instant('Until when the play can be submitted.'),
    difficulty: DifficultyName,
    mode: QuizMode,
    questions: T.Array(V1Question, { description: 'The questions, each line at most once.' }),
    daily: T.Optional(DailyInfo),
  },
  { title: 'Quiz', description: 'A quiz to play: free play or the daily challenge, in one shape.' },
);
export type Quiz = Static<typeof Quiz>;

const answer = {
  lyricId: T.Integer({ description: 'The line asked (`questions[].lyricId`).' }),
  selectedSongId: T.Integer({ description: 'The song the player chose: one of the options offered.' }),
};

export const PlayAnswer = T.Object(answer, {
  title: 'PlayAnswer',
  description: 'The answer to one question.',
});

export const PlaySubmission = T.Object(
  {
    token: T.String({ minLength: 1, maxLength: 4096, description: 'The `token` of the quiz played.' }),
    sessionId: T.String({
      pattern: UUID_PATTERN,
      description:
        'A random UUID the player keeps across plays: it tells players apart and ranks one daily play per player and day. Stored only as a salted hash.',
    }),
    answers: T.Array(PlayAnswer, {
      minItems: 1,
      maxItems: QUIZ_MAX_COUNT,
      description: 'One answer for each question of the quiz, each once, in any order.',
    }),
  },
  {
    title: 'PlaySubmission',
    description: `A finished play: the server grades it. Only plays of ${PLAY_LENGTH} questions are recorded.`,
  },
);
export type PlaySubmission = Static<typeof PlaySubmission>;

export const PlayResult = T.Object(
  {
    playId: T.Integer({ description: 'The recorded play’s id (the same when a submission is repeated).' }),
    score: T.Integer({
      minimum: 0,
      maximum: PLAY_LENGTH,
      description: 'Right answers, as graded by the server.',
    }),
    questionCount: T.Integer({ minimum: 1, description: 'Questions in the play.' }),
    difficulty: DifficultyName,
    mode: QuizMode,
    ranked: T.Optional(
      T.Boolean({
        description:
          'Daily plays only: `true` when the play counts in the day’s ranking (the player’s first daily play of the day), `false` when it was practice.',
      }),
    ),
  },
  { title: 'PlayResult', description: 'A recorded play.' },
);
export type PlayResult = Static<typeof PlayResult>;

export const Meta = T.Object(
  {
    apiVersion: T.String({ description: 'The version of this API (`1`); additions keep it.' }),
    serverVersion: T.String({ description: 'The version of the server software.' }),
    timeZone: T.String({
      description: 'The IANA time zone of days and hours (the daily challenge’s midnight).',
    }),
    playLength: T.Integer({ description: 'Questions of a play that can be recorded.' }),
    minimumPlaySeconds: T.Integer({
      minimum: 0,
      description:
        'A play submitted sooner after its quiz was fetched is recorded as of that earliest time (it counts no sooner).',
    }),
    tokenLifetimeSeconds: T.Integer({ minimum: 1, description: 'How long a quiz’s token can be submitted.' }),
    difficulties: T.Array(DifficultyName, { description: 'The difficulties a quiz can have.' }),
  },
  { title: 'Meta', description: 'The rules of this server.' },
);
export type Meta = Static<typeof Meta>;

const counted = {
  answers: T.Integer({ minimum: 0, description: 'Answers given to it in recorded plays.' }),
  correctAnswers: T.Integer({ minimum: 0, description: 'Of those, right ones.' }),
  accuracy: T.Union([T.Number({ minimum: 0, maximum: 100 }), T.Null()], {
    description: 'correctAnswers / answers × 100, two decimals; null when never answered.',
  }),
};

export const LineStats = T.Object(
  {
    lyricId: T.Integer({ description: 'The line’s id.' }),
    line: T.String({ description: 'The text of the line.' }),
    songId: T.Integer({
      description:
        'Its song’s id, as in the songs list. Added after v1’s first release (additions keep `apiVersion`): clients that do not know it ignore it.',
    }),
    songTitle: T.String({ description: 'Its song’s title.' }),
    albumId: T.Integer({
      description:
        'Its album’s id, as in the albums list. Added after v1’s first release (additions keep `apiVersion`): clients that do not know it ignore it.',
    }),
    albumTitle: T.String({ description: 'Its album.' }),
    albumYear: T.Integer({ description: 'Its album’s year.' }),
    ...counted,
  },
  { title: 'LineStats', description: 'How one line fared.' },
);
export type LineStats = Static<typeof LineStats>;

export const SongStats = T.Object(
  {
    songId: T.Integer({ description: 'The song’s id.' }),
    title: T.String({ description: 'The song’s title.' }),
    albumId: T.Integer({
      description:
        'Its album’s id, as in the albums list. Added after v1’s first release (additions keep `apiVersion`): clients that do not know it ignore it.',
    }),
    albumTitle: T.String({ description: 'Its album.' }),
    albumYear: T.Integer({ description: 'Its album’s year.' }),
    ...counted,
  },
  { title: 'SongStats', description: 'How the lines of one song fared.' },
);
export type SongStats = Static<typeof SongStats>;

export const AlbumStats = T.Object(
  {
    albumId: T.Integer({ description: 'The album’s id.' }),
    title: T.String({ description: 'The album’s title.' }),
    year: T.Integer({ description: 'The album’s year.' }),
    ...counted,
  },
  { title: 'AlbumStats', description: 'How the lines of one album’s songs fared.' },
);
export type AlbumStats = Static<typeof AlbumStats>;

export const pageSchema = <Item extends ReturnType<typeof T.Object>>(item: Item, title: string) =>
  T.Object(
    {
      items: T.Array(item, { description: 'The rows of this page.' }),
      total: T.Integer({
        minimum: 0,
        description: 'Rows in the whole list (after `minAnswers`, where the list takes it).',
      }),
      limit: T.Integer({ minimum: 1, description: 'The page size asked.' }),
      offset: T.Integer({ minimum: 0, description: 'Rows skipped before this page.' }),
    },
    {
      title,
      description:
        'One page of a list. While `offset + items.length < total`, the `Link` header has the next page (`rel="next"`).',
    },
  );

export const LineStatsPage = pageSchema(LineStats, 'LineStatsPage');
export const SongStatsPage = pageSchema(SongStats, 'SongStatsPage');
export const AlbumStatsPage = pageSchema(AlbumStats, 'AlbumStatsPage');

export const HourStats = T.Object(
  {
    hour: T.Integer({ minimum: 0, maximum: 23, description: 'The hour of day in the server’s time zone.' }),
    plays: T.Integer({ minimum: 0, description: 'Plays recorded in this hour of day.' }),
    players: T.Optional(
      T.Integer({
        minimum: 0,
        description: 'Distinct players who played in this hour of day; all time only (absent for a range).',
      }),
    ),
  },
  { title: 'HourStats', description: 'The plays of one hour of day.' },
);
export type HourStats = Static<typeof HourStats>;

export const HourStatsList = T.Object(
  {
    hours: T.Array(HourStats, {
      minItems: 24,
      maxItems: 24,
      description: 'Hours 0–23, zeros included.',
    }),
  },
  { title: 'HourStatsList', description: 'Plays by hour of day, of all time or of a range of days.' },
);

export const StatsOverview = T.Object(
  {
    plays: T.Integer({ minimum: 0, description: 'Recorded plays.' }),
    players: T.Integer({ minimum: 0, description: 'Distinct players.' }),
    averageScore: T.Number({ description: 'Mean score of the recorded plays, two decimals.' }),
    accuracy: T.Number({ description: 'Right answers / answers × 100 over all plays, two decimals.' }),
  },
  { title: 'StatsOverview', description: 'Totals of all recorded plays.' },
);

export const ScorePercentile = T.Object(
  {
    score: T.Integer({ minimum: 0, maximum: PLAY_LENGTH, description: 'The score asked about.' }),
    difficulty: DifficultyName,
    percentile: T.Number({
      minimum: 0,
      maximum: 100,
      description: 'Share of plays with a lower score, percent.',
    }),
    samePercent: T.Number({
      minimum: 0,
      maximum: 100,
      description: 'Share of plays with this score, percent.',
    }),
    plays: T.Integer({ minimum: 0, description: 'Recorded plays of this difficulty.' }),
  },
  { title: 'ScorePercentile', description: 'Where a score stands among the plays of its difficulty.' },
);

// Parameters.

export const v1CountParam = integerParam({
  name: 'count',
  in: 'query',
  minimum: 1,
  maximum: QUIZ_MAX_COUNT,
  default: PLAY_LENGTH,
  example: PLAY_LENGTH,
  description: `Questions, 1–${QUIZ_MAX_COUNT} (default ${PLAY_LENGTH}; only plays of ${PLAY_LENGTH} are recorded).`,
});
export const v1DifficultyParam = difficultyParam(
  '`normal` (default): random lines and songs. `hard`: lines players often miss, with the songs they confuse. `easy`: the opposite.',
);
export const QuizQueryV1 = t.Object({
  count: t.Optional(v1CountParam.validator),
  difficulty: t.Optional(v1DifficultyParam.validator),
});

export const LIMIT_DEFAULT = 100;
const LIMIT_MAX = 1000;
export const limitParam = integerParam({
  name: 'limit',
  in: 'query',
  minimum: 1,
  maximum: LIMIT_MAX,
  default: LIMIT_DEFAULT,
  example: 50,
  description: `Rows per page, 1–${LIMIT_MAX} (default ${LIMIT_DEFAULT}).`,
});
export const offsetParam = integerParam({
  name: 'offset',
  in: 'query',
  minimum: 0,
  maximum: 1_000_000,
  default: 0,
  example: 0,
  description: 'Rows to skip (default 0). Follow the `Link: rel="next"` header rather than counting.',
});
const minAnswersParam = integerParam({
  name: 'minAnswers',
  in: 'query',
  minimum: 0,
  maximum: 1_000_000_000,
  default: 0,
  example: 3,
  description: 'Only rows answered at least this many times (default 0: all).',
});
const sortParam = enumParam({
  name: 'sort',
  values: difficultyOrders,
  example: 'hardest',
  description:
    'By accuracy: `easiest` highest first, `hardest` lowest first (ties: more answers first). Default: catalogue order.',
});
const IDS_MESSAGE = `ids must be 1 to ${QUIZ_MAX_COUNT} line ids separated by commas`;
export const idsParam = {
  name: 'ids',
  in: 'query',
  required: false,
  description: `Only these lines (1–${QUIZ_MAX_COUNT} ids, comma-separated), in this order.`,
  validator: t.String({
    pattern: `^[0-9]{1,9}(,[0-9]{1,9}){0,${QUIZ_MAX_COUNT - 1}}$`,
    error: fieldError('ids', IDS_MESSAGE),
  }),
  schema: T.String({ pattern: `^[0-9]{1,9}(,[0-9]{1,9}){0,${QUIZ_MAX_COUNT - 1}}$` }),
  example: '345,346,1021',
} as const;

export const pageParams = [limitParam, offsetParam, minAnswersParam, sortParam] as const;
export const PageQuery = t.Object({
  limit: t.Optional(limitParam.validator),
  offset: t.Optional(offsetParam.validator),
  minAnswers: t.Optional(minAnswersParam.validator),
  sort: t.Optional(sortParam.validator),
});
export const LinePageQuery = t.Object({ ...PageQuery.properties, ids: t.Optional(idsParam.validator) });
/** Admin lists: a page of a range of days (the dates are checked by the range service: `invalid_range`). */
export const RangePageQuery = t.Object({
  ...PageQuery.properties,
  from: t.Optional(t.String()),
  to: t.Optional(t.String()),
});

export const v1ScoreParam = integerParam({
  name: 'score',
  in: 'path',
  minimum: 0,
  maximum: PLAY_LENGTH,
  example: 21,
  description: `A score, 0–${PLAY_LENGTH}.`,
});
export const PercentileParamsV1 = t.Object({ score: v1ScoreParam.validator });
export const PercentileQueryV1 = t.Object({ difficulty: t.Optional(v1DifficultyParam.validator) });

export const DIFFICULTY_LIST = [...DIFFICULTIES];
export { QUIZ_TOKEN_EXAMPLE };
