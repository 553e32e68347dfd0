import { describe, expect, test } from 'bun:test';
import { createTestDb, makeCatalogue, seededRandom } from '../../test/support/fixtures';
import { loadCatalogueIndex } from '../storage/sqlite/catalogue-load';
import { generateQuiz } from './generate';
import { serializeQuiz } from './serialize';

const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

describe('a quiz serialized from per-line and per-song fragments', () => {
  const catalogue = loadCatalogueIndex(
    createTestDb({
      artist: 'Izvođač "s navodnicima"',
      albums: [
        {
          title: 'Album \\ s kosom crtom',
          year: 2001,
          songs: Array.from({ length: 6 }, (_, s) => ({
            title: `Pjesma ${s} — „čćđšž“ \u2028 <script>`,
            lines: Array.from({ length: 8 }, (_, l) => `Stih ${l} "navod" \\ tab\tkraj ${s}`),
          })),
        },
      ],
    }),
  );

  test('is exactly JSON.stringify of the questions, escapes included, for 2,000 random quizzes', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 2_000; i++) {
      const questions = generateQuiz(catalogue, 1 + (i % 48), random);
      expect(text(serializeQuiz(catalogue, questions))).toBe(JSON.stringify(questions));
    }
  });

  test('questions of another catalogue, or changed after generation, are serialized the slow way', () => {
    const other = loadCatalogueIndex(createTestDb(makeCatalogue()));
    const questions = generateQuiz(other, 30, seededRandom(1));
    expect(text(serializeQuiz(catalogue, questions))).toBe(JSON.stringify(questions));
    const changed = generateQuiz(catalogue, 5, seededRandom(2));
    changed[2] = { ...changed[2]!, correctSongId: -1 };
    expect(text(serializeQuiz(catalogue, changed))).toBe(JSON.stringify(changed));
    expect(text(serializeQuiz(catalogue, []))).toBe('[]');
  });
});
