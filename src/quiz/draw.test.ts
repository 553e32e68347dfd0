import { describe, expect, test } from 'bun:test';
import { createTestDb, makeCatalogue, seededRandom } from '../../test/support/fixtures';
import type { Question } from '../shared/contracts/quiz';
import { OPTIONS_PER_QUESTION } from '../shared/rules';
import { loadCatalogueIndex } from '../storage/sqlite/catalogue-load';
import { drawQuiz } from './draw';
import { generateQuiz } from './generate';
import { serializeQuiz } from './serialize';
import { createQuizToken, verifyQuizToken } from './token';

const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);
const SECRET = 'draw-test-secret-draw-test-secret';
const NOW = 1_700_000_000;

const escapes = loadCatalogueIndex(
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
const plain = loadCatalogueIndex(createTestDb(makeCatalogue(4, 5, 12)));
const tiny = loadCatalogueIndex(createTestDb(makeCatalogue(1, 5, 2)));

describe('drawQuiz: the normal quiz drawn straight into bytes and token', () => {
  test('with the same random source: the bytes of serializeQuiz(generateQuiz) and the token createQuiz signs', () => {
    for (const [name, catalogue] of [
      ['escapes', escapes],
      ['plain', plain],
      ['ten lines', tiny],
    ] as const) {
      const a = seededRandom(11);
      const b = seededRandom(11);
      for (let i = 0; i < 1_000; i++) {
        const count = 1 + (i % 50);
        const questions = generateQuiz(catalogue, count, a);
        const drawn = drawQuiz(catalogue, SECRET, count, NOW + i, b);
        expect(text(drawn.body), name).toBe(text(serializeQuiz(catalogue, questions)));
        expect(JSON.parse(text(drawn.body))).toEqual(JSON.parse(JSON.stringify(questions)));
        const check = verifyQuizToken(SECRET, drawn.token, NOW + i, 60);
        if (!check.ok) throw new Error(`token refused: ${check.reason}`);
        const { payload } = check;
        expect(payload.lyricIds).toEqual(questions.map((q) => q.lyricId));
        expect(payload.options).toEqual(questions.map((q) => q.options.map((o) => o.id)));
        expect(payload.issuedAt).toBe(NOW + i);
        expect(payload.difficulty).toBeUndefined();
        expect(payload.day).toBeUndefined();
        expect(drawn.token).toBe(
          createQuizToken(SECRET, {
            lyricIds: payload.lyricIds,
            options: payload.options,
            issuedAt: NOW + i,
            nonce: payload.nonce,
            difficulty: 'normal',
          }),
        );
      }
      // Both consumed the same number of draws.
      expect(a()).toBe(b());
    }
  });

  test('over 5,000 quizzes of the default source: no repeated line, distinct options, the right song at every position equally often, a fresh nonce each', () => {
    const positions = Array(OPTIONS_PER_QUESTION).fill(0);
    const nonces = new Set<string>();
    let questions = 0;
    for (let i = 0; i < 5_000; i++) {
      const drawn = drawQuiz(plain, SECRET, 30, NOW);
      const quiz = JSON.parse(text(drawn.body)) as Question[];
      expect(new Set(quiz.map((q) => q.lyricId)).size).toBe(30);
      for (const q of quiz) {
        const ids = q.options.map((o) => o.id);
        expect(new Set(ids).size).toBe(OPTIONS_PER_QUESTION);
        expect(plain.lyricsById.get(q.lyricId)?.song.id).toBe(q.correctSongId);
        positions[ids.indexOf(q.correctSongId)]++;
        questions++;
      }
      const check = verifyQuizToken(SECRET, drawn.token, NOW, 60);
      if (!check.ok) throw new Error(check.reason);
      expect(check.payload.lyricIds).toEqual(quiz.map((q) => q.lyricId));
      expect(check.payload.options).toEqual(quiz.map((q) => q.options.map((o) => o.id)));
      nonces.add(check.payload.nonce);
    }
    // 150,000 questions: each position expects 30,000; ±2 % of 0.2 is over 7 standard deviations.
    for (const count of positions) expect(Math.abs(count / questions - 0.2)).toBeLessThan(0.004);
    expect(nonces.size).toBe(5_000);
  });

  test('the body is a view the next quiz overwrites, and a Response made of it keeps its own copy', async () => {
    const first = drawQuiz(plain, SECRET, 30, NOW);
    const text1 = text(first.body);
    const response = new Response(first.body);
    drawQuiz(plain, SECRET, 30, NOW);
    expect(text(first.body)).not.toBe(text1);
    // What the route relies on: Bun copies the bytes when the Response is made.
    expect(await response.text()).toBe(text1);
  });

  test('fewer askable lines than asked for: every line once', () => {
    const drawn = drawQuiz(tiny, SECRET, 30, NOW);
    const quiz = JSON.parse(text(drawn.body)) as Question[];
    expect(quiz.map((q) => q.lyricId).sort((x, y) => x - y)).toEqual(
      tiny.askable.map((l) => l.id).sort((x, y) => x - y),
    );
    for (const q of quiz) expect(q.options).toHaveLength(5);
  });
});
