import { DIFFICULTIES } from './difficulty';

/**
 * What kind of play a recorded play was: a free play of some difficulty, or a play of
 * the daily challenge, ranked (a session's first of its day) or practice (every later
 * one, and any on a token of a past day). Kept in the play's `difficulty` column and
 * keying the score histograms, so a free-play percentile never counts daily plays and a
 * daily percentile counts only that day's ranked plays (docs/decisions/021).
 */
const PLAY_MODES = [...DIFFICULTIES, 'daily', 'daily_practice'] as const;

export type PlayMode = (typeof PLAY_MODES)[number];
