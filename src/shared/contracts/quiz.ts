import { type Static, Type as T } from '@sinclair/typebox';
import {
  DEVICE_INFO_MAX_LENGTH,
  OPTIONS_PER_QUESTION,
  PLAY_LENGTH,
  QUIZ_MAX_COUNT,
  UUID_PATTERN,
} from '../rules';

/** The API contract of a play: the questions a quiz returns and the submission that records it. */

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
      minItems: OPTIONS_PER_QUESTION,
      maxItems: OPTIONS_PER_QUESTION,
      description: 'Five distinct songs, the correct one at a random position.',
    }),
  },
  { title: 'Question' },
);
export type Question = Static<typeof Question>;

export const QuizQuestions = T.Array(Question, {
  description: 'The questions of a new play, each line at most once.',
});

// The body is JSON: strict TypeBox types, no coercion of strings to numbers. Unknown fields are
// ignored (Elysia drops them), so clients may send more than the API reads (docs/decisions/002).
export const SubmittedAnswer = T.Object({
  lyricId: T.Integer({ description: 'The line asked (`lyricId` of the question).', examples: [345] }),
  songId: T.Integer({ description: 'The correct song of the question (`correctSongId`).', examples: [12] }),
  selectedSongId: T.Integer({ description: 'The song the player chose.', examples: [12] }),
  isCorrect: T.Boolean({ description: 'Must equal `selectedSongId == songId`.', examples: [true] }),
});

export const SubmitBody = T.Object({
  quizToken: T.String({
    minLength: 1,
    maxLength: 4096,
    description: 'The `X-Quiz-Token` header of the quiz being submitted.',
  }),
  sessionId: T.String({
    pattern: UUID_PATTERN,
    description: 'A random UUID kept by the browser across plays (stored only as a salted hash).',
    examples: ['3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11'],
  }),
  deviceInfo: T.String({
    maxLength: DEVICE_INFO_MAX_LENGTH,
    description: 'The browser user-agent string.',
    examples: ['Mozilla/5.0 (X11; Linux x86_64)'],
  }),
  score: T.Integer({
    minimum: 0,
    maximum: PLAY_LENGTH,
    description: 'Correct answers; must agree with the grading.',
    examples: [21],
  }),
  totalQuestions: T.Integer({
    minimum: 1,
    maximum: QUIZ_MAX_COUNT,
    description: 'Must equal the number of answers.',
    examples: [30],
  }),
  answers: T.Array(SubmittedAnswer, {
    minItems: 1,
    maxItems: QUIZ_MAX_COUNT,
    description: 'One answer for every line of the quiz token, each once.',
  }),
});
export type SubmitBody = Static<typeof SubmitBody>;

export const SubmitResult = T.Object({
  playId: T.Integer({ examples: [1042] }),
  score: T.Integer({ examples: [21] }),
  totalQuestions: T.Integer({ examples: [30] }),
});
export type SubmitResult = Static<typeof SubmitResult>;
