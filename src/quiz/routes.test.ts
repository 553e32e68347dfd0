import { describe, expect, test } from 'bun:test';
import { createTestApp } from '../../test/support/fixtures';
import { verifyQuizToken } from './token';

describe('GET /api/quiz', async () => {
  const { request, deps } = await createTestApp();

  test('returns 30 questions of the spec shape with a signed token naming their lines', async () => {
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

  test.each(['0', '51', '-5', '2.5', 'abc', '', '1e2'])('count=%p → 422 naming count', async (count) => {
    const res = await request(`/api/quiz?count=${count}`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: 'validation_failed', message: 'count must be an integer from 1 to 50', field: 'count' },
    });
  });

  test('every fetch is a new play with a new token', async () => {
    const [a, b] = await Promise.all([request('/api/quiz?count=5'), request('/api/quiz?count=5')]);
    expect(a.headers.get('x-quiz-token')).not.toBe(b.headers.get('x-quiz-token'));
  });
});

// biome-ignore lint/suspicious/noExplicitAny: a free-form OpenAPI document, probed by path
type OpenApiOperation = any;

describe('errors and operations', async () => {
  const { request } = await createTestApp();

  test('an unknown /api path → 404 JSON', async () => {
    const res = await request('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No route for GET /api/nope.' },
    });
  });

  test('a wrong method on a known path → 404 JSON', async () => {
    const res = await request('/api/quiz', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  test('/healthz answers ok while the database answers, 503 once it is closed', async () => {
    const app = await createTestApp();
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
    app.db.$client.close();
    const res = await app.request('/healthz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable' });
  });

  test('the OpenAPI document describes the quiz call and its token header', async () => {
    const doc = (await (await request('/openapi/json')).json()) as {
      openapi: string;
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    expect(doc.openapi).toStartWith('3.1');
    const get = doc.paths['/api/quiz']?.get;
    expect(get.parameters[0]).toMatchObject({ name: 'count', in: 'query' });
    expect(get.responses['200'].headers['X-Quiz-Token'].schema.description).toContain('HMAC');
    expect(get.responses['200'].content['application/json'].schema.items.properties.lyricId).toEqual({
      type: 'integer',
      examples: [345],
    });
    expect(get.responses['422']).toBeDefined();
  });

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

describe('the OpenAPI document', async () => {
  const { request } = await createTestApp();
  const doc = (await (await request('/openapi/json')).json()) as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components: OpenApiOperation;
  };

  test('documents every API route with a summary and its responses', () => {
    const expected = [
      'get /api/quiz',
      'post /api/stats/submit-quiz',
      'get /api/score-percentile/{score}',
      'get /api/stats/lines',
      ...['overview', 'lyrics', 'songs', 'albums'].map((n) => `get /api/stats/${n}`),
      ...['overview', 'lyrics', 'songs', 'albums', 'hourly'].map((n) => `get /api/admin/stats/${n}`),
      'get /healthz',
    ];
    for (const route of expected) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = doc.paths[path]?.[method];
      expect(operation?.summary, route).toBeString();
      expect(operation.responses['200'], route).toBeDefined();
    }
  });

  test('the admin calls carry the Basic security scheme', () => {
    expect(doc.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.paths['/api/admin/stats/hourly']?.get.security).toEqual([{ basicAuth: [] }]);
    expect(doc.paths['/api/admin/stats/hourly']?.get.responses['401']).toBeDefined();
  });

  test('the percentile and the lines of a play document their schemas', () => {
    const percentile =
      doc.paths['/api/score-percentile/{score}']?.get.responses['200'].content['application/json'];
    expect(Object.keys(percentile.schema.properties).sort()).toEqual([
      'percentile',
      'samePercent',
      'totalPlayers',
    ]);
    const lines = doc.paths['/api/stats/lines']?.get;
    expect(lines.parameters[0]).toMatchObject({ name: 'ids', in: 'query' });
    const item = lines.responses['200'].content['application/json'].schema.items;
    expect(item.required).toEqual(['lyricId', 'occurrences', 'correctAnswers']);
    expect(Object.keys(item.properties.confusedWith.properties).sort()).toEqual(['songId', 'times', 'title']);
  });

  test('the submission documents its body', () => {
    const body = doc.paths['/api/stats/submit-quiz']?.post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(
      expect.arrayContaining(['quizToken', 'sessionId', 'deviceInfo', 'score', 'totalQuestions', 'answers']),
    );
  });
});
