/** Rounds to `decimals` places (half away from zero for the positive numbers used here). */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * Share of plays with a strictly lower score, in percent with one decimal,
 * from the score histogram (`playsByScore[s]` = plays that scored s).
 */
export function percentileOf(
  score: number,
  playsByScore: ReadonlyMap<number, number>,
): { percentile: number; totalPlayers: number } {
  let below = 0;
  let total = 0;
  for (const [s, plays] of playsByScore) {
    total += plays;
    if (s < score) below += plays;
  }
  return { percentile: total === 0 ? 0 : round((below / total) * 100, 1), totalPlayers: total };
}
