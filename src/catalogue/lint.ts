/**
 * Warnings that protect the quiz from a catalogue that is valid but unfair:
 * lines that give their song away or could belong to two songs, lines too
 * short or too long to be a question, and the writing habits that make songs
 * sound alike (an apostrophe contraction, a reused rhyme pair, similes everywhere). They never stop an import on their own;
 * `kviz import --strict` turns them into errors.
 */
import { contractionWarnings } from './lint-contractions';
import { nearDuplicateWarnings } from './lint-near-duplicates';
import { rhymePairWarnings } from './lint-rhyme-pairs';
import { simileWarnings } from './lint-similes';
import { titleWarnings } from './lint-titles';
import type { LintSong, WordTable } from './lint-types';
import type { CatalogueProblem } from './openapi';
import { wordsOfKey } from './words';

/** A distinct line of a song (a repeated chorus once), with its JSON path and line key. */

export function tabulateWords(songs: LintSong[]): WordTable {
  const vocabulary: string[] = [];
  const ids = new Map<string, number>();
  const frequency: number[] = [];
  const lastLine: number[] = []; // the last line each word was counted in, to count it once a line
  const lines: WordTable['lines'] = [];
  songs.forEach((song, s) => {
    for (const line of song.lines) {
      const all = wordsOfKey(line.key);
      const words: number[] = [];
      for (const word of all) {
        let id = ids.get(word);
        if (id === undefined) {
          id = vocabulary.push(word) - 1;
          ids.set(word, id);
          frequency.push(0);
        }
        if (lastLine[id] !== lines.length) {
          lastLine[id] = lines.length;
          words.push(id);
          frequency[id]!++;
        }
      }
      lines.push({ song: s, line, wordCount: all.length, words });
    }
  });
  return { songs, lines, vocabulary, ids, frequency };
}

const LINE_MIN_WORDS = 2;
const LINE_MAX_WORDS = 20;

/** A line of one word is a guess, one of twenty-plus words a paragraph to read against the clock. */
function lineLengthWarnings(table: WordTable): CatalogueProblem[] {
  return table.lines
    .filter(({ wordCount }) => wordCount < LINE_MIN_WORDS || wordCount > LINE_MAX_WORDS)
    .map(({ line, wordCount }) => ({
      path: line.path,
      message: `has ${wordCount} word(s); a question line should have ${LINE_MIN_WORDS}–${LINE_MAX_WORDS}`,
    }));
}

export function lintCatalogue(songs: LintSong[]): CatalogueProblem[] {
  const table = tabulateWords(songs);
  return [
    ...titleWarnings(table),
    ...nearDuplicateWarnings(table),
    ...lineLengthWarnings(table),
    ...contractionWarnings(table),
    ...rhymePairWarnings(table),
    ...simileWarnings(table),
  ];
}
