import type { IndexedLyric, IndexedSong } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';

/** The question of `lyric` with `options` in the order shown (every mode's questions are built here). */
export function questionOf(lyric: IndexedLyric, options: IndexedSong['option'][]): Question {
  return { ...questionHead(lyric), options };
}

function questionHead(lyric: IndexedLyric): Omit<Question, 'options'> {
  const { song } = lyric;
  return {
    id: lyric.id,
    lyricId: lyric.id,
    lyric: lyric.text,
    correctSongId: song.id,
    correctSongTitle: song.title,
    albumTitle: song.album.title,
    albumYear: song.album.year,
  };
}

/**
 * `{"id":…,"lyricId":…,…,"options":[` of a line: its question without the options, open for
 * them (src/quiz/encode.ts writes each line's once per catalogue).
 */
export function headJson(lyric: IndexedLyric): string {
  return `${JSON.stringify(questionHead(lyric)).slice(0, -1)},"options":[`;
}
