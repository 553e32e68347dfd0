import { t } from 'elysia';
import { difficultyParam, integerParam } from '../http/params';
import {
  errorExample,
  headers,
  limitedRouteHeaders,
  responses,
  validationFailed,
} from '../openapi/components';
import { operation } from '../openapi/contract';
import { ErrorBody } from '../shared/contracts/error';
import { QuizQuestions } from '../shared/contracts/quiz';
import { DEFAULT_DIFFICULTY, DIFFICULTIES } from '../shared/difficulty';
import { PLAY_LENGTH, QUIZ_MAX_COUNT } from '../shared/rules';

export const countParam = integerParam({
  name: 'count',
  in: 'query',
  minimum: 1,
  maximum: QUIZ_MAX_COUNT,
  default: PLAY_LENGTH,
  example: PLAY_LENGTH,
  description: `Number of questions, 1–${QUIZ_MAX_COUNT} (default ${PLAY_LENGTH}); digits only. Fewer are returned when the catalogue has fewer askable lines. Only plays of ${PLAY_LENGTH} questions can be submitted.`,
});

const quizDifficultyParam = difficultyParam(
  `How the lines and options are chosen (default \`${DEFAULT_DIFFICULTY}\`). \`normal\`: random lines, random other songs. ` +
    '`hard`: mostly the lines with the lowest observed accuracy (among lines shown at least 5 times), mixed with lines not yet shown that often; as options the songs players confuse with the right one, then songs of its album, then of the nearest years. ' +
    '`easy`: the opposite: lines players get right, options from other albums and distant years. ' +
    'The token binds the difficulty: the play is recorded with it, and its percentile compares it with plays of the same difficulty.',
);

// Digits only here, the range in the route (`countParam.decode`): see `digits` in src/http/params.ts.
export const QuizQuery = t.Object({
  count: t.Optional(countParam.digits),
  difficulty: t.Optional(quizDifficultyParam.validator),
});

export const getQuizOperation = operation({
  operationId: 'getQuiz',
  successor: { operationId: 'createQuiz', path: '/api/v1/quiz' },
  access: 'public',
  summary: 'Start a play',
  description:
    'Returns `count` randomly chosen lyric lines (never the same line twice, never a line that occurs in two songs), each with five song options. ' +
    'The response header `X-Quiz-Token` carries a signed token naming these lines and options; send it back as `quizToken` when submitting the play (see the link `submitQuiz`).',
  parameters: [countParam, quizDifficultyParam],
  responses: {
    200: {
      description: 'The questions of a new play, and its token.',
      schema: QuizQuestions,
      headers: {
        'X-Quiz-Token': headers.QuizToken,
        'Cache-Control': headers.CacheControlNoStore,
        ...limitedRouteHeaders,
      },
      links: {
        submitQuiz: {
          operationId: 'submitQuiz',
          description:
            'Submit this play: the `X-Quiz-Token` header of this answer goes into the body as `quizToken`, with one answer per question.',
          requestBody: { quizToken: '$response.header.X-Quiz-Token' },
        },
      },
    },
    422: {
      description: validationFailed('', '').description,
      schema: ErrorBody,
      examples: {
        count: {
          summary: 'A count out of range',
          value: errorExample(
            'validation_failed',
            `count must be an integer from 1 to ${QUIZ_MAX_COUNT}`,
            'count',
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
    429: responses.RateLimited,
  },
});
