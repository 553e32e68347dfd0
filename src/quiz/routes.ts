import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Clock } from '../clock';
import type { RateLimits } from '../http/rate-limit';
import { ErrorBody } from '../shared/contracts/error';
import { PLAY_LENGTH, QUIZ_TOKEN_HEADER } from '../shared/rules';
import { QuizQuery, QuizResponse } from './model';
import { createQuiz } from './service';

export interface QuizRoutesDeps {
  catalogue: () => CatalogueIndex;
  tokenSecret: string;
  clock: Clock;
  limits: RateLimits;
  /** Counts a quiz handed out (quizzes issued per day), in memory. */
  onIssued?: () => void;
}

/** GET /api/quiz — a new play. */
export const quizRoutes = ({ catalogue, tokenSecret, clock, limits, onIssued }: QuizRoutesDeps) =>
  new Elysia({ name: 'quiz-routes', prefix: '/api', detail: { tags: ['Quiz'] } }).use(limits).get(
    '/quiz',
    ({ query, set }) => {
      const quiz = createQuiz(catalogue(), tokenSecret, query.count ?? PLAY_LENGTH, clock.nowSeconds());
      set.headers[QUIZ_TOKEN_HEADER] = quiz.token;
      set.headers['cache-control'] = 'no-store';
      onIssued?.();
      return quiz.questions;
    },
    {
      rateLimit: 'quiz',
      query: QuizQuery,
      response: { 200: QuizResponse, 422: ErrorBody, 429: ErrorBody },
      detail: {
        summary: 'Start a play',
        description:
          'Returns `count` randomly chosen lyric lines (never the same line twice, never a line that occurs in two songs), each with five song options. ' +
          'The response header `X-Quiz-Token` carries a signed token naming these lines; send it back as `quizToken` when submitting the play.',
      },
    },
  );
