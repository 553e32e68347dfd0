import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { OPTIONS_PER_QUESTION } from '../shared/rules';
import { type EncodedQuiz, encodeQuiz, LINE_ROW, LINE_SONG, layoutOf, type QuizPicks } from './encode';
import { type Random, randomInt, sampleDistinctInto } from './sample';

/** The picks of the last normal draw, reused: drawing and encoding are synchronous. */
const picks: QuizPicks = { count: 0, width: 0, lines: new Int32Array(64), songs: new Int32Array(64 * 5) };
/** The other songs of the question being drawn. */
const others = new Int32Array(OPTIONS_PER_QUESTION);

/** Whether `song` is one of the first `count` of `others` (a loop: a native call costs more for four). */
function drawnBefore(song: number, count: number): boolean {
  for (let i = 0; i < count; i++) if (others[i] === song) return true;
  return false;
}

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
  const taken = Math.max(0, Math.min(count, catalogue.askable.length));
  if (picks.lines.length < taken) picks.lines = new Int32Array(taken);
  if (picks.songs.length < taken * width) picks.songs = new Int32Array(taken * width);
  sampleDistinctInto(random, catalogue.askable.length, taken, picks.lines);
  picks.count = taken;
  picks.width = width;
  for (let q = 0; q < taken; q++) {
    const correct = lines[picks.lines[q]! * LINE_ROW + LINE_SONG]!;
    let drawn = 0;
    while (drawn < distractors) {
      const candidate = randomInt(random, songCount);
      if (candidate !== correct && !drawnBefore(candidate, drawn)) others[drawn++] = candidate;
    }
    const position = randomInt(random, width);
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
