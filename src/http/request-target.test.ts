import { describe, expect, test } from 'bun:test';
import { createTestApp } from '../../test/support/fixtures';
import { CONTENT_SECURITY_POLICY } from './security-headers';

describe('requests no route can handle', () => {
  test('a CONNECT request → JSON 400 with the security headers', async () => {
    const app = await createTestApp();
    const res = await app.request('/api/quiz', { method: 'CONNECT' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await res.json()).toEqual({
      error: {
        code: 'bad_request_target',
        message: 'The request target must be a path on this server (origin-form).',
        requestId: res.headers.get('x-request-id'),
      },
    });
  });

  test('a body that does not arrive within REQUEST_TIMEOUT_SECONDS → 408, nothing recorded', async () => {
    const app = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    const stalled = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"quiz')) });
    const res = await app.request('/api/stats/submit-quiz', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stalled,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(408);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('request_timeout');
  });
});
