import { Type as T } from '@sinclair/typebox';
import { t } from 'elysia';
import { fieldError } from '../http/field-error';
import { difficultyParam, enumParam, integerParam, type Param } from '../http/params';
import {
  errorExample,
  headers,
  limitedRouteHeaders,
  responses,
  validationFailed,
} from '../openapi/components';
import { operation, type RequestHeaderSpec, type ResponseSpec } from '../openapi/contract';
import { ErrorBody } from '../shared/contracts/error';
import { QUIZ_TOKEN_EXAMPLE, SubmitBody, SubmitResult } from '../shared/contracts/quiz';
import { LineResult, Percentile } from '../shared/contracts/stats';
import { DEFAULT_DIFFICULTY, DIFFICULTIES } from '../shared/difficulty';
import { difficultyOrders } from '../shared/ranking';
import { PLAY_LENGTH, QUIZ_MAX_COUNT } from '../shared/rules';
import type { ListQuery } from './cached-reads';

// Request schemas and contracts of the statistics routes. Response and body schemas live in
// src/shared/contracts (the browser uses them too).

export const scoreParam = integerParam({
  name: 'score',
  in: 'path',
  minimum: 0,
  maximum: PLAY_LENGTH,
  example: 21,
  description: `A score, 0–${PLAY_LENGTH}; digits only.`,
});

export const PercentileParams = t.Object({ score: scoreParam.validator });

const percentileDifficultyParam = difficultyParam(
  `The difficulty whose plays the score is compared with (default \`${DEFAULT_DIFFICULTY}\`): that of the play, \`difficulty\` in the answer to its submission.`,
);
export const PercentileQuery = t.Object({ difficulty: t.Optional(percentileDifficultyParam.validator) });

/** The optional narrowing of the lyric and song lists. */
export const listParams = [
  integerParam({
    name: 'limit',
    in: 'query',
    minimum: 1,
    maximum: 100_000,
    example: 10,
    description: 'At most this many rows (default: all).',
  }),
  integerParam({
    name: 'offset',
    in: 'query',
    minimum: 0,
    maximum: 1_000_000,
    example: 0,
    description: 'Skip this many rows first (default 0), for paging with `limit`.',
  }),
  integerParam({
    name: 'minOccurrences',
    in: 'query',
    minimum: 0,
    maximum: 1_000_000_000,
    example: 3,
    description:
      'Only rows asked at least this many times (default 0: every row, never-asked ones included).',
  }),
  enumParam({
    name: 'sort',
    values: difficultyOrders,
    example: 'hardest',
    description:
      'Rank by accuracy (correct answers / occurrences; 0 % when never asked): `easiest` highest first, `hardest` lowest first; ties: more occurrences first. Default: catalogue order.',
  }),
] as const;

const [limit, offset, minOccurrences, sort] = listParams;
// Digits only here, the bounds in the handler (`decodeListQuery`): a query schema with a transform
// is decoded by TypeBox's interpreter on every request, most of a cached list read's time
// (see `digits` in src/http/params.ts, docs/performance.md#figures-behind-code-comments).
export const ListQueryParams = t.Object({
  limit: t.Optional(limit.digits),
  offset: t.Optional(offset.digits),
  minOccurrences: t.Optional(minOccurrences.digits),
  sort: t.Optional(sort.validator),
});

/** The list narrowing of a validated query: the integers within their bounds (the same 422s as before). */
export const decodeListQuery = <Q extends typeof ListQueryParams.static>(
  query: Q,
): Omit<Q, 'limit' | 'offset' | 'minOccurrences'> & ListQuery => ({
  ...query,
  limit: query.limit === undefined ? undefined : limit.decode(query.limit),
  offset: query.offset === undefined ? undefined : offset.decode(query.offset),
  minOccurrences:
    query.minOccurrences === undefined ? undefined : minOccurrences.decode(query.minOccurrences),
});

export const ifNoneMatch: RequestHeaderSpec = {
  name: 'If-None-Match',
  description: 'The `ETag` of an answer you hold: 304 with no body while the statistics have not changed.',
  schema: T.String(),
  example: '"pV0WZ3kq8Jm1b6Yv2xQx1A"',
};

/** The 200 of a public statistics read: cacheable, revalidated by ETag. */
export const publicRead = (
  description: string,
  schema: ResponseSpec['schema'],
  example: unknown,
): ResponseSpec => ({
  description,
  schema,
  example,
  headers: { ETag: headers.ETag, 'Cache-Control': headers.CacheControlPublic },
});

const answers = Array.from({ length: PLAY_LENGTH }, (_, i) => ({
  lyricId: 100 + i,
  songId: 10 + (i % 7),
  selectedSongId: i < 21 ? 10 + (i % 7) : 30,
  isCorrect: i < 21,
}));

export const submitQuizOperation = operation({
  operationId: 'submitQuiz',
  successor: { operationId: 'createPlay', path: '/api/v1/plays' },
  access: 'public',
  tags: ['Quiz'],
  summary: 'Submit a play',
  description:
    'Records a finished play. The server grades every answer itself against the catalogue: the answers must cover exactly the lines of `quizToken`, ' +
    'once each, with a selection among the options offered, and `isCorrect` and `score` must agree with the grading; otherwise 422 and nothing is recorded. ' +
    `Only plays of ${PLAY_LENGTH} questions are recorded. A play submitted sooner than the minimum play time after the quiz was fetched (\`minimumPlaySeconds\` of \`GET /api/v1/meta\`, 30 s by default) is recorded at once, as of that earliest time. ` +
    "Submitting the same token again with the same answers answers 200 with the first result, `Idempotent-Replayed: true`, and records nothing, also after the token's lifetime; " +
    'the same token with other answers is 409 `play_conflict`. ' +
    'The play is recorded with the difficulty its token names (`difficulty` of `getQuiz`; `normal` for a token without one), answered as `difficulty`: ask `getScorePercentile` with it.',
  requestBody: {
    description: `The answers of a play of ${PLAY_LENGTH} questions, with the quiz token.`,
    schema: SubmitBody,
    example: {
      quizToken: QUIZ_TOKEN_EXAMPLE,
      sessionId: '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11',
      deviceInfo: 'Mozilla/5.0 (X11; Linux x86_64)',
      score: 21,
      totalQuestions: PLAY_LENGTH,
      answers,
    },
  },
  responses: {
    200: {
      description: 'The play is recorded (or was already: the same result again).',
      schema: SubmitResult,
      example: { playId: 1042, score: 21, totalQuestions: PLAY_LENGTH, difficulty: 'hard' },
      headers: { ...limitedRouteHeaders, 'Idempotent-Replayed': headers.IdempotentReplayed },
    },
    400: responses.MalformedBody,
    408: responses.RequestTimeout,
    409: responses.PlayConflict,
    413: responses.BodyTooLarge,
    415: responses.UnsupportedMediaType,
    422: {
      description:
        'The play cannot be recorded; nothing was. `code` says why (`validation_failed`, `token_*`, `play_mismatch`, `unknown_lyric`, `incomplete_play`).',
      schema: ErrorBody,
      examples: {
        validationFailed: {
          summary: 'A field of the wrong shape',
          value: errorExample(
            'validation_failed',
            'answers: Expected array length to be greater or equal to 30',
            'answers',
          ),
        },
        playMismatch: {
          summary: 'Answers that disagree with the grading',
          value: errorExample(
            'play_mismatch',
            "answers[].songId, answers[].isCorrect and score must agree with the server's grading of this play",
            'answers',
          ),
        },
        tokenExpired: {
          summary: 'A token older than its lifetime',
          value: errorExample('token_expired', 'quizToken has expired; fetch a new quiz', 'quizToken'),
        },
      },
    },
    429: responses.RateLimited,
    503: responses.StorageUnavailable,
  },
});

export const getScorePercentileOperation = operation({
  operationId: 'getScorePercentile',
  successor: { operationId: 'getScorePercentileV1', path: '/api/v1/percentile/{score}' },
  access: 'public',
  summary: 'Percentile of a score',
  description:
    'Share of recorded plays (including the player’s own) with a strictly lower score, the share with the same score, and the number of recorded plays, ' +
    'among the plays of one difficulty (`difficulty`, default `normal`: a play is compared with plays of its own difficulty).',
  parameters: [scoreParam, percentileDifficultyParam],
  headers: [ifNoneMatch],
  responses: {
    200: publicRead('The percentile of the score.', Percentile, {
      percentile: 63.4,
      samePercent: 5.1,
      totalPlayers: 1532,
    }),
    304: responses.NotModified,
    422: {
      description: validationFailed('', '').description,
      schema: ErrorBody,
      examples: {
        score: {
          summary: 'A score out of range',
          value: errorExample(
            'validation_failed',
            `score must be an integer from 0 to ${PLAY_LENGTH}`,
            'score',
          ),
        },
        difficulty: {
          summary: 'An unknown difficulty',
          value: errorExample(
            'validation_failed',
            `difficulty must be one of ${DIFFICULTIES.join(', ')}`,
            'difficulty',
          ),
        },
      },
    },
  },
});

/** At most one quiz's lines, as comma-separated lyric ids. */
const LINE_IDS_PATTERN = `^[0-9]{1,9}(,[0-9]{1,9}){0,${QUIZ_MAX_COUNT - 1}}$`;
const lineIdsParam: Param<'ids'> = {
  name: 'ids',
  in: 'query',
  required: true,
  description: `Lyric ids, comma-separated, at most ${QUIZ_MAX_COUNT} (the \`lyricId\`s of a play).`,
  validator: t.String({
    pattern: LINE_IDS_PATTERN,
    error: fieldError('ids', `ids must be 1 to ${QUIZ_MAX_COUNT} lyric ids separated by commas`),
  }),
  schema: T.String({ pattern: LINE_IDS_PATTERN }),
  example: '345,346,1021',
};
export const LineResultsQuery = t.Object({ ids: lineIdsParam.validator });

export const getLineResultsOperation = operation({
  operationId: 'getLineResults',
  successor: { operationId: 'listLineStats', path: '/api/v1/stats/lines' },
  access: 'public',
  summary: 'Statistics of the lines of one play',
  description:
    'How all players answered the given lines (the review on the results page, read after the play was recorded, so it counts the play itself). ' +
    'The lines come back in the order asked, each once; ids that are no line of the catalogue are left out. ' +
    '`confusedWith`, the wrong song picked most often for a line, is present only when the server knows it. ' +
    'Rate-limited per client address with the quiz’s budget, counted apart: a results page reads it once a play.',
  parameters: [lineIdsParam],
  headers: [ifNoneMatch],
  responses: {
    200: {
      description: 'The counters of the lines asked.',
      headers: { ETag: headers.ETag, 'Cache-Control': headers.CacheControlPublic, ...limitedRouteHeaders },
      schema: T.Array(LineResult),
      example: [
        { lyricId: 345, occurrences: 41, correctAnswers: 29 },
        {
          lyricId: 346,
          occurrences: 38,
          correctAnswers: 11,
          confusedWith: { songId: 17, title: 'Divlja kupina', times: 9 },
        },
      ],
    },
    304: responses.NotModified,
    422: validationFailed(`ids must be 1 to ${QUIZ_MAX_COUNT} lyric ids separated by commas`, 'ids'),
    429: responses.RateLimited,
  },
});

/** `from`/`to` of the admin range reads (docs/decisions/019): checked by the service, so a bad date is 422 `invalid_range`. */
const dayParam = <Name extends 'from' | 'to'>(
  name: Name,
  description: string,
  example: string,
): Param<Name> => ({
  name,
  in: 'query',
  required: false,
  description,
  validator: t.String(),
  schema: T.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' }),
  example,
});

export const rangeParams = [
  dayParam(
    'from',
    'First day of the range, YYYY-MM-DD in the server’s time zone, included. Default: the first day with a recorded play or an issued quiz.',
    '2026-11-01',
  ),
  dayParam(
    'to',
    'Last day of the range, YYYY-MM-DD in the server’s time zone, included. Default: today.',
    '2026-11-23',
  ),
] as const;

// The same validators as rangeParams' (a plain string; the service checks the date), typed for the handlers.
export const RangeQueryParams = t.Object({ from: t.Optional(t.String()), to: t.Optional(t.String()) });

export const RangeListQueryParams = t.Object({
  ...ListQueryParams.properties,
  ...RangeQueryParams.properties,
});

export const rangeInvalid: ResponseSpec = {
  description:
    'The range is not one: a malformed or impossible date (`field` `from` or `to`), `to` before `from`, or longer than 3,660 days (`field` `to`).',
  schema: ErrorBody,
  examples: {
    badDate: {
      summary: 'Not a date',
      value: errorExample('invalid_range', 'from must be a date YYYY-MM-DD, got "2026-02-30"', 'from'),
    },
    reversed: {
      summary: '`to` before `from`',
      value: errorExample('invalid_range', 'to (2026-11-01) is before from (2026-11-23)', 'to'),
    },
  },
};
