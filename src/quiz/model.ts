import { withHeaders } from '@elysiajs/openapi';
import { Type as T } from '@sinclair/typebox';
import { type Static, t } from 'elysia';
import { fieldError } from '../http/model';

export const QUIZ_DEFAULT_COUNT = 30;
export const QUIZ_MAX_COUNT = 50;

// Request schemas use Elysia's `t` (it coerces query strings); response schemas use TypeBox's
// `Type` so the API docs show plain JSON types (docs/decisions/002-http-api-conventions.md).

export const QuizQuery = t.Object({
  count: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: QUIZ_MAX_COUNT,
      default: QUIZ_DEFAULT_COUNT,
      error: fieldError('count', `count must be an integer from 1 to ${QUIZ_MAX_COUNT}`),
      description: `Number of questions, 1–${QUIZ_MAX_COUNT}. Fewer are returned when the catalogue has fewer askable lines.`,
    }),
  ),
});

export const SongOption = T.Object({
  id: T.Integer({ examples: [12] }),
  title: T.String({ examples: ['Zatvorene škure'] }),
});

export const Question = T.Object(
  {
    id: T.Integer({
      description: 'Question id, unique within the quiz (equal to the lyric id).',
      examples: [345],
    }),
    lyricId: T.Integer({ examples: [345] }),
    lyric: T.String({ examples: ['Puše bura, hladna i prava,'] }),
    correctSongId: T.Integer({ examples: [12] }),
    correctSongTitle: T.String({ examples: ['Zatvorene škure'] }),
    albumTitle: T.String({ examples: ['Sol na usnama'] }),
    albumYear: T.Integer({ examples: [1992] }),
    options: T.Array(SongOption, {
      minItems: 5,
      maxItems: 5,
      description: 'Five distinct songs, the correct one at a random position.',
    }),
  },
  { title: 'Question' },
);

export const QuizResponse = withHeaders(
  T.Array(Question, { description: 'The questions of a new play, each line at most once.' }),
  {
    'X-Quiz-Token': T.String({
      description:
        'HMAC-signed token of this play (its lines, issue time and a nonce). Send it as `quizToken` with the submission; valid for the configured lifetime (default 2 hours), recorded once.',
      examples: [
        'eyJsIjpbMzQ1LDEyXSwidCI6MTc2MzcyMDAwMCwibiI6IkFiQ2RFZiJ9.Qm9ndXNTaWduYXR1cmVCb2d1c1NpZ25hdHVyZQ',
      ],
    }),
    'Cache-Control': T.Literal('no-store', { description: 'Every play is new: never cached.' }),
  },
);

export type Question = Static<typeof Question>;
