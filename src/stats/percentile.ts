import type { Percentile } from '../shared/contracts/stats';
import { round } from '../shared/round';

/**
 * Share of plays with a strictly lower score and share of plays with the same score, in
 * percent with one decimal, from the score histogram (`playsByScore[s]` = plays that scored s).
 */
export function percentileOf(score: number, playsByScore: ReadonlyMap<number, number>): Percentile {
  let below = 0;
  let same = 0;
  let total = 0;
  for (const [s, plays] of playsByScore) {
    total += plays;
    if (s < score) below += plays;
    else if (s === score) same += plays;
  }
  const share = (part: number) => (total === 0 ? 0 : round((part / total) * 100, 1));
  return { percentile: share(below), samePercent: share(same), totalPlayers: total };
}
