/**
 * Difficulty of a play (docs/product.md#difficulty, docs/decisions/022). `normal` is the
 * plain random quiz; `easy` and `hard` choose lines and options from the statistics. A
 * play records its difficulty (the quiz token binds it), and the score histogram
 * is kept per difficulty, so a percentile or a distribution compares like with like
 * (docs/decisions/014).
 */
export const DIFFICULTIES = ['easy', 'normal', 'hard'] as const;

export type Difficulty = (typeof DIFFICULTIES)[number];

/** Plain free play, what a client that names no difficulty gets: random lines, random distractors. */
export const DEFAULT_DIFFICULTY: Difficulty = 'normal';

export function isDifficulty(value: unknown): value is Difficulty {
  return (DIFFICULTIES as readonly unknown[]).includes(value);
}

/** What the player sees: the choice on the start page and in the quiz, the results page's comparison. */
export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  easy: 'Lagano',
  normal: 'Normalno',
  hard: 'Teško',
};

/** The order the choice is shown in. */
export const DIFFICULTY_CHOICES: readonly Difficulty[] = ['easy', 'normal', 'hard'];
