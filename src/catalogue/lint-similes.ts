/**
 * Simile density. "Ko", "kao", "poput" and "ko da" are the cheapest way to a
 * picture; in every third line they make all songs of an album sound like one
 * writer's habit. The measure is per album, because an album is heard as a whole.
 */
import type { WordTable } from './lint-types';
import type { CatalogueProblem } from './openapi';

/** Words that open a comparison ("ko da", "kao da" hold "ko" and "kao"). */
const SIMILE_WORDS = new Set(['ko', 'kao', 'poput']);
/** The share of an album's distinct lines that may hold a simile: 1 line in 10. */
const SIMILE_MAX_SHARE = 0.1;

/** A warning on every album whose distinct lines hold a simile word more often than 1 in 10. */
export function simileWarnings({ songs, lines, vocabulary }: WordTable): CatalogueProblem[] {
  const albums = new Map<string, { lines: number; similes: number }>();
  for (const { song, words } of lines) {
    const album = songs[song]!.album;
    const count = albums.get(album) ?? { lines: 0, similes: 0 };
    count.lines++;
    if (words.some((id) => SIMILE_WORDS.has(vocabulary[id]!))) count.similes++;
    albums.set(album, count);
  }
  return [...albums]
    .filter(([, { lines, similes }]) => similes > lines * SIMILE_MAX_SHARE)
    .map(([album, { lines, similes }]) => ({
      path: album,
      message: `has a simile (${[...SIMILE_WORDS].join(', ')}) in ${similes} of its ${lines} distinct lines (${Math.round((similes * 100) / lines)} %); more than 1 in 10 makes its songs sound alike`,
    }));
}
