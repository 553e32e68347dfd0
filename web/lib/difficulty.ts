/**
 * The difficulty in addresses (docs/decisions/022): `/quiz?nova&difficulty=hard` starts a hard
 * play; a normal one keeps the spec's `/quiz?nova`. No DOM.
 */
import {
  DEFAULT_DIFFICULTY,
  DIFFICULTY_LABELS,
  type Difficulty,
  isDifficulty,
} from '../../src/shared/difficulty';

/** The query parameter, named as the API's. */
const DIFFICULTY_PARAM = 'difficulty';

/** The address that starts a new play of this difficulty. */
export function newPlayHref(difficulty: Difficulty): string {
  return difficulty === DEFAULT_DIFFICULTY ? '/quiz?nova' : `/quiz?nova&${DIFFICULTY_PARAM}=${difficulty}`;
}

/** The difficulty an address asks for; anything else is normal. */
export function difficultyOf(search: string): Difficulty {
  const value = new URLSearchParams(search).get(DIFFICULTY_PARAM);
  return isDifficulty(value) ? value : DEFAULT_DIFFICULTY;
}

/** 'na razini Teško': what a percentile is compared with; nothing for normal (the spec's words stay). */
export function levelSuffix(difficulty: Difficulty | undefined): string {
  return difficulty && difficulty !== DEFAULT_DIFFICULTY ? ` na razini ${DIFFICULTY_LABELS[difficulty]}` : '';
}
