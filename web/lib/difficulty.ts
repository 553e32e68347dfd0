/**
 * The difficulty in addresses (docs/decisions/022): `/quiz?nova&difficulty=hard` starts a hard
 * play; a normal one is plain `/quiz?nova`, the address the start page always had. No DOM.
 */
import { DEFAULT_DIFFICULTY, type Difficulty, isDifficulty } from '../../src/shared/difficulty';

/** `/quiz?nova`: the links that start a new play ('Započni kviz'); plain `/quiz` resumes. */
export const NEW_PLAY_PARAM = 'nova';

/** The query parameter, named as the API's. */
const DIFFICULTY_PARAM = 'difficulty';

/** The address that starts a new play of this difficulty. */
export function newPlayHref(difficulty: Difficulty): string {
  return difficulty === DEFAULT_DIFFICULTY
    ? `/quiz?${NEW_PLAY_PARAM}`
    : `/quiz?${NEW_PLAY_PARAM}&${DIFFICULTY_PARAM}=${difficulty}`;
}

/** The difficulty an address asks for; anything else is normal. */
export function difficultyOf(search: string): Difficulty {
  const value = new URLSearchParams(search).get(DIFFICULTY_PARAM);
  return isDifficulty(value) ? value : DEFAULT_DIFFICULTY;
}

/**
 * The difficulty to preselect: the address's (`/?difficulty=hard`), else the one last chosen or
 * played in this browser, else normal.
 */
export function preselectedDifficulty(search: string, remembered: string | null): Difficulty {
  const asked = new URLSearchParams(search).get(DIFFICULTY_PARAM);
  if (isDifficulty(asked)) return asked;
  return isDifficulty(remembered) ? remembered : DEFAULT_DIFFICULTY;
}

/** The level in the locative, as an adjective: 'na teškoj razini'. */
const LEVEL_LOCATIVE: Record<Difficulty, string> = { easy: 'laganoj', normal: 'normalnoj', hard: 'teškoj' };

/**
 * 'na teškoj razini': what a percentile is compared with; nothing for normal, whose words stay
 * exact (docs/product.md#difficulty).
 */
export function levelSuffix(difficulty: Difficulty | undefined): string {
  return difficulty && difficulty !== DEFAULT_DIFFICULTY ? ` na ${LEVEL_LOCATIVE[difficulty]} razini` : '';
}
