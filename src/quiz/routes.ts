import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Clock } from '../clock';
import type { RateLimits } from '../http/rate-limit';
import { QuizQuestions } from '../shared/contracts/quiz';
import { PLAY_LENGTH, QUIZ_TOKEN_HEADER } from '../shared/rules';
import { getQuizOperation, QuizQuery } from './model';
import { createQuiz } from './service';

export interface QuizRoutesDeps {
  catalogue: () => CatalogueIndex;
  tokenSecret: string;
  clock: Clock;
  limits: RateLimits;
}

/** GET /api/quiz — a new play. */
export const quizRoutes = ({ catalogue, tokenSecret, clock, limits }: QuizRoutesDeps) =>
  new Elysia({ name: 'quiz-routes', prefix: '/api', detail: { tags: ['Quiz'] } }).use(limits).get(
    '/quiz',
    ({ query, set }) => {
      const quiz = createQuiz(catalogue(), tokenSecret, query.count ?? PLAY_LENGTH, clock.nowSeconds());
      set.headers[QUIZ_TOKEN_HEADER] = quiz.token;
      set.headers['cache-control'] = 'no-store';
      return quiz.questions;
    },
    { rateLimit: 'quiz', query: QuizQuery, response: { 200: QuizQuestions }, detail: getQuizOperation },
  );
