import { describe, expect, test } from 'bun:test';
import { createTestApp } from '../../test/support/fixtures';

describe('rate limits per client address', () => {
  test('quiz fetches over the limit → 429 with Retry-After, allowed again after the window', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_QUIZ_PER_MINUTE: '3' } });
    for (let i = 0; i < 3; i++) expect((await app.request('/api/quiz?count=1')).status).toBe(200);
    const limited = await app.request('/api/quiz?count=1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    app.clock.advance(60);
    expect((await app.request('/api/quiz?count=1')).status).toBe(200);
  });

  test('X-Forwarded-For separates clients only when TRUST_PROXY is set', async () => {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': `203.0.113.9, ${ip}` } });
    const trusted = await createTestApp({ env: { RATE_LIMIT_QUIZ_PER_MINUTE: '1', TRUST_PROXY: 'true' } });
    expect((await trusted.request('/api/quiz?count=1', from('198.51.100.1'))).status).toBe(200);
    expect((await trusted.request('/api/quiz?count=1', from('198.51.100.2'))).status).toBe(200);
    expect((await trusted.request('/api/quiz?count=1', from('198.51.100.1'))).status).toBe(429);

    const untrusted = await createTestApp({ env: { RATE_LIMIT_QUIZ_PER_MINUTE: '1' } });
    expect((await untrusted.request('/api/quiz?count=1', from('198.51.100.1'))).status).toBe(200);
    expect((await untrusted.request('/api/quiz?count=1', from('198.51.100.2'))).status).toBe(429);
  });

  test('submissions over the limit → 429', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '2' } });
    const post = () =>
      app.request('/api/stats/submit-quiz', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await post()).status).toBe(422);
    expect((await post()).status).toBe(422);
    expect((await post()).status).toBe(429);
  });
});
