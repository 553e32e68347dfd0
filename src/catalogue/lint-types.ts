/** The shapes the catalogue checks share (lint.ts builds them, the lint-* checks read them). */

export interface LintLine {
  path: string;
  text: string;
  key: string;
}

export interface LintSong {
  path: string;
  /** The JSON path of the song's album ("albums[4]"): some checks measure an album as a whole. */
  album: string;
  title: string;
  lines: LintLine[];
}

/**
 * The catalogue's lines as word ids. The checks look words up thousands of
 * times; hashing each fresh string once, here, and indexing arrays by small
 * integers afterwards keeps the first start (which imports the demo) fast.
 */
export interface WordTable {
  songs: LintSong[];
  /** Every line of every song, in catalogue order. */
  lines: { song: number; line: LintLine; wordCount: number; words: number[] }[];
  /** The word of each id. */
  vocabulary: string[];
  /** The id of each word. */
  ids: Map<string, number>;
  /** The number of lines each word occurs in. */
  frequency: number[];
}
