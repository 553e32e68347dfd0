import { describe, expect, test } from 'bun:test';
import { createTestApp } from '../../test/support/fixtures';
import { createLogger } from '../logger';
import { lastResortResponse } from './request-target';
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

  test('an error that escaped the app: JSON 500 with the security headers, an error line and a request line', async () => {
    const lines: string[] = [];
    const log = createLogger('info', (line) => lines.push(line));
    const res = lastResortResponse(new RangeError('Maximum call stack size exceeded.'), log);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('internal_error');
    const parsed = lines
      .flatMap((l) => l.split('\n'))
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(parsed.map((l) => l.msg)).toEqual(['request failed outside the app', 'request']);
    expect(parsed[1]).toMatchObject({ level: 'info', status: 500, outsideApp: true });
  });
});
