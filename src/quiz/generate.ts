import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';
import { OPTIONS_PER_QUESTION } from '../shared/rules';
import { type Random, randomInt, sampleDistinct } from './sample';

export type { Question };

/**
 * `count` distinct integers from [0, n) other than `exclude`, in random order.
 * For the 4 distractors a linear check beats a Set: no allocation but the result.
 */
function pickOthers(random: Random, n: number, count: number, exclude: number): number[] {
  const picked: number[] = [];
  while (picked.length < count) {
    const candidate = randomInt(random, n);
    if (candidate !== exclude && !picked.includes(candidate)) picked.push(candidate);
  }
  return picked;
}

/**
 * Picks `count` distinct askable lines (all of them when fewer exist) and, for
 * each, the correct song plus four other distinct songs, the correct one at a
 * uniformly random position.
 */
export function generateQuiz(
  catalogue: CatalogueIndex,
  count: number,
  random: Random = Math.random,
): Question[] {
  const { askable, songs } = catalogue;
  const distractors = Math.min(OPTIONS_PER_QUESTION - 1, songs.length - 1);
  return sampleDistinct(random, askable.length, count).map((i) => {
    const lyric = askable[i]!;
    const correct = lyric.song;
    const options = pickOthers(random, songs.length, distractors, correct.index).map((j) => songs[j]!.option);
    options.splice(randomInt(random, options.length + 1), 0, correct.option);
    return {
      id: lyric.id,
      lyricId: lyric.id,
      lyric: lyric.text,
      correctSongId: correct.id,
      correctSongTitle: correct.title,
      albumTitle: correct.album.title,
      albumYear: correct.album.year,
      options,
    };
  });
}
