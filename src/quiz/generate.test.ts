import { describe, expect, test } from 'bun:test';
import { createTestDb, makeCatalogue, seededRandom } from '../../test/support/fixtures';
import { OPTIONS_PER_QUESTION } from '../shared/rules';
import { loadCatalogueIndex } from '../storage/sqlite/catalogue-load';
import { generateQuiz } from './generate';

describe('generateQuiz', () => {
  const catalogue = loadCatalogueIndex(createTestDb(makeCatalogue(4, 5, 12)));

  test('over 10,000 quizzes: no repeated line, 5 distinct options, the correct song among them at every position equally often', () => {
    const random = seededRandom(42);
    const positionCounts = Array(OPTIONS_PER_QUESTION).fill(0);
    const songIds = new Set(catalogue.songs.map((s) => s.id));
    let questions = 0;
    for (let i = 0; i < 10_000; i++) {
      const quiz = generateQuiz(catalogue, 30, random);
      expect(quiz).toHaveLength(30);
      expect(new Set(quiz.map((q) => q.lyricId)).size).toBe(30);
      for (const q of quiz) {
        const ids = q.options.map((o) => o.id);
        expect(new Set(ids).size).toBe(OPTIONS_PER_QUESTION);
        expect(ids.every((id) => songIds.has(id))).toBe(true);
        const position = ids.indexOf(q.correctSongId);
        expect(position).toBeGreaterThanOrEqual(0);
        expect(catalogue.lyricsById.get(q.lyricId)?.song.id).toBe(q.correctSongId);
        positionCounts[position]++;
        questions++;
      }
    }
    // 300,000 questions: each position expects 60,000; ±2% is over 10 standard deviations.
    for (const count of positionCounts) expect(Math.abs(count / questions - 0.2)).toBeLessThan(0.004);
  }, 30_000); // CPU-bound (300,000 questions): a shared CI machine can take longer than the default 5 s

  test('every line of the catalogue is asked about equally often', () => {
    const random = seededRandom(7);
    const asked = new Map<number, number>();
    for (let i = 0; i < 2_000; i++)
      for (const q of generateQuiz(catalogue, 30, random))
        asked.set(q.lyricId, (asked.get(q.lyricId) ?? 0) + 1);
    expect(asked.size).toBe(catalogue.askable.length);
    const expected = (2_000 * 30) / catalogue.askable.length;
    for (const count of asked.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.35);
  });

  test('ambiguous lines are never asked', () => {
    const file = makeCatalogue(1, 5, 3);
    file.albums[0]!.songs[1]!.lines.push('Zajednički stih');
    file.albums[0]!.songs[3]!.lines.push('zajednički stih!');
    const index = loadCatalogueIndex(createTestDb(file));
    expect(index.askable).toHaveLength(15);
    const random = seededRandom(1);
    for (let i = 0; i < 500; i++)
      for (const q of generateQuiz(index, 50, random))
        expect(q.lyric.toLowerCase()).not.toContain('zajednički');
  });

  test('returns every line when fewer exist than asked for', () => {
    const index = loadCatalogueIndex(createTestDb(makeCatalogue(1, 5, 2)));
    const quiz = generateQuiz(index, 30, seededRandom(3));
    expect(quiz.map((q) => q.lyricId).sort((a, b) => a - b)).toEqual(
      index.askable.map((l) => l.id).sort((a, b) => a - b),
    );
  });

  test('a question carries its song and album', () => {
    const [q] = generateQuiz(catalogue, 1, seededRandom(9));
    const lyric = catalogue.lyricsById.get(q!.lyricId)!;
    expect(q).toMatchObject({
      id: lyric.id,
      lyric: lyric.text,
      correctSongTitle: lyric.song.title,
      albumTitle: lyric.song.album.title,
      albumYear: lyric.song.album.year,
    });
  });
});
