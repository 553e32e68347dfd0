/**
 * The score of the play the browser last finished or showed, in a cookie the results page's
 * request carries, so the server can render the score, its rating and the rating scale into the
 * page (issue 33: a phone drew the score only after the scripts ran). The browser's storage stays
 * the source of truth: the island replaces what the cookie said once it has read the play.
 * A display hint only — never counted, ranked or trusted for anything else.
 */
import { PLAY_LENGTH } from './rules';

const SHOWN_SCORE_COOKIE = 'kviz_score';

/** The cookie's score (0–30) from a Cookie header, or undefined. */
export function shownScoreOf(cookieHeader: string | null): number | undefined {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${SHOWN_SCORE_COOKIE}=(\\d{1,2})(?:;|$)`));
  const score = match ? Number(match[1]) : undefined;
  return score !== undefined && score <= PLAY_LENGTH ? score : undefined;
}

/** The cookie's value for `score`: sent to /results only, for a day. */
export function shownScoreCookie(score: number): string {
  return `${SHOWN_SCORE_COOKIE}=${score}; path=/results; max-age=86400; samesite=lax`;
}
