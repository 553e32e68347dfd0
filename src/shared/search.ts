/**
 * Text search as Croatian readers type it: without diacritics ('cuvar' finds 'čuvar'),
 * in any case, 'dj' or 'd' for 'đ'. Pure: no DOM.
 */

import { albumWithYear, orUnknown } from './labels';

const MARKS = /\p{M}/gu;
const SPACES = /\s+/;

/** Lower case without diacritics; 'đ' (which Unicode does not decompose) becomes `dj` or `d`. */
function fold(text: string, dj: 'dj' | 'd'): string {
  return text.toLowerCase().replace(/đ/g, dj).normalize('NFD').replace(MARKS, '');
}

/** The form a query is compared in: 'Čuvar Đurđe' → 'cuvar djurdje'. */
export function foldText(text: string): string {
  return fold(text, 'dj');
}

/**
 * The searchable form of a row's texts: each text folded, joined; a text with 'đ' is kept in both
 * spellings (`dj` and `d`), so 'djurdjevak' and 'durdevak' both find 'Đurđevak'.
 */
export function searchableText(texts: readonly string[]): string {
  return texts
    .map((text) =>
      text.includes('đ') || text.includes('Đ') ? `${fold(text, 'dj')}\n${fold(text, 'd')}` : fold(text, 'dj'),
    )
    .join('\n');
}

/** The words of a query, folded; an empty query has none (and matches everything). */
export function queryTerms(query: string): string[] {
  return foldText(query).split(SPACES).filter(Boolean);
}

/** Every term occurs in the searchable text (in any order, in any of its texts). */
export function matchesTerms(searchable: string, terms: readonly string[]): boolean {
  return terms.every((term) => searchable.includes(term));
}

/** What the lyric table's search looks in: the line, its song and its album with the year. */
export function lyricSearchText(row: {
  text: string;
  songTitle: string | null;
  albumTitle: string | null;
  albumYear: number | null;
}): string {
  return searchableText([row.text, orUnknown(row.songTitle), albumWithYear(row.albumTitle, row.albumYear)]);
}
