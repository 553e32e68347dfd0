/**
 * Difficulty of a play (DESIGN.md §7). Every play is `normal` today; `easy` and
 * `hard` arrive with the modes that use the statistics. A play records its
 * difficulty, and the score histogram is kept per difficulty, so a percentile
 * or a distribution compares like with like (docs/decisions/014).
 */
export const DIFFICULTIES = ['easy', 'normal', 'hard'] as const;

export type Difficulty = (typeof DIFFICULTIES)[number];

/** The spec's free play: random lines, random distractors. */
export const DEFAULT_DIFFICULTY: Difficulty = 'normal';

export function isDifficulty(value: unknown): value is Difficulty {
  return (DIFFICULTIES as readonly unknown[]).includes(value);
}
