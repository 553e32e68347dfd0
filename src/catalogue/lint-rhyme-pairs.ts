/**
 * Rhyme pairs reused across songs. "Sam" / "znam" in six songs is the first
 * rhyme at hand, not a song's own: a player hears the cliché, and the songs
 * blur. A rhyme pair is the two last words of lines that rhyme in a couplet
 * (next lines) or a crossed stanza (one line between), in either order.
 */
import type { LintLine, WordTable } from './lint-types';
import type { CatalogueProblem } from './openapi';
import { linesRhyme } from './rhyme';
import { spokenWordsOf } from './syllables';

/** The number of songs that may share one rhyme pair. */
const RHYME_PAIR_MAX_SONGS = 3;

/** The rhyme pairs of one song's distinct lines, each with the line that opens it. */
export function rhymePairsOf(lines: LintLine[]): Map<string, LintLine> {
  const pairs = new Map<string, LintLine>();
  const last = lines.map((line) => spokenWordsOf(line.text).at(-1));
  lines.forEach((line, i) => {
    for (const j of [i + 1, i + 2]) {
      const [a, b] = [last[i], last[j]];
      // The same word twice is a repetition, not a rhyme someone chose.
      if (a === undefined || b === undefined || a === b || !linesRhyme(line.text, lines[j]!.text)) continue;
      const pair = [a, b].sort().join(' / ');
      if (!pairs.has(pair)) pairs.set(pair, line);
    }
  });
  return pairs;
}

/** A warning on every song's use of a rhyme pair that more than 3 songs use. */
export function rhymePairWarnings({ songs }: WordTable): CatalogueProblem[] {
  const uses = new Map<string, LintLine[]>();
  for (const song of songs)
    for (const [pair, line] of rhymePairsOf(song.lines)) uses.set(pair, [...(uses.get(pair) ?? []), line]);
  const warnings: CatalogueProblem[] = [];
  for (const [pair, lines] of uses)
    if (lines.length > RHYME_PAIR_MAX_SONGS)
      for (const line of lines)
        warnings.push({
          path: line.path,
          message: `rhymes "${pair}", a pair ${lines.length} songs rhyme (${lines
            .filter((other) => other !== line)
            .map((other) => other.path)
            .join(', ')}); more than ${RHYME_PAIR_MAX_SONGS} make the rhyme predictable`,
        });
  return warnings;
}
