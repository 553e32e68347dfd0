import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createEngineTestApp, ENGINES, type EngineTestApp } from '../../test/support/engines';
import { createTestApp, makeCatalogue, seededRandom, type TestApp } from '../../test/support/fixtures';
import { answerQuiz, type FetchedQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import type { Difficulty } from '../shared/difficulty';
import { generateQuiz } from './generate';
import { createQuiz } from './service';
import { createQuizToken, newNonce, verifyQuizToken } from './token';

/** Difficulty modes through the API (docs/decisions/022). */

const env = {
  RATE_LIMIT_QUIZ_PER_MINUTE: '100000',
  RATE_LIMIT_SUBMIT_PER_MINUTE: '100000',
  RATE_LIMIT_SUBMIT_PER_HOUR: '100000',
};

async function fetchAt(app: Pick<TestApp, 'request'>, difficulty?: string, count = 30): Promise<FetchedQuiz> {
  const query = difficulty === undefined ? '' : `&difficulty=${difficulty}`;
  const res = await app.request(`/api/quiz?count=${count}${query}`);
  if (res.status !== 200) throw new Error(`quiz fetch failed: ${res.status} ${await res.text()}`);
  return { token: res.headers.get('x-quiz-token')!, questions: await res.json() };
}

const tokenFields = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;

const percentile = async (app: Pick<TestApp, 'request'>, score: number, difficulty?: Difficulty) =>
  (await (
    await app.request(`/api/score-percentile/${score}${difficulty ? `?difficulty=${difficulty}` : ''}`)
  ).json()) as { percentile: number; totalPlayers: number };

describe('GET /api/quiz?difficulty', async () => {
  const app = await createTestApp({ env });

  test.each(['extreme', 'HARD', 'Teško', '', '1', 'normal,hard'])(
    'difficulty=%p → 422 naming difficulty',
    async (value) => {
      for (const path of [
        `/api/quiz?difficulty=${encodeURIComponent(value)}`,
        `/api/score-percentile/10?difficulty=${encodeURIComponent(value)}`,
      ]) {
        const res = await app.request(path);
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({
          error: {
            code: 'validation_failed',
            message: 'difficulty must be one of easy, normal, hard',
            field: 'difficulty',
            requestId: res.headers.get('x-request-id'),
          },
        });
      }
    },
  );

  test('the default is normal: the token carries no difficulty, as before difficulties existed', async () => {
    for (const quiz of [await fetchAt(app), await fetchAt(app, 'normal')]) {
      expect(Object.keys(tokenFields(quiz.token)).sort()).toEqual(['l', 'n', 'o', 't']);
      const check = verifyQuizToken(app.deps.secrets.quizToken, quiz.token, app.clock.nowSeconds(), 7200);
      expect(check.ok && check.payload.difficulty).toBeUndefined();
    }
  });

  test('normal is generateQuiz itself: the same seed gives the same questions', () => {
    const index = app.deps.catalogue();
    const viaService = createQuiz(index, 's', 30, 0, seededRandom(7)).questions;
    expect(viaService).toEqual(generateQuiz(index, 30, seededRandom(7)));
    expect(createQuiz(index, 's', 30, 0, seededRandom(7), 'normal').questions).toEqual(viaService);
    expect(() => createQuiz(index, 's', 30, 0, seededRandom(7), 'hard')).toThrow();
  });

  test.each(['easy', 'hard'] as const)(
    '%s: 30 distinct lines, 5 distinct options including the right song, a token naming the difficulty',
    async (difficulty) => {
      const quiz = await fetchAt(app, difficulty);
      expect(quiz.questions).toHaveLength(30);
      expect(new Set(quiz.questions.map((q) => q.lyricId)).size).toBe(30);
      for (const q of quiz.questions) {
        const ids = q.options.map((o) => o.id);
        expect(new Set(ids).size).toBe(5);
        expect(ids).toContain(q.correctSongId);
      }
      expect(tokenFields(quiz.token).d).toBe(difficulty);
    },
  );
});

const opened: EngineTestApp[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
}, 30_000);

/** Recording and reading by difficulty, over both engines (docs/decisions/023). */
describe.each(ENGINES)(
  'the token binds the difficulty; the play records it; the percentile compares like with like (%s)',
  (engine) => {
    let app: EngineTestApp;
    beforeAll(async () => {
      app = await createEngineTestApp(engine, { env });
      opened.push(app);
    }, CLUSTER_START_MS);

    test('a hard play is recorded as hard and counts only among hard plays', async () => {
      const normal10 = answerQuiz(await fetchAt(app), 10, '00000000-0000-4000-8000-000000000001');
      const normal20 = answerQuiz(await fetchAt(app), 20, '00000000-0000-4000-8000-000000000002');
      for (const body of [normal10, normal20])
        expect((await (await submit(app, body)).json()).difficulty).toBe('normal');
      const normalBefore = await percentile(app, 15);
      expect(normalBefore).toMatchObject({ percentile: 50, totalPlayers: 2 });

      const hard = answerQuiz(await fetchAt(app, 'hard'), 15, '00000000-0000-4000-8000-000000000003');
      const res = await submit(app, hard);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ score: 15, difficulty: 'hard' });
      // The play row's mode (codes of src/storage/encoding/codes.ts: hard = 2).
      const rows = await app.all('SELECT mode AS difficulty FROM plays ORDER BY id');
      expect(rows.map((r) => Number(r.difficulty))).toEqual([0, 0, 2]);
      // Like with like: the hard score is the only hard play; the normal percentile did not move.
      expect(await percentile(app, 15, 'hard')).toMatchObject({ percentile: 0, totalPlayers: 1 });
      expect(await percentile(app, 16, 'hard')).toMatchObject({ percentile: 100, totalPlayers: 1 });
      expect(await percentile(app, 15)).toEqual(normalBefore);
      expect(await percentile(app, 15, 'normal')).toEqual(normalBefore);
      expect(await percentile(app, 15, 'easy')).toMatchObject({ totalPlayers: 0 });
      expect(await app.stores.stats.getScoreHistogram('hard')).toEqual(new Map([[15, 1]]));
    });

    test('the difficulty cannot be changed without breaking the signature', async () => {
      const quiz = await fetchAt(app, 'hard');
      const [body, signature] = quiz.token.split('.') as [string, string];
      const fields = tokenFields(quiz.token);
      const easier = Buffer.from(JSON.stringify({ ...fields, d: 'easy' })).toString('base64url');
      const forged = answerQuiz({ ...quiz, token: `${easier}.${signature}` }, 30);
      const res = await submit(app, forged);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe('quizToken');
      expect(body).not.toBe(easier);
    });

    test('a token without the field (issued before difficulties) is recorded as normal', async () => {
      const quiz = await fetchAt(app);
      const check = verifyQuizToken(app.deps.secrets.quizToken, quiz.token, app.clock.nowSeconds(), 7200);
      if (!check.ok) throw new Error('token');
      const old = createQuizToken(app.deps.secrets.quizToken, {
        lyricIds: check.payload.lyricIds,
        options: check.payload.options!,
        issuedAt: check.payload.issuedAt,
        nonce: newNonce(),
      });
      const res = await submit(
        app,
        answerQuiz({ ...quiz, token: old }, 5, '00000000-0000-4000-8000-000000000004'),
      );
      expect(await res.json()).toMatchObject({ difficulty: 'normal' });
    });
  },
);

/**
 * A seeded history: plays recorded through the API by a player who gets each line right with a
 * known probability (its "ease") and, when wrong, picks a fixed decoy song whenever it is offered.
 * Then hard quizzes must ask lines of lower observed accuracy than normal ones, and easy ones
 * higher, and hard must offer the decoys players fell for.
 */
describe('hard and easy over a seeded history', async () => {
  // 4 albums × 5 songs × 12 lines = 240 lines.
  const app = await createTestApp({ env, catalogue: makeCatalogue(4, 5, 12) });
  const index = app.deps.catalogue();
  const random = seededRandom(2026);
  const ease = new Map(index.askable.map((lyric, i) => [lyric.id, 0.2 + (0.75 * ((i * 7919) % 240)) / 239]));
  // The decoy of a song: the song after it in the catalogue, of whatever album.
  const decoy = (songId: number) =>
    index.songs[(index.songsById.get(songId)!.index + 1) % index.songs.length]!.id;

  for (let play = 0; play < 150; play++) {
    const quiz = await fetchAt(app);
    const answers = quiz.questions.map((q) => {
      const right = random() < ease.get(q.lyricId)!;
      const offered = q.options.map((o) => o.id).filter((id) => id !== q.correctSongId);
      const selectedSongId = right
        ? q.correctSongId
        : offered.includes(decoy(q.correctSongId))
          ? decoy(q.correctSongId)
          : offered[0]!;
      return { lyricId: q.lyricId, songId: q.correctSongId, selectedSongId, isCorrect: right };
    });
    const sessionId = `00000000-0000-4000-8000-${String(play).padStart(12, '0')}`;
    const body = {
      quizToken: quiz.token,
      sessionId,
      deviceInfo: 'test',
      score: answers.filter((a) => a.isCorrect).length,
      totalQuestions: 30,
      answers,
    };
    const res = await submit(app, body);
    if (res.status !== 200) throw new Error(await res.text());
  }
  const observed = new Map(
    (await app.stores.stats.getLyricStats()).map((l) => [
      l.lyricId,
      l.occurrences >= 5 ? l.correctAnswers / l.occurrences : undefined,
    ]),
  );

  /** Mean observed accuracy of the lines asked (lines seen ≥ 5 times) and the share of hard's decoys offered. */
  async function measure(difficulty: Difficulty, quizzes = 60) {
    let sum = 0;
    let n = 0;
    let decoysOffered = 0;
    let sameAlbum = 0;
    let yearGap = 0;
    let distractors = 0;
    for (let i = 0; i < quizzes; i++) {
      for (const q of (await fetchAt(app, difficulty)).questions) {
        const accuracy = observed.get(q.lyricId);
        if (accuracy !== undefined) {
          sum += accuracy;
          n++;
        }
        const right = index.songsById.get(q.correctSongId)!;
        if (q.options.some((o) => o.id === decoy(q.correctSongId))) decoysOffered++;
        for (const o of q.options) {
          if (o.id === q.correctSongId) continue;
          const song = index.songsById.get(o.id)!;
          distractors++;
          if (song.album === right.album) sameAlbum++;
          yearGap += Math.abs(song.album.year - right.album.year);
        }
      }
    }
    return {
      accuracy: sum / n,
      decoyShare: decoysOffered / (quizzes * 30),
      sameAlbumShare: sameAlbum / distractors,
      meanYearGap: yearGap / distractors,
    };
  }

  test('mean observed accuracy of the lines asked: hard < normal < easy; hard offers the decoys, easy avoids them', async () => {
    const [hard, normal, easy] = [await measure('hard'), await measure('normal'), await measure('easy')];
    console.info('seeded history (60 quizzes each):', { hard, normal, easy });
    expect(hard.accuracy).toBeLessThan(normal.accuracy - 0.05);
    expect(easy.accuracy).toBeGreaterThan(normal.accuracy + 0.05);
    // Normal offers a given song as a distractor 4 times in 19; hard offers the confused one nearly always.
    expect(hard.decoyShare).toBeGreaterThan(0.9);
    expect(normal.decoyShare).toBeLessThan(0.4);
    expect(easy.decoyShare).toBeLessThan(normal.decoyShare);
    expect(hard.sameAlbumShare).toBeGreaterThan(normal.sameAlbumShare);
    expect(easy.sameAlbumShare).toBe(0);
    expect(easy.meanYearGap).toBeGreaterThan(normal.meanYearGap);
  });
});
