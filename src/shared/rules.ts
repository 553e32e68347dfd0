/**
 * Rules of the game shared by the server and the browser. No dependencies, so
 * the client bundle imports them for free (docs/decisions/011-code-layout.md).
 */

/**
 * Lines in a play, and so the maximum score (docs/product.md#lines-and-options). Only plays of this
 * length are recorded.
 */
export const PLAY_LENGTH = 30;

/** The largest `count` a quiz may be asked for. */
export const QUIZ_MAX_COUNT = 50;

/** Options offered for each line: its song and four others (docs/product.md#lines-and-options). */
export const OPTIONS_PER_QUESTION = 5;

export const DEVICE_INFO_MAX_LENGTH = 512;

/** The response header of GET /api/quiz that carries the quiz token (sent back as `quizToken`). */
export const QUIZ_TOKEN_HEADER = 'x-quiz-token';

/** A session id is a UUID in its canonical 8-4-4-4-12 form. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The product title everywhere, kept exact: '{artist} Kviz znanja'
 * (docs/product.md#texts-that-must-stay-exact).
 */
export function productTitle(artist: string): string {
  return `${artist} Kviz znanja`.trim();
}
