import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { RateLimits } from '../http/rate-limit';
import { QuizQuestions } from '../shared/contracts/quiz';
import { DEFAULT_DIFFICULTY } from '../shared/difficulty';
import { PLAY_LENGTH } from '../shared/rules';
import type { Clock } from '../time/clock';
import type { DifficultySelection } from './difficulty-selection';
import { headOfIssue } from './head';
import { issuedResponse } from './issued-response';
import { countParam, getQuizOperation, QuizQuery } from './openapi';
import { issueQuiz } from './service';

export interface QuizRoutesDeps {
  catalogue: () => CatalogueIndex;
  tokenSecret: string;
  clock: Clock;
  limits: RateLimits;
  /** How easy and hard choose, built from the statistics in memory (src/quiz/selection-cache.ts). */
  selection: () => DifficultySelection | Promise<DifficultySelection>;
  /** Counts a quiz handed out (quizzes issued per day), in memory. */
  onIssued?: () => void;
}

/** GET /api/quiz — a new play. */
export const quizRoutes = ({ catalogue, tokenSecret, clock, limits, selection, onIssued }: QuizRoutesDeps) =>
  new Elysia({ name: 'quiz-routes', prefix: '/api', detail: { tags: ['Quiz'] } }).use(limits).get(
    '/quiz',
    ({ query, set, request }): Response | Promise<Response> => {
      // HEAD has no side effects (docs/decisions/034): no quiz drawn, no token, none counted.
      if (request.method === 'HEAD') return headOfIssue(set);
      const index = catalogue();
      const count = query.count === undefined ? PLAY_LENGTH : countParam.decode(query.count);
      const difficulty = query.difficulty ?? DEFAULT_DIFFICULTY;
      const respond = (body: Uint8Array<ArrayBuffer>, token: string): Response => {
        onIssued?.();
        return issuedResponse(set, body, token);
      };
      // normal: synchronous, no statistics read (docs/decisions/022); easy and hard wait for the
      // selection the statistics give. Either way one encoder writes bytes and token.
      if (difficulty === DEFAULT_DIFFICULTY) {
        const quiz = issueQuiz(index, tokenSecret, count, clock.nowSeconds(), difficulty);
        return respond(quiz.body, quiz.token);
      }
      const create = (chosen: DifficultySelection) => {
        const quiz = issueQuiz(index, tokenSecret, count, clock.nowSeconds(), difficulty, chosen);
        return respond(quiz.body, quiz.token);
      };
      const chosen = selection();
      return chosen instanceof Promise ? chosen.then(create) : create(chosen);
    },
    { rateLimit: 'quiz', query: QuizQuery, response: { 200: QuizQuestions }, detail: getQuizOperation },
  );
