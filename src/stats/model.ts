import { t } from 'elysia';
import { fieldError } from '../http/field-error';
import { PLAY_LENGTH, QUIZ_MAX_COUNT } from '../shared/rules';

// Request schemas of the statistics routes. Response and body contracts live in
// src/shared/contracts (the browser uses them too).

export const PercentileParams = t.Object({
  score: t.Integer({
    minimum: 0,
    maximum: PLAY_LENGTH,
    error: fieldError('score', `score must be an integer from 0 to ${PLAY_LENGTH}`),
  }),
});

/** At most one quiz's lines, as comma-separated lyric ids. */
export const LineResultsQuery = t.Object({
  ids: t.String({
    pattern: `^[0-9]{1,9}(,[0-9]{1,9}){0,${QUIZ_MAX_COUNT - 1}}$`,
    description: `Lyric ids, comma-separated, at most ${QUIZ_MAX_COUNT} (the \`lyricId\`s of a play).`,
    examples: ['345,346,1021'],
    error: fieldError('ids', `ids must be 1 to ${QUIZ_MAX_COUNT} lyric ids separated by commas`),
  }),
});
