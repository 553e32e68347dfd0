import { DIFFICULTIES } from './difficulty';

/**
 * What kind of play a recorded play was: a free play of some difficulty, or a play of
 * the daily challenge, ranked (a session's first of its day) or practice (every later
 * one, and any on a token of a past day). Kept in the play's `mode` column and
 * keying the score histograms, so a free-play percentile never counts daily plays and a
 * daily percentile counts only that day's ranked plays (docs/decisions/021).
 */
const PLAY_MODES = [...DIFFICULTIES, 'daily', 'daily_practice'] as const;

export type PlayMode = (typeof PLAY_MODES)[number];

/**
 * The plays a score distribution counts: every play (as the dashboard's cards count them), the
 * free plays of one difficulty, or the daily challenge (ranked and practice plays).
 */
export const SCORE_MODES = ['all', ...DIFFICULTIES, 'daily'] as const;

export type ScoreMode = (typeof SCORE_MODES)[number];

/** The recorded play modes a score mode adds up. */
export function playModesOf(mode: ScoreMode): readonly PlayMode[] {
  if (mode === 'all') return PLAY_MODES;
  if (mode === 'daily') return ['daily', 'daily_practice'];
  return [mode];
}
