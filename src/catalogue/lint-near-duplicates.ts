/**
 * Near-duplicate lines across songs: "Ležali smo na vrućem kamenu" and
 * "Ležali smo na toplom kamenu" are two lines to the importer and one to a
 * player, who then cannot know which song is meant. Exact duplicates (same
 * line key) are already reported as ambiguous and are skipped here.
 */
import type { LintLine, WordTable } from './lint-types';
import type { CatalogueProblem } from './openapi';

/** Lines shorter than this share most of their words by chance ("volim te" / "čekam te"). */
const MIN_WORDS = 3;
/** Shared words, in per cent of the shorter line's distinct words, from which two lines are near-duplicates. */
export const NEAR_DUPLICATE_PERCENT = 70;

/** The shared words a line of `size` distinct words needs with a line at least as long. */
const requiredShared = (size: number) => Math.ceil((size * NEAR_DUPLICATE_PERCENT) / 100);

function pushAt<T>(lists: (T[] | undefined)[], at: number, item: T): void {
  const list = lists[at];
  if (list) list.push(item);
  else lists[at] = [item];
}

interface Entry {
  song: number;
  line: LintLine;
  /** Ids of the distinct words, rarest in the catalogue first. */
  words: number[];
}

/**
 * Two lines are near-duplicates when they share at least 70 % of the distinct
 * words of the shorter one: that catches one word changed in a short line and
 * a line quoted inside a longer one.
 *
 * Comparing every pair of 2,000 lines is two million set intersections; instead
 * the lines are taken shortest first and each one is compared only with the
 * shorter lines that share one of their rarest words. A shorter line B of n
 * words needs k = requiredShared(n) of them in the longer line, so at most
 * n − k of its words are missing there and any n − k + 1 of them include a
 * shared one: indexing B by its n − k + 1 rarest words finds every pair, while
 * "i", "u", "je" and "na" rarely get indexed at all.
 */
export function nearDuplicateWarnings({ lines, frequency, songs }: WordTable): CatalogueProblem[] {
  const rarestFirst = (a: number, b: number) => frequency[a]! - frequency[b]! || a - b;
  // Shortest first, by bucketing on length: lines have at most a few dozen words.
  const bySize: Entry[][] = [];
  for (const { song, line, words } of lines)
    if (words.length >= MIN_WORDS)
      pushAt(bySize, words.length, { song, line, words: [...words].sort(rarestFirst) });
  const entries = bySize.flat();

  // Word id → the shorter lines indexed under it; filled up front so the engine keeps a dense array.
  const index: (number[] | undefined)[] = new Array(frequency.length).fill(undefined);
  const seenBy = new Int32Array(entries.length).fill(-1);
  const inLonger = new Int32Array(frequency.length).fill(-1);
  const partners = new Map<LintLine, Entry[]>();
  const pair = (x: Entry, y: Entry) => partners.set(x.line, [...(partners.get(x.line) ?? []), y]);
  entries.forEach((longer, i) => {
    for (const word of longer.words) inLonger[word] = i;
    for (const word of longer.words)
      for (const j of index[word] ?? []) {
        if (seenBy[j] === i) continue;
        seenBy[j] = i;
        const shorter = entries[j]!;
        if (shorter.song === longer.song || shorter.line.key === longer.line.key) continue;
        const shared = shorter.words.filter((w) => inLonger[w] === i).length;
        if (shared >= requiredShared(shorter.words.length)) {
          pair(longer, shorter);
          pair(shorter, longer);
        }
      }
    const indexed = longer.words.length - requiredShared(longer.words.length) + 1;
    for (const word of longer.words.slice(0, indexed)) pushAt(index, word, i);
  });

  return [...partners].map(([line, others]) => ({
    path: line.path,
    message: `is nearly the same as ${others
      .map((o) => `"${o.line.text}" in "${songs[o.song]!.title}" (${o.line.path})`)
      .join(', ')}; a player could not tell which song is meant`,
  }));
}
