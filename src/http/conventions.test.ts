import { describe, expect, test } from 'bun:test';
import { createTestApp } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';

/** The HTTP conventions of docs/decisions/002 and 013: methods, misses, CORS, rate-limit fields. */

describe('methods and misses', async () => {
  const { request } = await createTestApp();

  test.each(['/api', '/api/', '/api/nope', '/api/stats/nope/deeper'])('GET %s → JSON 404', async (path) => {
    const res = await request(path);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  test.each([
    ['POST', '/api/quiz', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/stats/submit-quiz', 'POST, OPTIONS'],
    ['PUT', '/api/admin/stats/hourly', 'GET, HEAD, OPTIONS'],
  ])('%s %s → 405 with Allow: %s', async (method, path, allow) => {
    const res = await request(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });

  test('OPTIONS on a known path → 204 with Allow; on an unknown one → 404', async () => {
    const res = await request('/api/stats/overview', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await request('/api/nope', { method: 'OPTIONS' })).status).toBe(404);
  });
});

describe('CORS (CORS_ORIGINS)', async () => {
  const origin = 'https://partner.example.org';
  const { request } = await createTestApp({ env: { CORS_ORIGINS: `${origin},https://other.example.org` } });

  test('an allowed origin reads the public API, with the quiz token exposed', async () => {
    const res = await request('/api/quiz?count=1', { headers: { origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Quiz-Token');
    expect(res.headers.get('vary')).toContain('Origin');
    const stats = await request('/api/stats/overview', { headers: { origin } });
    expect(stats.headers.get('access-control-allow-origin')).toBe(origin);
    expect(stats.headers.get('vary')).toBe('Accept-Encoding, Origin');
  });

  test('the submission preflight is answered for an allowed origin', async () => {
    const res = await request('/api/stats/submit-quiz', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('Content-Type');
  });

  test('another origin, and /api/admin/* for any origin, get no CORS headers', async () => {
    const other = await request('/api/stats/overview', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    for (const method of ['GET', 'OPTIONS']) {
      const admin = await request('/api/admin/stats/overview', {
        method,
        headers: { origin, 'access-control-request-method': 'GET', authorization: 'Basic eA==' },
      });
      expect(admin.headers.get('access-control-allow-origin')).toBeNull();
      expect(admin.headers.get('access-control-allow-methods')).toBeNull();
    }
  });

  test('CORS_ORIGINS=* answers every origin with *; the default answers none', async () => {
    const any = await createTestApp({ env: { CORS_ORIGINS: '*' } });
    const res = await any.request('/api/stats/songs', { headers: { origin: 'https://x.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const none = await createTestApp();
    const closed = await none.request('/api/stats/songs', { headers: { origin: 'https://x.example' } });
    expect(closed.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('IETF RateLimit fields on the limited routes', async () => {
  const app = await createTestApp({ env: { RATE_LIMIT_QUIZ_PER_MINUTE: '2' } });

  test('each answer tells the policy and what is left; the 429 as well, with Retry-After', async () => {
    const first = await app.request('/api/quiz?count=1');
    expect(first.headers.get('ratelimit-policy')).toBe('"minute";q=2;w=60');
    expect(first.headers.get('ratelimit')).toBe('"minute";r=1;t=60');
    await app.request('/api/quiz?count=1');
    const refused = await app.request('/api/quiz?count=1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit')).toBe('"minute";r=0;t=60');
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  test('the submission names both of its windows', async () => {
    const other = await createTestApp({ env: { RATE_LIMIT_SUBMIT_PER_HOUR: '50' } });
    const res = await submit(other, answerQuiz(await fetchQuiz(other), 12));
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"minute";q=120;w=60, "hour";q=50;w=3600');
    expect(res.headers.get('ratelimit')).toMatch(/^"minute";r=119;t=\d+, "hour";r=49;t=\d+$/);
  });
});
