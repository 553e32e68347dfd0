import { type Static, Type as T } from '@sinclair/typebox';
import type { DIFFICULTIES } from '../difficulty';
import { DEVICE_INFO_MAX_LENGTH, OPTIONS_PER_QUESTION, PLAY_LENGTH, UUID_PATTERN } from '../rules';

/** The API contract of a play: the questions a quiz returns and the submission that records it. */

export const SongOption = T.Object(
  {
    id: T.Integer({ description: 'Song id.' }),
    title: T.String({ description: 'Song title.' }),
  },
  { description: 'A song offered as an answer.', examples: [{ id: 12, title: 'Zatvorene škure' }] },
);

/** A difficulty (docs/decisions/022). */
export const DifficultyName = T.Union(
  [T.Literal('easy'), T.Literal('normal'), T.Literal('hard')] as const satisfies {
    const: (typeof DIFFICULTIES)[number];
  }[],
  {
    description:
      'Difficulty of a play: `normal` (random lines and options), `easy` or `hard` (chosen from the statistics). The quiz token binds it.',
  },
);

/** A question as the server sends it: five distinct songs, the right one among them. */
export const questionExample = {
  id: 345,
  lyricId: 345,
  lyric: 'Puše bura, hladna i prava,',
  correctSongId: 12,
  correctSongTitle: 'Zatvorene škure',
  albumTitle: 'Sol na usnama',
  albumYear: 1992,
  options: [
    { id: 31, title: 'Slano i slatko' },
    { id: 12, title: 'Zatvorene škure' },
    { id: 7, title: 'Ribarska sreća' },
    { id: 54, title: 'Ljeto bez sata' },
    { id: 22, title: 'Divlja kupina' },
  ],
};

/** What a quiz token looks like (base64url payload and signature). */
export const QUIZ_TOKEN_EXAMPLE =
  'eyJsIjpbMzQ1LDEyXSwibyI6W1szMSwxMiw3LDU0LDIyXV0sInQiOjE3NjM3MjAwMDAsIm4iOiJBYkNkRWYifQ.Qm9ndXNTaWduYXR1cmVCb2d1c1NpZ25hdHVyZQ';

export const Question = T.Object(
  {
    id: T.Integer({ description: 'Question id, unique within the quiz (equal to the lyric id).' }),
    lyricId: T.Integer({ description: 'The lyric line asked; send it back as `answers[].lyricId`.' }),
    lyric: T.String({ description: 'The lyric line.' }),
    correctSongId: T.Integer({
      description:
        'The song the line is from: the question carries it, so the page can mark the answer at once.',
    }),
    correctSongTitle: T.String({ description: 'Title of that song.' }),
    albumTitle: T.String({ description: 'Album of that song.' }),
    albumYear: T.Integer({ description: 'Year of that album.' }),
    options: T.Array(SongOption, {
      minItems: OPTIONS_PER_QUESTION,
      maxItems: OPTIONS_PER_QUESTION,
      uniqueItems: true,
      description: 'Five distinct songs, the correct one at a random position.',
    }),
  },
  { description: 'One lyric line to place, with five songs to choose from.', examples: [questionExample] },
);
export type Question = Static<typeof Question>;

export const QuizQuestions = T.Array(Question, {
  description: 'The questions of a new play, each line at most once.',
  examples: [[questionExample]],
});

// The body is JSON: strict TypeBox types, no coercion of strings to numbers. Unknown fields are
// ignored (Elysia drops them), so clients may send more than the API reads (docs/decisions/002).
export const SubmittedAnswer = T.Object(
  {
    lyricId: T.Integer({ description: 'The line asked (`lyricId` of the question).' }),
    songId: T.Integer({ description: 'The correct song of the question (`correctSongId`).' }),
    selectedSongId: T.Integer({ description: 'The song the player chose: one of the options offered.' }),
    isCorrect: T.Boolean({ description: 'Must equal `selectedSongId == songId`.' }),
  },
  {
    description: 'The answer to one question.',
    examples: [{ lyricId: 345, songId: 12, selectedSongId: 12, isCorrect: true }],
  },
);

export const SubmitBody = T.Object(
  {
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
    // Only complete plays are recorded (docs/product.md#lines-and-options): the schema says so,
    // so that a client generated from the document cannot build a play the server refuses.
    totalQuestions: T.Integer({
      minimum: PLAY_LENGTH,
      maximum: PLAY_LENGTH,
      examples: [PLAY_LENGTH],
      description: `Only plays of ${PLAY_LENGTH} questions are recorded: fetch the quiz with the default \`count\`.`,
    }),
    answers: T.Array(SubmittedAnswer, {
      minItems: PLAY_LENGTH,
      maxItems: PLAY_LENGTH,
      description: `One answer for each of the ${PLAY_LENGTH} lines of the quiz token, each once, in any order.`,
    }),
  },
  { description: `A finished play of ${PLAY_LENGTH} questions.` },
);
export type SubmitBody = Static<typeof SubmitBody>;

export const SubmitResult = T.Object(
  {
    playId: T.Integer({ description: 'Id of the recorded play (the same for a repeated submission).' }),
    score: T.Integer({ minimum: 0, maximum: PLAY_LENGTH, description: 'The score as graded by the server.' }),
    totalQuestions: T.Integer({ description: 'Questions in the play.' }),
    difficulty: DifficultyName,
    ranked: T.Optional(
      T.Boolean({
        description:
          "Daily challenge plays only (a token of GET /api/daily): `true` when the play counts in the day's ranking (the session's first daily play of the day), `false` when it was recorded as practice (a later play, or a token of a past day). Absent for free play.",
      }),
    ),
  },
  {
    description: 'The recorded play.',
    examples: [
      { playId: 1042, score: 21, totalQuestions: PLAY_LENGTH, difficulty: 'normal' },
      { playId: 1043, score: 24, totalQuestions: PLAY_LENGTH, difficulty: 'normal', ranked: true },
    ],
  },
);
export type SubmitResult = Static<typeof SubmitResult>;
