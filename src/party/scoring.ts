/** The most a right answer scores (answered the instant the line arrived); the least is half of it. */
const MAX_POINTS = 1000;

/**
 * Points for an answer, decided on the server: a right one scores
 * 1000 × (1 − (elapsed / limit) / 2), rounded, so 1000 at once and 500 at the last moment;
 * a wrong one 0. `elapsedMs` is measured from when the line was sent, pauses excluded.
 */
export function pointsFor(right: boolean, elapsedMs: number, limitMs: number): number {
  if (!right) return 0;
  const share = Math.min(1, Math.max(0, elapsedMs / limitMs));
  return Math.round(MAX_POINTS * (1 - share / 2));
}

export interface Standing {
  points: number;
  /** Order of joining: the earlier of two players with equal points is listed first. */
  order: number;
}

/**
 * Ranks by points, highest first, with shared places for equal points (1, 2, 2, 4); returns the
 * entries sorted and each one's rank in the same order.
 */
export function rankStandings<S extends Standing>(standings: readonly S[]): { sorted: S[]; ranks: number[] } {
  const sorted = [...standings].sort((a, b) => b.points - a.points || a.order - b.order);
  const ranks = new Array<number>(sorted.length);
  for (let i = 0; i < sorted.length; i++)
    ranks[i] = i > 0 && sorted[i]!.points === sorted[i - 1]!.points ? ranks[i - 1]! : i + 1;
  return { sorted, ranks };
}
