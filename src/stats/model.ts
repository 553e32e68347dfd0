import { Type as T } from '@sinclair/typebox';
import { type Static, t } from 'elysia';
import { fieldError } from '../http/model';

import { DEVICE_INFO_MAX_LENGTH, PLAY_LENGTH, UUID_PATTERN } from './limits';

export { DEVICE_INFO_MAX_LENGTH, PLAY_LENGTH };
export const MAX_SCORE = PLAY_LENGTH;

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
    maximum: MAX_SCORE,
    description: 'Correct answers; must agree with the grading.',
    examples: [21],
  }),
  totalQuestions: T.Integer({
    minimum: 1,
    maximum: 50,
    description: 'Must equal the number of answers.',
    examples: [30],
  }),
  answers: T.Array(SubmittedAnswer, {
    minItems: 1,
    maxItems: 50,
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

export const PercentileParams = t.Object({
  score: t.Integer({
    minimum: 0,
    maximum: MAX_SCORE,
    error: fieldError('score', `score must be an integer from 0 to ${MAX_SCORE}`),
  }),
});

export const PercentileResponse = T.Object({
  percentile: T.Number({
    description: 'Share of recorded plays with a strictly lower score, in percent, one decimal.',
    examples: [63.4],
  }),
  totalPlayers: T.Integer({ description: 'Number of recorded plays.', examples: [1532] }),
});

export const Overview = T.Object({
  totalAttempts: T.Integer({ description: 'Recorded plays.', examples: [1532] }),
  uniquePlayers: T.Integer({ description: 'Distinct players (browser sessions).', examples: [871] }),
  averageScore: T.Number({
    description: 'Mean score of the recorded plays (two decimals).',
    examples: [17.42],
  }),
  averagePercentage: T.Number({
    description: 'Overall accuracy: correct answers / answers × 100 (two decimals).',
    examples: [58.07],
  }),
});
export type Overview = Static<typeof Overview>;

const counts = {
  occurrences: T.Integer({
    description: 'Times it was the answer of a question in recorded plays.',
    examples: [41],
  }),
  correctAnswers: T.Integer({ description: 'Times it was answered correctly.', examples: [29] }),
};

export const LyricStat = T.Object({
  lyricId: T.Integer({ examples: [345] }),
  text: T.String({ examples: ['Puše bura, hladna i prava,'] }),
  songTitle: T.String({ examples: ['Zatvorene škure'] }),
  albumTitle: T.String({ examples: ['Sol na usnama'] }),
  albumYear: T.Integer({ examples: [1992] }),
  ...counts,
});
export const SongStat = T.Object({
  songId: T.Integer({ examples: [12] }),
  title: T.String({ examples: ['Zatvorene škure'] }),
  albumTitle: T.String({ examples: ['Sol na usnama'] }),
  albumYear: T.Integer({ examples: [1992] }),
  ...counts,
});
export const AlbumStat = T.Object({
  albumId: T.Integer({ examples: [1] }),
  title: T.String({ examples: ['Sol na usnama'] }),
  ...counts,
});
export const HourlyStat = T.Object({
  hour: T.Integer({ minimum: 0, maximum: 23, examples: [20] }),
  attempts: T.Integer({ description: 'Plays recorded in this hour of day.', examples: [96] }),
  uniquePlayers: T.Integer({
    description: 'Distinct players who played in this hour of day.',
    examples: [71],
  }),
});

export type LyricStat = Static<typeof LyricStat>;
export type SongStat = Static<typeof SongStat>;
export type AlbumStat = Static<typeof AlbumStat>;
export type HourlyStat = Static<typeof HourlyStat>;
