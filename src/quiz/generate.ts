import type { CatalogueIndex, IndexedSong } from '../catalogue/index';
import { type Random, randomInt, sampleDistinct } from './sample';

export const OPTIONS_PER_QUESTION = 5;

export interface Question {
  /** The question's id within its quiz: the lyric id, unique because a quiz never repeats a line. */
  id: number;
  lyricId: number;
  lyric: string;
  correctSongId: number;
  correctSongTitle: string;
  albumTitle: string;
  albumYear: number;
  options: { id: number; title: string }[];
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
  const songIndex = new Map(songs.map((song, i) => [song.id, i]));
  return sampleDistinct(random, askable.length, count).map((i) => {
    const lyric = askable[i]!;
    const correct = lyric.song;
    const correctIndex = songIndex.get(correct.id)!;
    // Sample from the other n-1 songs: indexes at or past the correct one shift up by one.
    const distractors: IndexedSong[] = sampleDistinct(random, songs.length - 1, OPTIONS_PER_QUESTION - 1).map(
      (j) => songs[j >= correctIndex ? j + 1 : j]!,
    );
    distractors.splice(randomInt(random, distractors.length + 1), 0, correct);
    return {
      id: lyric.id,
      lyricId: lyric.id,
      lyric: lyric.text,
      correctSongId: correct.id,
      correctSongTitle: correct.title,
      albumTitle: correct.album.title,
      albumYear: correct.album.year,
      options: distractors.map((s) => ({ id: s.id, title: s.title })),
    };
  });
}
