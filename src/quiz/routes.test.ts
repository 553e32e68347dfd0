import { describe, expect, test } from 'bun:test';
import { createEngineTestApp, ENGINES } from '../../test/support/engines';
import { createTestApp } from '../../test/support/fixtures';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import { verifyQuizToken } from './token';

describe('GET /api/quiz', async () => {
  const { request, deps } = await createTestApp();

  test('returns 30 questions with every question field and 5 options, and a signed token naming their lines', async () => {
    const res = await request('/api/quiz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const questions = (await res.json()) as { lyricId: number; options: { id: number; title: string }[] }[];
    expect(questions).toHaveLength(30);
    expect(Object.keys(questions[0]!).sort()).toEqual(
      [
        'albumTitle',
        'albumYear',
        'correctSongId',
        'correctSongTitle',
        'id',
        'lyric',
        'lyricId',
        'options',
      ].sort(),
    );
    expect(questions[0]!.options).toHaveLength(5);
    const check = verifyQuizToken(
      deps.secrets.quizToken,
      res.headers.get('x-quiz-token')!,
      deps.clock.nowSeconds(),
      7200,
    );
    expect(check.ok && check.payload.lyricIds).toEqual(questions.map((q) => q.lyricId));
  });

  test.each([1, 7, 50])('count=%p returns that many questions', async (count) => {
    const res = await request(`/api/quiz?count=${count}`);
    expect(((await res.json()) as unknown[]).length).toBe(count);
  });

  test.each(['0', '51', '-5', '2.5', 'abc', '', '1e2', '1e1', '0x5', '%2B7', '%20', '5.0', '%205'])(
    'count=%p → 422 naming count',
    async (count) => {
      const res = await request(`/api/quiz?count=${count}`);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: 'count must be an integer from 1 to 50',
          field: 'count',
          requestId: res.headers.get('x-request-id'),
        },
      });
    },
  );

  test('every fetch is a new play with a new token', async () => {
    const [a, b] = await Promise.all([request('/api/quiz?count=5'), request('/api/quiz?count=5')]);
    expect(a.headers.get('x-quiz-token')).not.toBe(b.headers.get('x-quiz-token'));
  });
});

describe('errors and operations', async () => {
  const { request } = await createTestApp();

  test('an unknown /api path → 404 JSON', async () => {
    const res = await request('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'No route for GET /api/nope.',
        requestId: res.headers.get('x-request-id'),
      },
    });
  });

  test('a wrong method on a known path → 405 JSON with Allow', async () => {
    const res = await request('/api/quiz', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await res.json()).toEqual({
      error: {
        code: 'method_not_allowed',
        message: 'DELETE is not allowed on /api/quiz; allowed: GET, HEAD, OPTIONS.',
        requestId: res.headers.get('x-request-id'),
      },
    });
  });

  test.each(ENGINES)(
    '/healthz answers ok while the database answers, 503 once it is closed (%s)',
    async (engine) => {
      const app = await createEngineTestApp(engine);
      expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
      await app.close();
      const res = await app.request('/healthz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', reason: 'database_unreachable' });
    },
    CLUSTER_START_MS,
  );

  test('the docs page loads its script and styles from this server only', async () => {
    const html = await (await request('/openapi')).text();
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) {
      expect(ref).toStartWith('/openapi/assets/');
      expect((await request(ref)).status).toBe(200);
    }
    expect((await request('/openapi/assets/..%2Fpackage.json')).status).toBe(404);
  });
});
