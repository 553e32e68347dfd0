import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { OPTIONS_PER_QUESTION } from '../shared/rules';
import { type EncodedQuiz, encodeQuiz, LINE_ROW, LINE_SONG, layoutOf, type QuizPicks } from './encode';
import { type Random, randomInt, sampleDistinct } from './sample';

/** The picks of the last normal draw, reused: drawing and encoding are synchronous. */
const picks: QuizPicks = { count: 0, width: 0, lines: new Int32Array(64), songs: new Int32Array(64 * 5) };
const others: number[] = [];

/**
 * The normal free-play draw (the product's random quiz): `count` distinct askable lines by a
 * partial shuffle, for each four other songs by rejection and the right one at a uniform
 * position. A seeded source gives the same quiz every time. The picks are reused by the next
 * draw: encode them (or build their questions) before drawing again.
 */
export function drawNormal(
  catalogue: CatalogueIndex,
  count: number,
  random: Random = Math.random,
): QuizPicks {
  const { lines } = layoutOf(catalogue);
  const songCount = catalogue.songs.length;
  const distractors = Math.min(OPTIONS_PER_QUESTION - 1, songCount - 1);
  const width = distractors + 1;
  const picked = sampleDistinct(random, catalogue.askable.length, count);
  if (picks.lines.length < picked.length) picks.lines = new Int32Array(picked.length);
  if (picks.songs.length < picked.length * width) picks.songs = new Int32Array(picked.length * width);
  picks.count = picked.length;
  picks.width = width;
  for (let q = 0; q < picked.length; q++) {
    const line = picked[q]!;
    const correct = lines[line * LINE_ROW + LINE_SONG]!;
    others.length = 0;
    while (others.length < distractors) {
      const candidate = randomInt(random, songCount);
      if (candidate !== correct && !others.includes(candidate)) others.push(candidate);
    }
    const position = randomInt(random, width);
    picks.lines[q] = line;
    for (let p = 0, d = 0; p < width; p++)
      picks.songs[q * width + p] = p === position ? correct : others[d++]!;
  }
  return picks;
}

/**
 * The normal quiz drawn straight into its response bytes and its token (docs/decisions/026):
 * `drawNormal` then the one encoder, no `Question` made.
 */
export function drawQuiz(
  catalogue: CatalogueIndex,
  secret: string,
  count: number,
  nowSeconds: number,
  random: Random = Math.random,
): EncodedQuiz {
  return encodeQuiz(catalogue, drawNormal(catalogue, count, random), secret, { issuedAt: nowSeconds });
}
