/**
 * Title checks. A line that holds a song's title answers its own question (too
 * easy when the song is its own, misleading when it is another's). A title is
 * "in" a line when every content word of the title occurs in the line in some
 * inflected form: "Ribari u zoru" is in "ribar gleda zoru", not in "u zoru".
 */
import type { WordTable } from './lint-types';
import type { CatalogueProblem } from './openapi';
import { contentWordsOf, isFormOf, stemOf } from './words';

/** The ids of the words that are forms of a stem, found in the sorted vocabulary by binary search. */
function formsOf(stem: string, sorted: string[], ids: Map<string, number>): number[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < stem) low = middle + 1;
    else high = middle;
  }
  const forms: number[] = [];
  for (let i = low; i < sorted.length && sorted[i]!.startsWith(stem); i++)
    if (isFormOf(sorted[i]!, stem)) forms.push(ids.get(sorted[i]!)!);
  return forms;
}

/** For every song, the indexes (in `table.lines`) of the lines that contain its title. */
function linesNamingEachTitle(table: WordTable): number[][] {
  // Every form of a title word starts with its stem, so the forms sit together
  // in the sorted vocabulary: a few binary searches instead of stemming every word.
  const sorted = [...table.vocabulary].sort();
  const titles = table.songs.map((song) =>
    contentWordsOf(song.title).map((word) => formsOf(stemOf(word), sorted, table.ids)),
  );
  const linesWithWord = new Map<number, number[]>(titles.flat(2).map((id) => [id, []]));
  table.lines.forEach(({ words }, index) => {
    for (const id of words) linesWithWord.get(id)?.push(index);
  });
  return titles.map((forms) => {
    if (forms.length === 0) return [];
    // The lines holding some form of each title word; the title is in their intersection.
    const [first, ...rest] = forms
      .map((ids) => new Set(ids.flatMap((id) => linesWithWord.get(id)!)))
      .sort((a, b) => a.size - b.size);
    return [...first!].filter((index) => rest.every((set) => set.has(index)));
  });
}

/** The share of a song's distinct lines that may carry its title: a hook, not every line. */
const OWN_TITLE_MAX_SHARE = 1 / 3;

/**
 * A warning on every line that names another song's title, and on every song
 * whose own title is in more than a third of its distinct lines.
 */
export function titleWarnings(table: WordTable): CatalogueProblem[] {
  const warnings: CatalogueProblem[] = [];
  const named = new Map<number, string[]>();
  linesNamingEachTitle(table).forEach((indexes, s) => {
    const song = table.songs[s]!;
    let own = 0;
    for (const index of indexes) {
      if (table.lines[index]!.song === s) own++;
      else named.set(index, [...(named.get(index) ?? []), `"${song.title}" (${song.path})`]);
    }
    if (own > song.lines.length * OWN_TITLE_MAX_SHARE)
      warnings.push({
        path: song.path,
        message: `the title "${song.title}" is in ${own} of its ${song.lines.length} distinct lines; more than a third gives the song away`,
      });
  });
  for (const [index, titles] of named)
    warnings.push({
      path: table.lines[index]!.line.path,
      message: `names ${titles.join(', ')}, the title of another song`,
    });
  return warnings;
}
