/**
 * Issue 37, finding 5: GET /api/stats/lines was public, unlimited and 24× the cost of the
 * overview (an indexed confusion read per line per request). Now each line's top confusion is
 * read once per statistics version, and the route is rate-limited per address.
 */
import { describe, expect, test } from 'bun:test';
import { createSqliteStores } from '../../src/storage/sqlite/stores';
import { createTestAppOver, createTestDb } from '../support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../support/play';

async function appCountingConfusionReads(env: Record<string, string> = {}) {
  const db = createTestDb();
  const stores = createSqliteStores(db, 'test-salt');
  let reads = 0;
  const getLineConfusions = stores.stats.getLineConfusions;
  stores.stats.getLineConfusions = (...args) => {
    reads++;
    return getLineConfusions(...args);
  };
  const app = await createTestAppOver(db, { env, stores });
  return { app, reads: () => reads };
}

describe('GET /api/stats/lines', () => {
  test('each line’s confusion is read once per statistics version, not once per request', async () => {
    const { app, reads } = await appCountingConfusionReads();
    const quiz = await fetchQuiz(app);
    expect((await submit(app, answerQuiz(quiz, 0))).status).toBe(200);
    const ids = quiz.questions.map((q) => q.lyricId).join(',');
    const first = await app.request(`/api/stats/lines?ids=${ids}`);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(reads()).toBe(30);
    for (let i = 0; i < 20; i++) {
      const again = await app.request(`/api/stats/lines?ids=${ids}`);
      expect(await again.json()).toEqual(body);
    }
    expect(reads()).toBe(30);
    // A new play is a new version: read again, with the play counted.
    expect((await submit(app, answerQuiz(await fetchQuiz(app), 0))).status).toBe(200);
    await app.request(`/api/stats/lines?ids=${ids}`);
    expect(reads()).toBeGreaterThan(30);
  });

  test('rate-limited per address (the quiz’s budget, counted apart): 429 with Retry-After', async () => {
    const { app } = await appCountingConfusionReads({ RATE_LIMIT_QUIZ_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) {
      const res = await app.request('/api/stats/lines?ids=1,2,3');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"minute";q=3;w=60');
    }
    const refused = await app.request('/api/stats/lines?ids=1,2,3');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    // The quiz has its own budget.
    expect((await app.request('/api/quiz?count=1')).status).toBe(200);
  });
});
