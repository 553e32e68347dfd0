import { describe, expect, test } from 'bun:test';
import { createTestApp } from '../../test/support/fixtures';
import { createRateLimiter } from './rate-limit';

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

  test('Retry-After names the window that blocks longest (both spent: the hour, not the minute)', async () => {
    const app = await createTestApp({
      env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '2', RATE_LIMIT_SUBMIT_PER_HOUR: '2' },
    });
    const post = () =>
      app.request('/api/stats/submit-quiz', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    await post();
    await post();
    app.clock.advance(29);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3571');
    // Only the minute spent: its end.
    const minuteOnly = await createTestApp({
      env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1', RATE_LIMIT_SUBMIT_PER_HOUR: '100' },
    });
    const postTo = () =>
      minuteOnly.request('/api/stats/submit-quiz', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    await postTo();
    minuteOnly.clock.advance(29);
    expect((await postTo()).headers.get('retry-after')).toBe('31');
  });
});

describe('the limiter’s memory and expiry', () => {
  test('ended windows are forgotten; a key reset and counted again keeps its new window', () => {
    let now = 0;
    const limiter = createRateLimiter(2, 60_000, () => now);
    for (let i = 0; i < 1000; i++) limiter.consume(`a${i}`);
    expect(limiter.size()).toBe(1000);
    now = 30_000;
    limiter.consume('late');
    limiter.reset('a1');
    limiter.consume('a1'); // a new window from 30 s
    now = 60_000;
    limiter.consume('b');
    // The first 1,000 windows ended at 60 s, a1's new one did not.
    expect(limiter.size()).toBe(3);
    expect(limiter.peek('a1').remaining).toBe(1);
    expect(limiter.peek('a2').remaining).toBe(2);
    now = 90_000;
    limiter.consume('c');
    expect(limiter.size()).toBe(2); // b and c
  });

  test('windows keep their counts when the queue is compacted under them', () => {
    let now = 0;
    const limiter = createRateLimiter(2, 60_000, () => now);
    for (let i = 0; i < 5000; i++) limiter.consume(`early${i}`);
    now = 30_000;
    for (let i = 0; i < 10; i++) {
      limiter.consume(`live${i}`);
      limiter.consume(`live${i}`);
    }
    limiter.count('failing');
    limiter.count('failing');
    limiter.release('failing');
    limiter.reset('live9'); // its slot stays in the queue, stale
    now = 60_000;
    limiter.consume('fresh'); // the 5,000 early windows end: the queue is compacted
    expect(limiter.size()).toBe(11 + 1 - 1);
    for (let i = 0; i < 9; i++) {
      expect(limiter.peek(`live${i}`)).toEqual({ allowed: false, remaining: 0, resetSeconds: 30 });
      expect(() => limiter.check(`live${i}`)).toThrow();
    }
    expect(limiter.peek('live9').remaining).toBe(2);
    expect(limiter.peek('failing').remaining).toBe(1);
    expect(limiter.peek('fresh')).toEqual({ allowed: true, remaining: 1, resetSeconds: 60 });
    now = 90_000;
    limiter.expire();
    expect(limiter.size()).toBe(1); // fresh
    limiter.clear();
    expect(limiter.size()).toBe(0);
    expect(limiter.consume('fresh').remaining).toBe(1);
  });

  test('100,000 live keys: a new address costs O(1), the oldest window is dropped, at most 100,000 kept', () => {
    let now = 0;
    const limiter = createRateLimiter(5, 3_600_000, () => now);
    for (let i = 0; i < 100_000; i++) limiter.consume(`k${i}`);
    now = 1000;
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) limiter.consume(`new${i}`);
    const ms = performance.now() - started;
    expect(limiter.size()).toBe(100_000);
    // The oldest went first: k0…k19999 start afresh, k20000 still has its count.
    expect(limiter.peek('k0').remaining).toBe(5);
    expect(limiter.peek('k20000').remaining).toBe(4);
    // A scan of the map per new key took ~1.9 ms each (38 s here); O(1) takes a few ms in all.
    expect(ms).toBeLessThan(1000);
  });
});
