import { withHeaders } from '@elysiajs/openapi';
import { Type as T } from '@sinclair/typebox';
import { t } from 'elysia';
import { fieldError } from '../http/field-error';
import { QuizQuestions } from '../shared/contracts/quiz';
import { PLAY_LENGTH, QUIZ_MAX_COUNT } from '../shared/rules';

// Request schemas use Elysia's `t` (it coerces query strings); response schemas use TypeBox's
// `Type` so the API docs show plain JSON types (docs/decisions/002-http-api-conventions.md).

export const QuizQuery = t.Object({
  count: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: QUIZ_MAX_COUNT,
      default: PLAY_LENGTH,
      error: fieldError('count', `count must be an integer from 1 to ${QUIZ_MAX_COUNT}`),
      description: `Number of questions, 1–${QUIZ_MAX_COUNT}. Fewer are returned when the catalogue has fewer askable lines.`,
    }),
  ),
});

export const QuizResponse = withHeaders(QuizQuestions, {
  'X-Quiz-Token': T.String({
    description:
      'HMAC-signed token of this play (its lines, issue time and a nonce). Send it as `quizToken` with the submission; valid for the configured lifetime (default 2 hours), recorded once.',
    examples: [
      'eyJsIjpbMzQ1LDEyXSwidCI6MTc2MzcyMDAwMCwibiI6IkFiQ2RFZiJ9.Qm9ndXNTaWduYXR1cmVCb2d1c1NpZ25hdHVyZQ',
    ],
  }),
  'Cache-Control': T.Literal('no-store', { description: 'Every play is new: never cached.' }),
});
