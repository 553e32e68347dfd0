import { t } from 'elysia';
import { headers, limitedRouteHeaders, responses, validationFailed } from '../docs/components';
import { operation } from '../docs/contract';
import { integerParam } from '../http/params';
import { QuizQuestions } from '../shared/contracts/quiz';
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

// Digits only here, the range in the route (`countParam.decode`): see `digits` in src/http/params.ts.
export const QuizQuery = t.Object({ count: t.Optional(countParam.digits) });

export const getQuizOperation = operation({
  operationId: 'getQuiz',
  access: 'public',
  summary: 'Start a play',
  description:
    'Returns `count` randomly chosen lyric lines (never the same line twice, never a line that occurs in two songs), each with five song options. ' +
    'The response header `X-Quiz-Token` carries a signed token naming these lines and options; send it back as `quizToken` when submitting the play (see the link `submitQuiz`).',
  parameters: [countParam],
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
    422: validationFailed(`count must be an integer from 1 to ${QUIZ_MAX_COUNT}`, 'count'),
    429: responses.RateLimited,
  },
});
