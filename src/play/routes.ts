import { Elysia } from 'elysia';
import { limiterKeyOf, type RateLimits } from '../http/rate-limit';
import { SubmitBody, SubmitResult } from '../shared/contracts/quiz';
import { submitQuizOperation } from '../stats/openapi';
import type { PlayRecorder } from './recorder';

export interface PlayRoutesDeps {
  recorder: Pick<PlayRecorder, 'submit'>;
  limits: RateLimits;
}

/** Submitting a finished play: verified, graded and recorded by the server. */
export const playRoutes = ({ recorder, limits }: PlayRoutesDeps) =>
  new Elysia({ name: 'play-routes', prefix: '/api', detail: { tags: ['Statistics'] } }).use(limits).post(
    '/stats/submit-quiz',
    // Destructured, never handed on whole: what Elysia parses for the route depends on it.
    async ({ body, set, request }) => {
      const {
        duplicate: _,
        recordedAnswers: __,
        replayed,
        ...result
      } = await recorder.submit(body, limiterKeyOf(request));
      // A retry of a recorded play says so (docs/decisions/034).
      if (replayed) set.headers['idempotent-replayed'] = 'true';
      return result;
    },
    {
      rateLimit: 'submit',
      body: SubmitBody,
      // The global body parser reads the body; this names the content type.
      parse: 'json',
      response: { 200: SubmitResult },
      detail: submitQuizOperation,
    },
  );
