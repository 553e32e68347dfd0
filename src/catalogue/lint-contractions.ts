/**
 * Contractions spelled with an apostrophe. Croatian writes the contraction of
 * "kao" as "ko", without an apostrophe; "k'o" next to "ko" in one catalogue
 * reads as two hands at work, and a player who searches or compares lines
 * sees two spellings of one word.
 */
import type { WordTable } from './lint-types';
import type { CatalogueProblem } from './openapi';

/** An apostrophe as typed: ASCII, typographic, modifier letter, grave and acute accents. */
const APOSTROPHE = "['’ʼ`´]";

/** The contractions checked: the apostrophe spelling and the standard one. */
const CONTRACTIONS: { apostrophe: string; standard: string; of: string }[] = [
  { apostrophe: "k'o", standard: 'ko', of: 'kao' },
];

const patterns = CONTRACTIONS.map((c) => ({
  ...c,
  // Not inside a longer word: "k'o" alone, at any case, with any apostrophe.
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])${c.apostrophe.replace("'", APOSTROPHE)}(?![\\p{L}\\p{N}])`, 'iu'),
}));

/** A warning on every line that spells a contraction with an apostrophe. */
export function contractionWarnings({ lines }: WordTable): CatalogueProblem[] {
  const warnings: CatalogueProblem[] = [];
  for (const { line } of lines)
    for (const { apostrophe, standard, of, pattern } of patterns)
      if (pattern.test(line.text))
        warnings.push({
          path: line.path,
          message: `spells "${apostrophe}" with an apostrophe; the contraction of "${of}" is written "${standard}"`,
        });
  return warnings;
}
