import { t } from 'elysia';
import { fieldError } from '../http/field-error';
import { PLAY_LENGTH } from '../shared/rules';

// Request schemas of the statistics routes. Response and body contracts live in
// src/shared/contracts (the browser uses them too).

export const PercentileParams = t.Object({
  score: t.Integer({
    minimum: 0,
    maximum: PLAY_LENGTH,
    error: fieldError('score', `score must be an integer from 0 to ${PLAY_LENGTH}`),
  }),
});
