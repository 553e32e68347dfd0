import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Clock } from '../clock';
import type { RateLimits } from '../http/rate-limit';
import { QuizQuestions } from '../shared/contracts/quiz';
import { PLAY_LENGTH, QUIZ_TOKEN_HEADER } from '../shared/rules';
import { countParam, getQuizOperation, QuizQuery } from './model';
import { serializeQuiz } from './serialize';
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
      const count = query.count === undefined ? PLAY_LENGTH : countParam.decode(query.count);
      const index = catalogue();
      const quiz = createQuiz(index, tokenSecret, count, clock.nowSeconds());
      onIssued?.();
      // The JSON bytes come from fragments encoded once per catalogue and are sent as they
      // are: Elysia neither validates nor serializes a Response (the schema below documents
      // it). The headers set so far (security headers) go into it, and `set` is left empty,
      // or Elysia would copy the response once more to merge them (measured: docs/performance.md).
      const response = new Response(serializeQuiz(index, quiz.questions), {
        headers: {
          ...(set.headers as Record<string, string>),
          'content-type': 'application/json; charset=utf-8',
          [QUIZ_TOKEN_HEADER]: quiz.token,
          'cache-control': 'no-store',
        },
      });
      set.headers = {};
      return response;
    },
    { rateLimit: 'quiz', query: QuizQuery, response: { 200: QuizQuestions }, detail: getQuizOperation },
  );
