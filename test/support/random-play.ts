/**
 * Test support: random graded plays for the play recorder, without the HTTP layer. Imports
 * nothing of the app, so a worker thread can use it (see play-writer.worker.ts).
 */
import type { CatalogueIndex } from '../../src/catalogue/catalogue-index';
import { BROWSER_FAMILIES, DEVICE_CLASSES } from '../../src/shared/devices';
import { PLAY_LENGTH } from '../../src/shared/rules';
import type { PlayToRecord } from '../../src/storage/contract';

/**
 * A graded play of PLAY_LENGTH distinct askable lines with random answers, ready
 * for the play recorder: what a valid submission becomes after grading.
 */
export function randomPlay(
  catalogue: CatalogueIndex,
  random: () => number,
  nonce: string,
  options: { players?: number; days?: number; firstDayMs?: number; atMs?: number } = {},
): PlayToRecord {
  const { players = 50, days = 1, firstDayMs = Date.UTC(2025, 3, 15) } = options;
  const pool = [...catalogue.askable];
  const answers = Array.from({ length: PLAY_LENGTH }, (_, position) => {
    const lyric = pool.splice(Math.floor(random() * pool.length), 1)[0]!;
    const right = random() < 0.6;
    // A wrong pick among the song's neighbours in the catalogue, so confusions repeat.
    const songs = catalogue.songs;
    const other = songs[(lyric.song.index + 1 + Math.floor(random() * 3)) % songs.length]!;
    const selectedSongId = right || other.id === lyric.song.id ? lyric.song.id : other.id;
    return {
      position,
      lyricId: lyric.id,
      songId: lyric.song.id,
      albumId: lyric.song.album.id,
      selectedSongId,
      isCorrect: right,
    };
  });
  for (const answer of answers) answer.isCorrect = answer.selectedSongId === answer.songId;
  const player = Math.floor(random() * players);
  const createdAtMs = options.atMs ?? firstDayMs + Math.floor(random() * days * 86_400_000);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  return {
    answers,
    score: answers.filter((a) => a.isCorrect).length,
    nonce,
    sessionId: `00000000-0000-4000-8000-${String(player).padStart(12, '0')}`,
    createdAtMs,
    // Days and hours in UTC: the recording code takes them as given.
    day: new Date(createdAtMs).toISOString().slice(0, 10),
    hour: new Date(createdAtMs).getUTCHours(),
    difficulty: 'normal',
    deviceClass: pick(DEVICE_CLASSES),
    browser: pick(BROWSER_FAMILIES),
  };
}
