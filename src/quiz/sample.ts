/** A source of uniform numbers in [0, 1); tests pass a seeded one. */
export type Random = () => number;

export function randomInt(random: Random, below: number): number {
  return Math.floor(random() * below);
}

/** The identity permutation of [0, length), restored after every use (see `sampleDistinct`). */
let identity = new Int32Array(0);

/** Where each step of the last sample swapped from, for undoing it (grown as needed). */
let swappedWith = new Int32Array(64);

/**
 * k distinct integers from [0, n) in random order: the first k steps of a
 * Fisher–Yates shuffle of [0, n), undone afterwards. Uniform over ordered
 * samples, O(k) time and no allocation but the result: a quiz never copies
 * the catalogue (the shuffled array of indices is kept between calls, and
 * measured cheaper than a Set with random insertion, docs/performance.md).
 */
export function sampleDistinct(random: Random, n: number, k: number): number[] {
  const picked = new Int32Array(Math.max(0, Math.min(k, n)));
  sampleDistinctInto(random, n, picked.length, picked);
  return Array.from(picked);
}

/**
 * `sampleDistinct` of `take` (at most n) written into the start of `into`: the same draws in the
 * same order, no allocation (the normal quiz, src/quiz/draw.ts).
 */
export function sampleDistinctInto(random: Random, n: number, take: number, into: Int32Array): void {
  if (identity.length < n) identity = Int32Array.from({ length: n }, (_, i) => i);
  if (swappedWith.length < take) swappedWith = new Int32Array(take);
  for (let i = 0; i < take; i++) {
    const j = i + randomInt(random, n - i);
    const value = identity[j]!;
    identity[j] = identity[i]!;
    identity[i] = value;
    into[i] = value;
    swappedWith[i] = j;
  }
  for (let i = take - 1; i >= 0; i--) {
    const j = swappedWith[i]!;
    const value = identity[i]!;
    identity[i] = identity[j]!;
    identity[j] = value;
  }
}
