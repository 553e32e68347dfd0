/**
 * Words of a lyric line, as the catalogue checks see them. Pure functions, no
 * dictionary: the checks only warn, so a cheap heuristic that is right most of
 * the time serves better than a morphology library in the binary.
 */
import { lineKey } from './normalize';

/**
 * The words of a text: the words of its line key (see lineKey), in Croatian
 * lower case, without punctuation ("crno-bijeli" is one word, "crnobijeli").
 * Diacritics are kept: "kuća" and "kuca" are different words to a Croatian
 * reader. Validation computes every line's key anyway, so the checks split it
 * rather than scan the text again.
 */
export function wordsOf(text: string): string[] {
  return wordsOfKey(lineKey(text));
}

export function wordsOfKey(key: string): string[] {
  return key === '' ? [] : key.split(' ');
}

/**
 * Function words: prepositions, conjunctions, particles, pronouns and the
 * auxiliary forms of biti/htjeti. They carry no subject, so "Ti i ja" names no
 * song and "Grad bez sna" is named by "grad" and "sna".
 */
const FUNCTION_WORDS = new Set(
  (
    'a ako ali baš bez bi bih bismo biste bio bila bile bili bilo bit biti bude budem budeš budu ' +
    'će ćemo ćeš ćete ću čega čemu čim da do dok evo eto ga gdje god i iako ih ili im iz iza između ' +
    'ja je jer jesam jesi jest jeste joj još ju k ka kad kada kako kao kod koga koja koje koji kojoj ' +
    'kojom kojeg koju kroz li me među mene meni mi mnom moj moja moje moji moju mu na nad nam nama ' +
    'nas naš naša naše naši ne nego neka nekad ni nije nisam nisi nismo niste nisu niti njega njemu ' +
    'njezin njen njih njima njoj nju no o od oko on ona one oni ono onda ova ove ovaj ovdje ovi ovo ' +
    'pa po pod pored pred prema pri prije s sa sad sada sam samo se sebe sebi si smo ste su sve svi ' +
    'svoj svoja svoje svoju ta tad tada tamo taj te tebe tebi ti tko to tog toga tom tu tvoj tvoja ' +
    'tvoje tvoju u uz uvijek vama već vi vas vam vaš što zar za zbog že'
  ).split(' '),
);

function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word);
}

/** The words of a title that name its subject: every word that is not a function word. */
export function contentWordsOf(text: string): string[] {
  return [...new Set(wordsOf(text).filter((w) => !isFunctionWord(w)))];
}

/**
 * Case and number endings of nouns and adjectives, with the -ov-/-ev- of
 * masculine plurals ("tragovi", "tragovima"). Verb endings are left out: titles
 * name things, and every extra ending makes more unrelated words collide.
 */
const ENDINGS = new Set(
  'a e i o u om em im ih og oj ama ima oga ega omu emu ome ova ove ovi eva eve evi ovima evima'.split(' '),
);
const LONGEST_ENDING = 5;
// A stem keeps at least three letters: "sol" must not shrink to "so" and match "soba".
const MIN_STEM = 3;

/** A title word without its longest ending: "pjesma" → "pjesm", "tragovi" → "trag", "kum" → "kum". */
export function stemOf(word: string): string {
  for (let cut = Math.max(MIN_STEM, word.length - LONGEST_ENDING); cut < word.length; cut++)
    if (ENDINGS.has(word.slice(cut))) return word.slice(0, cut);
  return word;
}

/**
 * Whether a line word is an inflected form of a title word, given the title
 * word's stem: the stem itself plus nothing or one ending. "pjesmom" and
 * "pjesme" are forms of "pjesm", "tragovima" of "trag"; "soba" is no form of "sol".
 */
export function isFormOf(word: string, stem: string): boolean {
  if (!word.startsWith(stem)) return false;
  return word.length === stem.length || (stem.length >= MIN_STEM && ENDINGS.has(word.slice(stem.length)));
}
