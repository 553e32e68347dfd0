/** A source of uniform numbers in [0, 1); tests pass a seeded one. */
export type Random = () => number;

export function randomInt(random: Random, below: number): number {
  return Math.floor(random() * below);
}

/** The identity permutation of [0, length), restored after every use (see `sampleDistinct`). */
let identity = new Int32Array(0);

/**
 * k distinct integers from [0, n) in random order: the first k steps of a
 * Fisher–Yates shuffle of [0, n), undone afterwards. Uniform over ordered
 * samples, O(k) time and no allocation but the result: a quiz never copies
 * the catalogue (the shuffled array of indices is kept between calls, and
 * measured cheaper than a Set with random insertion, docs/performance.md).
 */
export function sampleDistinct(random: Random, n: number, k: number): number[] {
  const take = Math.max(0, Math.min(k, n));
  if (identity.length < n) identity = Int32Array.from({ length: n }, (_, i) => i);
  const picked = new Array<number>(take);
  const swappedWith = new Int32Array(take);
  for (let i = 0; i < take; i++) {
    const j = i + randomInt(random, n - i);
    const value = identity[j]!;
    identity[j] = identity[i]!;
    identity[i] = value;
    picked[i] = value;
    swappedWith[i] = j;
  }
  for (let i = take - 1; i >= 0; i--) {
    const j = swappedWith[i]!;
    const value = identity[i]!;
    identity[i] = identity[j]!;
    identity[j] = value;
  }
  return picked;
}
