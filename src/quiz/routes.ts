import { Elysia } from 'elysia';
import type { AppServices } from '../app';
import { clientAddress } from '../http/client-address';
import { ErrorResponse } from '../http/model';
import { QUIZ_DEFAULT_COUNT, QuizQuery, QuizResponse } from './model';
import { createQuiz } from './service';

export const QUIZ_TOKEN_HEADER = 'x-quiz-token';

/** GET /api/quiz — a new play. */
export const quizRoutes = ({ catalogue, secrets, clock, config, quizLimiter }: AppServices) =>
  new Elysia({ name: 'quiz-routes', prefix: '/api', detail: { tags: ['Quiz'] } }).get(
    '/quiz',
    ({ query, set }) => {
      const quiz = createQuiz(
        catalogue(),
        secrets.quizToken,
        query.count ?? QUIZ_DEFAULT_COUNT,
        clock.nowSeconds(),
      );
      set.headers[QUIZ_TOKEN_HEADER] = quiz.token;
      set.headers['cache-control'] = 'no-store';
      return quiz.questions;
    },
    {
      // Counted before validation: rejected attempts count too.
      transform: ({ request, server }) => quizLimiter.hit(clientAddress(request, server, config.trustProxy)),
      query: QuizQuery,
      response: { 200: QuizResponse, 422: ErrorResponse, 429: ErrorResponse },
      detail: {
        summary: 'Start a play',
        description:
          'Returns `count` randomly chosen lyric lines (never the same line twice, never a line that occurs in two songs), each with five song options. ' +
          'The response header `X-Quiz-Token` carries a signed token naming these lines; send it back as `quizToken` when submitting the play.',
      },
    },
  );
