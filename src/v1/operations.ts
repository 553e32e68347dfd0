import { Type as T } from '@sinclair/typebox';
import {
  errorExample,
  headers,
  limitedRouteHeaders,
  responses,
  validationFailed,
} from '../openapi/components';
import { operation, type ResponseSpec } from '../openapi/contract';
import { ErrorBody } from '../shared/contracts/error';
import { PLAY_LENGTH } from '../shared/rules';
import {
  AlbumStatsPage,
  idsParam,
  LineStatsPage,
  Meta,
  PlayResult,
  PlaySubmission,
  pageParams,
  QUIZ_TOKEN_EXAMPLE,
  Quiz,
  ScorePercentile,
  SongStatsPage,
  StatsOverview,
  v1CountParam,
  v1DifficultyParam,
  v1ScoreParam,
} from './openapi';

/** The contracts of API v1 (docs/decisions/034). */

const TAGS = { quiz: ['Quiz (v1)'], stats: ['Statistics (v1)'], meta: ['Meta (v1)'] };

const ifNoneMatch = {
  name: 'If-None-Match',
  description: 'The `ETag` of an answer you hold: 304 with no body while the statistics have not changed.',
  schema: T.String(),
  example: '"pV0WZ3kq8Jm1b6Yv2xQx1A"',
};

const cacheable = { ETag: headers.ETag, 'Cache-Control': headers.CacheControlPublic };

const questionExample = {
  lyricId: 345,
  line: 'Puše bura, hladna i prava,',
  correctSongId: 12,
  correctSongTitle: 'Zatvorene škure',
  albumTitle: 'Sol na usnama',
  albumYear: 1992,
  options: [
    { songId: 31, title: 'Slano i slatko' },
    { songId: 12, title: 'Zatvorene škure' },
    { songId: 7, title: 'Ribarska sreća' },
    { songId: 54, title: 'Ljeto bez sata' },
    { songId: 22, title: 'Divlja kupina' },
  ],
};

const quizAnswer = (mode: 'free' | 'daily'): ResponseSpec => ({
  description:
    mode === 'free' ? 'A new quiz and its token.' : 'Today’s challenge and a token for this play of it.',
  schema: Quiz,
  example: {
    token: QUIZ_TOKEN_EXAMPLE,
    expiresAt: '2026-11-23T14:00:00.000Z',
    difficulty: 'normal',
    mode,
    questions: [questionExample],
    ...(mode === 'daily'
      ? { daily: { day: '2026-11-23', number: 12, endsAt: '2026-11-23T23:00:00.000Z' } }
      : {}),
  },
  headers: { 'Cache-Control': headers.CacheControlNoStore, ...limitedRouteHeaders },
  links: {
    createPlay: {
      operationId: 'createPlay',
      description: 'Submit the play with this quiz’s token.',
      requestBody: { token: '$response.body#/token' },
    },
  },
});

export const getMetaOperation = operation({
  operationId: 'getMeta',
  access: 'public',
  tags: TAGS.meta,
  summary: 'The rules of this server',
  description: 'Time zone, play length, minimum play time, token lifetime, difficulties and versions.',
  responses: {
    200: {
      description: 'The rules.',
      schema: Meta,
      headers: { 'Cache-Control': headers.CacheControlPublic },
      example: {
        apiVersion: '1',
        serverVersion: '0.1.0',
        timeZone: 'Europe/Zagreb',
        playLength: PLAY_LENGTH,
        minimumPlaySeconds: 30,
        tokenLifetimeSeconds: 7200,
        difficulties: ['easy', 'normal', 'hard'],
      },
    },
  },
});

export const createQuizOperation = operation({
  operationId: 'createQuiz',
  access: 'public',
  tags: TAGS.quiz,
  summary: 'Start a free play',
  description:
    'Draws a new quiz. Play it, then submit the answers with its `token` (`createPlay`). Every call is a new play; HEAD draws nothing.',
  parameters: [v1CountParam, v1DifficultyParam],
  responses: {
    200: quizAnswer('free'),
    422: validationFailed('count must be an integer from 1 to 50', 'count'),
    429: responses.RateLimited,
  },
});

export const createDailyQuizOperation = operation({
  operationId: 'createDailyQuiz',
  access: 'public',
  tags: TAGS.quiz,
  summary: 'Start today’s daily challenge',
  description:
    'Today’s challenge: the same lines and options for everyone all day. A player’s first submitted daily play of the day is ranked, later ones are practice. HEAD issues nothing.',
  responses: { 200: quizAnswer('daily'), 429: responses.RateLimited },
});

export const createPlayOperation = operation({
  operationId: 'createPlay',
  access: 'public',
  tags: TAGS.quiz,
  summary: 'Submit a play',
  description:
    'Records a finished play: the server grades each answer. The answers must cover the quiz’s lines once each, with a song among the options offered. ' +
    `Only plays of ${PLAY_LENGTH} questions are recorded, no sooner than \`minimumPlaySeconds\` (\`getMeta\`) after the quiz was fetched. ` +
    'The same token with the same answers again answers 200 with the first result and `Idempotent-Replayed: true`, also after `expiresAt`; with other answers, 409 `play_conflict`. ' +
    'The device is taken from the `User-Agent` header (its class and browser family only are kept).',
  requestBody: {
    description: 'The token of the quiz and the songs chosen.',
    schema: PlaySubmission,
    example: {
      token: QUIZ_TOKEN_EXAMPLE,
      sessionId: '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11',
      answers: [{ lyricId: 345, selectedSongId: 12 }],
    },
  },
  responses: {
    200: {
      description: 'The play is recorded (or was: `Idempotent-Replayed: true`).',
      schema: PlayResult,
      example: { playId: 1042, score: 21, questionCount: PLAY_LENGTH, difficulty: 'normal', mode: 'free' },
      headers: { ...limitedRouteHeaders, 'Idempotent-Replayed': headers.IdempotentReplayed },
    },
    400: responses.MalformedBody,
    408: responses.RequestTimeout,
    409: responses.PlayConflict,
    413: responses.BodyTooLarge,
    415: responses.UnsupportedMediaType,
    422: {
      description:
        'The play cannot be recorded; nothing was. `code`: `validation_failed`, `token_malformed`, `token_bad_signature`, `token_expired`, `token_not_yet_valid`, `play_mismatch`, `unknown_lyric` or `incomplete_play`.',
      schema: ErrorBody,
      examples: {
        incomplete: {
          summary: 'A quiz of fewer questions than a play',
          value: errorExample(
            'incomplete_play',
            'only plays of 30 questions are recorded; this one has 5',
            'answers',
          ),
        },
        expired: {
          summary: 'A token past its lifetime that was never recorded',
          value: errorExample('token_expired', 'quizToken has expired; fetch a new quiz', 'token'),
        },
      },
    },
    429: responses.RateLimited,
  },
});

export const getStatsOverviewOperation = operation({
  operationId: 'getStatsOverview',
  access: 'public',
  tags: TAGS.stats,
  summary: 'Totals of all plays',
  description: 'Plays, players, mean score and accuracy over every recorded play.',
  headers: [ifNoneMatch],
  responses: {
    200: {
      description: 'The totals.',
      schema: StatsOverview,
      headers: cacheable,
      example: { plays: 1532, players: 871, averageScore: 17.42, accuracy: 58.07 },
    },
    304: responses.NotModified,
  },
});

const pageHeaders = {
  ...cacheable,
  Link: {
    description: 'The next page (RFC 8288, `rel="next"`), while there is one.',
    schema: T.String(),
    example: '</api/v1/stats/lines?limit=100&offset=100>; rel="next"',
  },
};

export const listLineStatsOperation = operation({
  operationId: 'listLineStats',
  access: 'public',
  tags: TAGS.stats,
  summary: 'How the lines fared',
  description:
    'Every line of the catalogue with its answers, right answers and accuracy, a page at a time; `ids` narrows it to some lines (the review of one play).',
  parameters: [...pageParams, idsParam],
  headers: [ifNoneMatch],
  responses: {
    200: {
      description: 'One page of lines.',
      schema: LineStatsPage,
      headers: pageHeaders,
      example: {
        items: [
          {
            lyricId: 345,
            line: 'Puše bura, hladna i prava,',
            songId: 12,
            songTitle: 'Zatvorene škure',
            albumId: 1,
            albumTitle: 'Sol na usnama',
            albumYear: 1992,
            answers: 41,
            correctAnswers: 29,
            accuracy: 70.73,
          },
        ],
        total: 1994,
        limit: 1,
        offset: 0,
      },
    },
    304: responses.NotModified,
    422: validationFailed('limit must be an integer from 1 to 1000', 'limit'),
  },
});

export const listSongStatsOperation = operation({
  operationId: 'listSongStats',
  access: 'public',
  tags: TAGS.stats,
  summary: 'How the songs fared',
  description: 'Every song with the answers to its lines, a page at a time.',
  parameters: pageParams,
  headers: [ifNoneMatch],
  responses: {
    200: {
      description: 'One page of songs.',
      schema: SongStatsPage,
      headers: pageHeaders,
      example: {
        items: [
          {
            songId: 12,
            title: 'Zatvorene škure',
            albumId: 1,
            albumTitle: 'Sol na usnama',
            albumYear: 1992,
            answers: 410,
            correctAnswers: 290,
            accuracy: 70.73,
          },
        ],
        total: 120,
        limit: 1,
        offset: 0,
      },
    },
    304: responses.NotModified,
    422: validationFailed('offset must be an integer from 0 to 1000000', 'offset'),
  },
});

export const listAlbumStatsOperation = operation({
  operationId: 'listAlbumStats',
  access: 'public',
  tags: TAGS.stats,
  summary: 'How the albums fared',
  description: 'Every album with the answers to its songs’ lines, a page at a time.',
  parameters: pageParams,
  headers: [ifNoneMatch],
  responses: {
    200: {
      description: 'One page of albums.',
      schema: AlbumStatsPage,
      headers: pageHeaders,
      example: {
        items: [
          {
            albumId: 1,
            title: 'Sol na usnama',
            year: 1992,
            answers: 6540,
            correctAnswers: 3702,
            accuracy: 56.61,
          },
        ],
        total: 9,
        limit: 1,
        offset: 0,
      },
    },
    304: responses.NotModified,
    422: validationFailed('limit must be an integer from 1 to 1000', 'limit'),
  },
});

export const getScorePercentileV1Operation = operation({
  operationId: 'getScorePercentileV1',
  access: 'public',
  tags: TAGS.stats,
  summary: 'Where a score stands',
  description: 'The share of recorded plays of a difficulty with a lower score and with the same score.',
  parameters: [v1ScoreParam, v1DifficultyParam],
  headers: [ifNoneMatch],
  responses: {
    200: {
      description: 'The percentile.',
      schema: ScorePercentile,
      headers: cacheable,
      example: { score: 21, difficulty: 'normal', percentile: 63.4, samePercent: 5.1, plays: 1532 },
    },
    304: responses.NotModified,
    422: validationFailed('score must be an integer from 0 to 30', 'score'),
  },
});
