import { describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';

/**
 * HTTP semantics of the API (docs/decisions/034): media types, HEAD, content negotiation,
 * caching of every public statistic, CORS on every answer to an allowed origin, private admin
 * answers, request ids.
 */

const ADMIN = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const ORIGIN = 'https://partner.example.org';

describe('POST bodies that are not JSON', () => {
  test.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['XML', 'application/xml'],
    ['no content type', undefined],
  ])('%s → 415 unsupported_media_type, nothing recorded', async (_, type) => {
    const app = await createTestApp();
    const body = answerQuiz(await fetchQuiz(app), 10);
    const res = await app.request('/api/stats/submit-quiz', {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body: new TextEncoder().encode(JSON.stringify(body)),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('unsupported_media_type');
    expect(res.headers.get('accept-post')).toBe('application/json');
    expect((await submit(app, body)).status).toBe(200);
  });

  test.each(['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'])(
    '%s is JSON',
    async (type) => {
      const app = await createTestApp();
      const body = answerQuiz(await fetchQuiz(app), 10);
      const res = await app.request('/api/stats/submit-quiz', {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    },
  );
});

/** Quizzes issued as the admin's devices read counts them (written with the next batch of plays). */
async function quizzesIssued(app: TestApp): Promise<number> {
  const res = await app.request('/api/admin/stats/devices', { headers: ADMIN });
  return (await res.json()).quizzesIssued;
}

describe('HEAD has no side effects', () => {
  test.each(['/api/quiz', '/api/quiz?count=5&difficulty=easy', '/api/daily'])(
    'HEAD %s: no token, no rate-limit unit, no quiz issued',
    async (path) => {
      const app = await createTestApp({ env: { RATE_LIMIT_QUIZ_PER_MINUTE: '2' } });
      for (let i = 0; i < 5; i++) {
        const head = await app.request(path, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.headers.get('x-quiz-token')).toBeNull();
        expect(head.headers.get('content-type')).toStartWith('application/json');
        expect(head.headers.get('cache-control')).toBe('no-store');
        expect(await head.text()).toBe('');
      }
      // The two GETs of the window are still there.
      const quiz = await fetchQuiz(app);
      expect((await app.request('/api/quiz', { method: 'HEAD' })).status).toBe(200);
      expect((await app.request('/api/quiz')).status).toBe(200);
      expect((await app.request('/api/quiz')).status).toBe(429);
      expect((await submit(app, answerQuiz(quiz, 3))).status).toBe(200);
      expect(await quizzesIssued(app)).toBe(2);
    },
  );
});

describe('Accept-Encoding', () => {
  test.each([
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip;q=0', null],
    ['gzip; q=0.000', null],
    ['gzip;q=0.5, identity', 'gzip'],
    ['*', 'gzip'],
    ['*;q=0', null],
    ['gzip;q=0, *', null],
    ['br;q=0, deflate', null],
    ['x-gzip', 'gzip'],
    ['br;q=0.9, gzip;q=0.8', 'gzip'],
  ])('%p → %p', async (accepted, coding) => {
    const app = await createTestApp();
    const res = await app.request('/api/stats/lyrics', { headers: { 'accept-encoding': accepted } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(coding);
  });
});

describe('every public statistic is cacheable', () => {
  test.each([
    '/api/stats/lines?ids=1,2,3',
    '/api/daily/summary',
    '/api/daily/percentile/12',
    '/api/daily/percentile/12?day=2025-04-14',
  ])('%s: ETag, Cache-Control, 304 on If-None-Match', async (path) => {
    const app = await createTestApp({ env: { STATS_CACHE_MAX_AGE_SECONDS: '7' } });
    const first = await app.request(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=7');
    const again = await app.request(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  test('the daily summary and percentile change their ETag when a ranked play is recorded', async () => {
    const app = await createTestApp();
    const before = [
      (await app.request('/api/daily/summary')).headers.get('etag'),
      (await app.request('/api/daily/percentile/12')).headers.get('etag'),
    ];
    const daily = await app.request('/api/daily');
    const challenge = await daily.json();
    const quiz = { token: daily.headers.get('x-quiz-token')!, questions: challenge.questions };
    expect((await submit(app, answerQuiz(quiz, 12))).status).toBe(200);
    const after = [
      (await app.request('/api/daily/summary')).headers.get('etag'),
      (await app.request('/api/daily/percentile/12')).headers.get('etag'),
    ];
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  });

  test('the lines read changes its ETag when a play is recorded', async () => {
    const app = await createTestApp();
    const quiz = await fetchQuiz(app);
    const ids = quiz.questions.map((q) => q.lyricId).join(',');
    const before = (await app.request(`/api/stats/lines?ids=${ids}`)).headers.get('etag');
    expect((await submit(app, answerQuiz(quiz, 12))).status).toBe(200);
    expect((await app.request(`/api/stats/lines?ids=${ids}`)).headers.get('etag')).not.toBe(before);
  });
});

describe('CORS on every answer to an allowed origin', () => {
  test.each([
    ['/api/nope', 404],
    ['/api/stats/nope/deeper', 404],
    ['/api/quiz?count=0', 422],
    ['/api/stats/overview', 200],
  ])('%s → %d with Access-Control-Allow-Origin', async (path, status) => {
    const app = await createTestApp({ env: { CORS_ORIGINS: ORIGIN } });
    const res = await app.request(path, { headers: { origin: ORIGIN } });
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  test('a 405 and a 415 too; never an admin path or another origin', async () => {
    const app = await createTestApp({ env: { CORS_ORIGINS: ORIGIN } });
    const put = await app.request('/api/quiz', { method: 'PUT', headers: { origin: ORIGIN } });
    expect(put.status).toBe(405);
    expect(put.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const plain = await app.request('/api/stats/submit-quiz', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(plain.status).toBe(415);
    expect(plain.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const admin = await app.request('/api/admin/nope', { headers: { origin: ORIGIN } });
    expect(admin.status).toBe(404);
    expect(admin.headers.get('access-control-allow-origin')).toBeNull();
    const other = await app.request('/api/nope', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('every admin answer is no-store, private', () => {
  test.each([
    ['/api/admin/stats/overview', ADMIN, 200],
    ['/api/admin/stats/overview', {}, 401],
    ['/api/admin/stats/summary?from=2025-02-30', ADMIN, 422],
    ['/api/admin/stats/lyrics?limit=0', ADMIN, 422],
    ['/api/admin/nope', ADMIN, 404],
  ] as const)('%s → %d', async (path, headers, status) => {
    const app = await createTestApp();
    const res = await app.request(path, { headers });
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store, private');
  });

  test('a 405 on an admin path', async () => {
    const app = await createTestApp();
    const res = await app.request('/api/admin/stats/overview', { method: 'DELETE', headers: ADMIN });
    expect(res.status).toBe(405);
    expect(res.headers.get('cache-control')).toBe('no-store, private');
  });
});

describe('request ids', () => {
  test('every answer has X-Request-Id; an error body carries the same id', async () => {
    const app = await createTestApp();
    const ok = await app.request('/api/stats/overview');
    const okId = ok.headers.get('x-request-id');
    expect(okId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const miss = await app.request('/api/nope');
    const id = miss.headers.get('x-request-id');
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(id).not.toBe(okId);
    expect((await miss.json()).error.requestId).toBe(id);
    const invalid = await app.request('/api/quiz?count=0');
    expect((await invalid.json()).error.requestId).toBe(invalid.headers.get('x-request-id'));
    const quiz = await app.request('/api/quiz');
    expect(quiz.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });

  test("a client's own well-formed X-Request-Id is kept; another is replaced", async () => {
    const app = await createTestApp();
    const kept = await app.request('/api/nope', { headers: { 'x-request-id': 'trace-42.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.abc');
    expect((await kept.json()).error.requestId).toBe('trace-42.abc');
    const replaced = await app.request('/api/nope', { headers: { 'x-request-id': 'a b\u00e9"<>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });
});

describe('one code per fault', () => {
  test('an impossible or malformed date is invalid_range on every route', async () => {
    const app = await createTestApp();
    const code = async (path: string, headers: Record<string, string> = {}) =>
      (await (await app.request(path, { headers })).json()).error.code;
    for (const day of ['2025-02-30', '2025-4-15', 'x'])
      expect([
        await code(`/api/daily/percentile/5?day=${day}`),
        await code(`/api/admin/stats/summary?from=${day}`, ADMIN),
      ]).toEqual(['invalid_range', 'invalid_range']);
  });
});

describe('the unversioned operations API v1 replaces', () => {
  test.each([
    ['/api/quiz', '/api/v1/quiz'],
    ['/api/daily', '/api/v1/daily'],
    ['/api/score-percentile/12', '/api/v1/percentile/12'],
    ['/api/stats/lyrics', '/api/v1/stats/lines'],
    ['/api/stats/lines?ids=1,2', '/api/v1/stats/lines'],
    ['/api/stats/albums', '/api/v1/stats/albums'],
    ['/api/daily/percentile/7', '/api/v1/daily/percentile/7'],
    ['/api/daily/streak?sessionId=3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11', '/api/v1/daily/streak'],
    ['/api/daily/summary', '/api/v1/daily/summary'],
  ])('%s: Deprecation, Sunset and Link to %s', async (path, successor) => {
    const app = await createTestApp();
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('deprecation')).toBe('@1795737600');
    expect(res.headers.get('sunset')).toBe('Tue, 30 Nov 2027 00:00:00 GMT');
    expect(res.headers.get('link')).toBe(`<${successor}>; rel="successor-version"`);
  });

  test('the successor is remembered per path, within bounds: after 1,100 other paths and for a path too long to keep, each answer names its own', async () => {
    const app = await createTestApp();
    const link = async (path: string) => (await app.request(path)).headers.get('link');
    expect(await link('/api/score-percentile/12')).toBe('</api/v1/percentile/12>; rel="successor-version"');
    // More distinct paths than are remembered: the memory starts again, answers stay right.
    for (let i = 0; i < 1_100; i++) await app.request(`/api/score-percentile/${1_000 + i}`);
    expect(await link('/api/score-percentile/12')).toBe('</api/v1/percentile/12>; rel="successor-version"');
    expect(await link('/api/score-percentile/7')).toBe('</api/v1/percentile/7>; rel="successor-version"');
    // Too long to be kept: looked up each time, and right each time.
    const long = '9'.repeat(300);
    for (let i = 0; i < 2; i++)
      expect(await link(`/api/score-percentile/${long}`)).toBe(
        `</api/v1/percentile/${long}>; rel="successor-version"`,
      );
    expect(await link('/api/v1/percentile/12')).toBeNull();
  });

  test('every unversioned operation is deprecated for a v1 successor in the document; v1 and /healthz are not', async () => {
    const app = await createTestApp();
    const doc = await (await app.request('/openapi/json')).json();
    type Op = { operationId: string; deprecated?: boolean; description: string };
    const operations = Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(
      ([path, ops]) => Object.values(ops).map((op) => ({ path, ...op })),
    );
    const ids = new Set(operations.map((op) => op.operationId));
    const unversioned = operations.filter(
      (op) => op.path.startsWith('/api/') && !op.path.startsWith('/api/v1/'),
    );
    expect(unversioned.length).toBeGreaterThanOrEqual(40);
    for (const op of unversioned) {
      expect(op.deprecated, op.operationId).toBe(true);
      const successor = /\*\*Deprecated\*\*: use `(\w+)` \(`([^`]+)`\)/.exec(op.description);
      expect(successor, op.operationId).not.toBeNull();
      expect(ids.has(successor![1]!), `${op.operationId} → ${successor![1]}`).toBe(true);
      const target = operations.find((o) => o.operationId === successor![1]);
      expect(target?.path, op.operationId).toBe(successor![2]!);
    }
    expect(operations.filter((op) => op.deprecated && !unversioned.includes(op))).toEqual([]);
    for (const path of ['/api/v1/quiz', '/api/v1/daily/summary', '/api/v1/admin/stats/summary', '/healthz']) {
      const res = await app.request(path, { headers: { authorization: ADMIN.authorization } });
      expect(res.headers.get('deprecation')).toBeNull();
    }
  });

  test.each([
    ['/api/admin/stats/summary', '/api/v1/admin/stats/summary'],
    ['/api/admin/stats/daily', '/api/v1/admin/stats/trend'],
    ['/api/admin/export/songs.csv', '/api/v1/admin/exports/songs.csv'],
    ['/api/admin/uzivo/games', '/api/v1/admin/live-games'],
    ['/api/admin/annotations', '/api/v1/admin/annotations'],
  ])(
    'the admin read %s: Deprecation, Sunset and Link to %s, still no-store, private',
    async (path, successor) => {
      const app = await createTestApp();
      const res = await app.request(path, { headers: { authorization: ADMIN.authorization } });
      expect(res.status).toBe(200);
      expect(res.headers.get('deprecation')).toBe('@1795737600');
      expect(res.headers.get('sunset')).toBe('Tue, 30 Nov 2027 00:00:00 GMT');
      expect(res.headers.get('link')).toBe(`<${successor}>; rel="successor-version"`);
      expect(res.headers.get('cache-control')).toBe('no-store, private');
    },
  );
});
