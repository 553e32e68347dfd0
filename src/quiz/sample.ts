/** A source of uniform numbers in [0, 1); tests pass a seeded one. */
export type Random = () => number;

export function randomInt(random: Random, below: number): number {
  return Math.floor(random() * below);
}

/**
 * k distinct integers from [0, n) in random order (Floyd's algorithm):
 * O(k) time and memory whatever n is, so a quiz never copies the catalogue.
 */
export function sampleDistinct(random: Random, n: number, k: number): number[] {
  const take = Math.min(k, n);
  const chosen = new Set<number>();
  const order: number[] = [];
  for (let j = n - take; j < n; j++) {
    const t = randomInt(random, j + 1);
    const pick = chosen.has(t) ? j : t;
    chosen.add(pick);
    // Floyd's set is uniform but its insertion order is not; a random insert position fixes the order.
    order.splice(randomInt(random, order.length + 1), 0, pick);
  }
  return order;
}
