/**
 * How statistics rows are ranked from easiest to hardest: one rule for the top lists of the
 * pages and the `sort` parameter of the statistics API (no dependencies: the browser imports it).
 */

export interface Counted {
  occurrences: number;
  correctAnswers: number;
}

export const difficultyOrders = ['easiest', 'hardest'] as const;
export type DifficultyOrder = (typeof difficultyOrders)[number];

/** Correct / occurrences × 100; 0 when never shown. */
export function percentage(item: Counted): number {
  return item.occurrences === 0 ? 0 : (item.correctAnswers / item.occurrences) * 100;
}

/**
 * The items shown at least `minOccurrences` times, highest percentage first ('easiest') or lowest
 * first ('hardest'). Ties: more occurrences first, then the input order (the sort is stable).
 */
export function rankByDifficulty<T extends Counted>(
  items: readonly T[],
  order: DifficultyOrder,
  minOccurrences = 0,
): T[] {
  const sign = order === 'easiest' ? -1 : 1;
  return items
    .filter((item) => item.occurrences >= minOccurrences)
    .map((item) => ({ item, pct: percentage(item) }))
    .sort((a, b) => sign * (a.pct - b.pct) || b.item.occurrences - a.item.occurrences)
    .map(({ item }) => item);
}
