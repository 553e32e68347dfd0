/**
 * Test support: random graded plays for the play recorder, without the HTTP layer. Imports
 * nothing of the app, so a worker thread can use it (see play-writer.worker.ts).
 */
import type { CatalogueIndex } from '../../src/catalogue/catalogue-index';
import { PLAY_LENGTH } from '../../src/shared/rules';
import type { PlayToRecord } from '../../src/stats/store';

/**
 * A graded play of PLAY_LENGTH distinct askable lines with random answers, ready
 * for the play recorder: what a valid submission becomes after grading.
 */
export function randomPlay(catalogue: CatalogueIndex, random: () => number, nonce: string): PlayToRecord {
  const pool = [...catalogue.askable];
  const answers = Array.from({ length: PLAY_LENGTH }, (_, position) => {
    const lyric = pool.splice(Math.floor(random() * pool.length), 1)[0]!;
    const right = random() < 0.6;
    const other = catalogue.songs.find((s) => s.id !== lyric.song.id)!;
    const selectedSongId = right ? lyric.song.id : other.id;
    return {
      position,
      lyricId: lyric.id,
      songId: lyric.song.id,
      albumId: lyric.song.album.id,
      selectedSongId,
      isCorrect: right,
    };
  });
  const player = Math.floor(random() * 50);
  const createdAtMs = Date.UTC(2025, 3, 15) + Math.floor(random() * 86_400_000);
  return {
    answers,
    score: answers.filter((a) => a.isCorrect).length,
    nonce,
    sessionId: `00000000-0000-4000-8000-${String(player).padStart(12, '0')}`,
    deviceInfo: 'Mozilla/5.0 (test)',
    createdAtMs,
    hour: new Date(createdAtMs).getUTCHours(),
  };
}
