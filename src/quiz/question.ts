import type { IndexedLyric, IndexedSong } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';

/** The question of `lyric` with `options` in the order shown (every mode's questions are built here). */
export function questionOf(lyric: IndexedLyric, options: IndexedSong['option'][]): Question {
  return { ...questionHead(lyric), options };
}

function questionHead(lyric: IndexedLyric): Omit<Question, 'options'> {
  return { ...lineHead(lyric), ...songHead(lyric.song) };
}

/** What a question says of its line. */
const lineHead = (lyric: IndexedLyric) => ({ id: lyric.id, lyricId: lyric.id, lyric: lyric.text });

/** What a question says of its right song: the same for every line of the song. */
const songHead = (song: IndexedSong) => ({
  correctSongId: song.id,
  correctSongTitle: song.title,
  albumTitle: song.album.title,
  albumYear: song.album.year,
});

/**
 * `{"id":…,"lyricId":…,"lyric":…` of a line: the start of its question. Followed by
 * `songHeadJson` of its song, the question without its options, open for them (the one
 * spelling src/quiz/encode.ts writes once per catalogue: each line's part once per line, each
 * song's once per song; serialize.test.ts compares it with `JSON.stringify`).
 */
export const lineHeadJson = (lyric: IndexedLyric): string => JSON.stringify(lineHead(lyric)).slice(0, -1);

/** `,"correctSongId":…,"albumYear":…,"options":[` of a song: the rest of the question's head. */
export const songHeadJson = (song: IndexedSong): string =>
  `,${JSON.stringify(songHead(song)).slice(1, -1)},"options":[`;
