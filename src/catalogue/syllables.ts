/**
 * Croatian syllables, counted from spelling. Croatian is written as it is
 * spoken, so every syllable has one nucleus that can be read off the letters:
 * - a vowel (a e i o u); two vowels side by side are two syllables ("pauk", "ideja");
 * - "ije", the long yat ("rijeka", "vrijeme", "snijeg"), is one;
 * - a syllabic r: r between two consonants ("prst", "smrt", "grlo") or at the
 *   start of a word before a consonant ("rđa").
 * Known misses, rare enough for a line-length check: a non-yat "ije" is two
 * syllables ("linije", "pije", "nije"), and words written with digits count none.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);
const isConsonant = (letter: string | undefined) =>
  letter !== undefined && /\p{L}/u.test(letter) && !VOWELS.has(letter);

/** Where a nucleus sits in a word: `start` is its first letter, `vowel` the letter it is heard as. */
export interface Nucleus {
  start: number;
  vowel: number;
}

// Accents of dictionaries and poetry ("rȉjeka", "r̀t") sit on vowels and r; č, ć, š, ž, đ are letters of their own.
const plainLetters = (word: string) =>
  word
    .normalize('NFD')
    .replace(/([aeiour])\p{M}+/gu, '$1')
    .normalize('NFC');

/**
 * The syllable nuclei of one word (lower case, no hyphen), in order, with the
 * word's letters (accents on vowels and r removed) that their positions refer to.
 */
export function syllableNuclei(word: string): { letters: string[]; nuclei: Nucleus[] } {
  const letters = [...plainLetters(word)];
  const nuclei: Nucleus[] = [];
  for (let i = 0; i < letters.length; i++) {
    const letter = letters[i]!;
    if (letter === 'i' && letters[i + 1] === 'j' && letters[i + 2] === 'e') {
      // "ije" rhymes as its "e": "vrijeme" with "sjeme".
      nuclei.push({ start: i, vowel: i + 2 });
      i += 2;
    } else if (VOWELS.has(letter)) {
      nuclei.push({ start: i, vowel: i });
    } else if (letter === 'r' && isConsonant(letters[i + 1]) && (i === 0 || isConsonant(letters[i - 1]))) {
      nuclei.push({ start: i, vowel: i });
    }
  }
  return { letters, nuclei };
}

// Letters, with any accent mark that has no precomposed form ("r̀t"), and digits. Hyphens and
// apostrophes split words: "crno-bijeli" is two words to the ear.
const SPOKEN_WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a text as they are said, in lower case (Croatian has no casing rule of its own). */
export function spokenWordsOf(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(SPOKEN_WORD) ?? [];
}

/** Syllables of a word or a whole line. */
export function countSyllables(text: string): number {
  return spokenWordsOf(text).reduce((sum, word) => sum + syllableNuclei(word).nuclei.length, 0);
}
