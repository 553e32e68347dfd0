import type { CatalogueIndex, IndexedLyric, IndexedSong } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';
import { OPTIONS_PER_QUESTION } from '../shared/rules';
import { type Random, randomInt, sampleDistinct } from './sample';

export type { Question };

/** The distractors of the question being generated (reused: generating is synchronous). */
const others: number[] = [];

/**
 * `count` distinct integers from [0, n) other than `exclude`, in random order, into
 * `others`. For the 4 distractors a linear check beats a Set, and reusing the array
 * leaves no garbage per question.
 */
function pickOthers(random: Random, n: number, count: number, exclude: number): number[] {
  others.length = 0;
  while (others.length < count) {
    const candidate = randomInt(random, n);
    if (candidate !== exclude && !others.includes(candidate)) others.push(candidate);
  }
  return others;
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
    const picked = pickOthers(random, songs.length, distractors, correct.index);
    const at = randomInt(random, distractors + 1);
    const options = new Array<IndexedSong['option']>(distractors + 1);
    for (let p = 0, d = 0; p <= distractors; p++)
      options[p] = p === at ? correct.option : songs[picked[d++]!]!.option;
    return questionOf(lyric, options);
  });
}

/** The question of `lyric` with `options` in the order shown (every mode builds it here). */
export function questionOf(lyric: IndexedLyric, options: IndexedSong['option'][]): Question {
  const correct = lyric.song;
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
}
