/**
 * A rhyme test for Croatian lines, from spelling alone.
 *
 * The heuristic: Croatian stress never falls on the last syllable of a word of
 * two or more syllables, so the penultimate syllable is the latest a stress can
 * sit on. Two lines rhyme when their last words agree from the vowel of that
 * syllable to the end ("kamenu" / "ramenu": "enu"; "mora" / "zora": "ora").
 * A one-syllable word has only its own syllable: it rhymes on that vowel and
 * what follows ("dan" / "badan": "an"), and when nothing follows the vowel, on
 * the consonant before it too, so "ti" / "dati" rhyme and "ti" / "mi" do not.
 * "ije" counts as its "e" ("vrijeme" / "sjeme", "prije" / "gdje"). The same last word counts as
 * a rhyme. It is looser than a poet's ear for words stressed earlier
 * ("kamenu" / "sijenu" pass), but it tells a rhyming stanza from one that does not rhyme.
 */
import { spokenWordsOf, syllableNuclei } from './syllables';

export interface RhymeEnding {
  /** From the vowel of the penultimate syllable (of the only one in a monosyllable) to the end. */
  feminine: string;
  /** From the vowel of the last syllable to the end, with the consonant before an open last syllable. */
  masculine: string;
  monosyllable: boolean;
}

/** The rhyming end of a line's last word; undefined when the line ends without a syllable (a number). */
export function rhymeEnding(line: string): RhymeEnding | undefined {
  const word = spokenWordsOf(line).at(-1);
  if (word === undefined) return undefined;
  const { letters, nuclei } = syllableNuclei(word);
  const last = nuclei.at(-1);
  if (last === undefined) return undefined;
  const from = (index: number) => letters.slice(index).join('');
  const open = last.vowel === letters.length - 1;
  const masculine = from(open && last.vowel > 0 ? last.vowel - 1 : last.vowel);
  const penultimate = nuclei.at(-2);
  return penultimate
    ? { feminine: from(penultimate.vowel), masculine, monosyllable: false }
    : { feminine: masculine, masculine, monosyllable: true };
}

/** Whether two lines rhyme (see the heuristic above). */
export function linesRhyme(a: string, b: string): boolean {
  const x = rhymeEnding(a);
  const y = rhymeEnding(b);
  if (!x || !y) return false;
  return x.monosyllable || y.monosyllable ? x.masculine === y.masculine : x.feminine === y.feminine;
}
