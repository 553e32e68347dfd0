/**
 * The words around a score on the results page: the position box (docs/product.md#percentile)
 * with the share of plays with the same score, a line for a first play, a celebration for a
 * perfect one, and the player's own record kept in the browser. No DOM.
 */
import type { Percentile } from '../../src/shared/contracts/stats';
import type { Difficulty } from '../../src/shared/difficulty';
import { PLAY_LENGTH } from '../../src/shared/rules';
import { levelSuffix } from './difficulty';
import { formatCount, formatShare } from './format';
import type { PlayRecord } from './play-store';

export interface PositionTexts {
  /**
   * 'Bolje od X% igrača' (kept exact, docs/product.md#texts-that-must-stay-exact); of another
   * difficulty than normal, 'Bolje od X% igrača na teškoj razini'.
   */
  better: string;
  /**
   * 'Isti rezultat ima Y% igrača' (the player's own play included); absent from a server that does
   * not send it, and for the first play of all.
   */
  same?: string;
  /** '(od ukupno N igranja)', kept exact. */
  total: string;
  /** The first recorded play of all: no one to be better than yet. */
  first?: string;
}

/**
 * `difficulty`: the plays compared with are of this difficulty; named unless normal, whose words
 * stay exact.
 */
export function positionTexts(p: Percentile, difficulty?: Difficulty): PositionTexts {
  const texts: PositionTexts = {
    better: `Bolje od ${formatShare(p.percentile)} igrača${levelSuffix(difficulty)}`,
    total: `(od ukupno ${formatCount(p.totalPlayers)} igranja)`,
  };
  // The first play of all has no one to share its score with: 'mjerilo' below says it instead.
  if (Number.isFinite(p.samePercent) && p.totalPlayers > 1)
    texts.same = `Isti rezultat ima ${formatShare(p.samePercent)} igrača`;
  if (p.totalPlayers === 1)
    texts.first = `Vi ste prvi igrač ovog kviza${levelSuffix(difficulty)} – vaš rezultat je mjerilo za sve ostale!`;
  return texts;
}

/**
 * A finished play kept in the browser until it can be sent: offline, when the network is back;
 * online, the server did not answer (down, or unreachable), so it goes when the server does.
 */
export function queuedNote(online: boolean): string {
  return online
    ? 'Spremljeno, poslat ćemo čim poslužitelj ponovno odgovori.'
    : 'Spremljeno, poslat ćemo kad se vratite na mrežu.';
}

/** A perfect play's celebration, a first play's welcome, or nothing. */
export function scoreNote(score: number, earlierPlays: number): string | undefined {
  if (score === PLAY_LENGTH) return 'Savršeno! Svih 30 stihova pogođeno – čestitamo!';
  if (earlierPlays === 0) return 'Vaša prva igra! Svaka sljedeća donosi 30 novih stihova.';
  return undefined;
}

export interface PersonalRecord {
  /** The best score of every play remembered, this one included. */
  best: number;
  /** This play beat every earlier one. */
  newBest: boolean;
  /** Earlier plays, newest first (at most `count`). */
  earlier: PlayRecord[];
}

/** The player's record from the browser's history; `id` is this play's. */
export function personalRecord(history: PlayRecord[], id: string, score: number, count = 5): PersonalRecord {
  const earlier = history.filter((r) => r.id !== id);
  const bestBefore = earlier.reduce((best, r) => Math.max(best, r.score), -1);
  return {
    best: Math.max(bestBefore, score),
    newBest: earlier.length > 0 && score > bestBefore,
    earlier: earlier.slice(0, count),
  };
}
