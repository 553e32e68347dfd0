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

  // docs/decisions/012, amendment: Bun keeps only the target's path and takes the host from the
  // Host header, and the request carries nothing else of the request line, so an absolute-form
  // target for another host arrives exactly as the origin-form request for the same path (and is
  // answered as that path on this server; the reverse proxy refuses it, docs/deploy.md). If a
  // Bun upgrade keeps the authority, this fails: then `requestTarget` can refuse a URL whose
  // host differs from the Host header with 400, as the ADR first meant.
  test('Bun drops the authority of an absolute-form target (why the server cannot refuse it)', async () => {
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (request) =>
        Response.json({
          method: request.method,
          url: request.url,
          headers: [...request.headers],
        }),
    });
    const { connect } = await import('node:net');
    const send = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(server.port!, '127.0.0.1', () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
        );
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk;
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    try {
      const foreign = await send('http://evil.example/api/quiz?x=1');
      const local = await send('/api/quiz?x=1');
      expect(foreign.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      const seen = JSON.parse(foreign.split('\r\n\r\n')[1]!);
      expect(seen.url).toBe('http://127.0.0.1/api/quiz?x=1');
      expect(seen.headers).toEqual([
        ['connection', 'close'],
        ['host', '127.0.0.1'],
      ]);
      // Nothing tells the two apart.
      expect(seen).toEqual(JSON.parse(local.split('\r\n\r\n')[1]!));
    } finally {
      server.stop(true);
    }
  });

  test('Bun closes pipelined requests unanswered when the first handler awaits (pinned: a Bun that answers them fails this)', async () => {
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(request) {
        if (new URL(request.url).pathname === '/slow') await Bun.sleep(5);
        return new Response('ok');
      },
    });
    try {
      const pipelined = async (first: string) => {
        const { createConnection } = await import('node:net');
        return new Promise<string>((resolve) => {
          const socket = createConnection({ host: '127.0.0.1', port: Number(server.port) });
          let received = '';
          socket.on('data', (chunk) => {
            received += chunk.toString('latin1');
          });
          socket.on('close', () => resolve(received));
          socket.on('connect', () =>
            socket.write(`GET ${first} HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\n`),
          );
          setTimeout(() => socket.end(), 500);
        });
      };
      const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
      expect(statuses(await pipelined('/fast'))).toEqual([200, 200]);
      expect(statuses(await pipelined('/slow'))).toEqual([]);
    } finally {
      server.stop(true);
    }
  });
});
