import { describe, expect, test } from 'bun:test';
import { Elysia, status, t } from 'elysia';
import { createLogger, silentLogger } from '../logger';
import { bodyParser, MAX_BODY_BYTES } from './body-parser';
import { errorHandler } from './error-handler';
import { requestLog } from './request-log';

interface LogLine {
  level: string;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
}

/** A small app in the order src/app.ts uses: request log first, then error handler, body parser, routes. */
function appWithLog() {
  const lines: string[] = [];
  const log = createLogger('debug', (line) => lines.push(line));
  const app = new Elysia()
    .use(requestLog(log))
    .use(errorHandler(silentLogger))
    .use(bodyParser(30))
    .get('/api/ok', () => ({ ok: true }))
    .get('/api/count', ({ query }) => query, { query: t.Object({ n: t.Integer({ maximum: 5 }) }) })
    .get('/api/boom', () => {
      throw new Error('database on fire');
    })
    .get('/api/own-response', () => new Response('made', { status: 201 }))
    .get('/api/teapot', () => status(418, { error: { code: 'teapot', message: 'short and stout' } }))
    .post('/api/echo', ({ body }) => body, { body: t.Object({ sessionId: t.String() }) })
    .get('/healthz', () => ({ status: 'ok' }))
    .get('/assets/:name', ({ params }) => params.name)
    .get('/openapi/assets/:name', ({ params }) => params.name);

  /** Sends one request and waits for its log line: onAfterResponse runs after the answer is sent. */
  const request = async (path: string, init?: RequestInit) => {
    const before = lines.length;
    const res = await app.handle(new Request(`http://localhost${path}`, init));
    await res.arrayBuffer();
    for (let spins = 0; lines.length === before; spins++) {
      if (spins > 1000) throw new Error(`no log line for ${path}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const logged = lines.slice(before).map((line) => JSON.parse(line) as LogLine);
    expect(logged).toHaveLength(1);
    return { status: res.status, line: logged[0]!, raw: lines[before]! };
  };
  return { request };
}

const entry = (level: string, method: string, path: string, status: number) => ({
  time: expect.any(String),
  level,
  msg: 'request',
  method,
  path,
  status,
  durationMs: expect.any(Number),
  requestId: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
});

describe('requestLog', () => {
  test.each([
    ['a normal answer', 'GET', '/api/ok', undefined, 200],
    ['a validation error', 'GET', '/api/count?n=99', undefined, 422],
    ['an unknown route', 'GET', '/api/nothing-here?x=1', undefined, 404],
    ['an unexpected error', 'GET', '/api/boom', undefined, 500],
    ['a Response returned by the route', 'GET', '/api/own-response', undefined, 201],
    ['status(...) returned by the route', 'GET', '/api/teapot', undefined, 418],
    ['malformed JSON', 'POST', '/api/echo', '{"sessionId":', 400],
    ['a body over the limit', 'POST', '/api/echo', 'x'.repeat(MAX_BODY_BYTES + 1), 413],
  ] as const)('logs %s at info with the status sent', async (_, method, path, body, status) => {
    const { request } = appWithLog();
    const init: RequestInit = { method, headers: { 'content-type': 'application/json' } };
    if (body !== undefined) init.body = body;
    const result = await request(path, init);
    expect(result.status).toBe(status);
    expect(result.line).toEqual(entry('info', method, path.split('?')[0]!, status));
    expect(result.line.durationMs).toBeGreaterThanOrEqual(0);
  });

  test.each([
    ['/healthz', 200],
    ['/assets/app-3f2a.js', 200],
    ['/openapi/assets/swagger-ui.css', 200],
  ] as const)('%s logs at debug', async (path, status) => {
    const { request } = appWithLog();
    expect((await request(path)).line).toEqual(entry('debug', 'GET', path, status));
  });

  test('never logs the query string, headers, cookies or the body', async () => {
    const { request } = appWithLog();
    const secrets = [
      'c2VjcmV0LXVzZXI6c2VjcmV0LXBhc3N3b3Jk',
      'cookie-secret-value',
      '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11',
      'token-in-query',
    ];
    const results = [
      await request(`/api/echo?quizToken=${secrets[3]}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${secrets[0]}`,
          cookie: `session=${secrets[1]}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ sessionId: secrets[2] }),
      }),
      await request(`/api/boom?sessionId=${secrets[2]}`, {
        headers: { authorization: `Basic ${secrets[0]}` },
      }),
    ];
    expect(results.map((r) => r.status)).toEqual([200, 500]);
    for (const { raw } of results) for (const secret of secrets) expect(raw).not.toContain(secret);
  });

  test('a very long path is cut, so a client cannot choose the size of a log line', async () => {
    const { request } = appWithLog();
    const { line } = await request(`/api/${'a'.repeat(5000)}`);
    expect(line.status).toBe(404);
    expect(line.path!.length).toBeLessThanOrEqual(257);
  });

  test('respects the log level: debug lines are dropped at info', async () => {
    const lines: string[] = [];
    const app = new Elysia()
      .use(requestLog(createLogger('info', (line) => lines.push(line))))
      .get('/healthz', () => 'ok')
      .get('/api/ok', () => 'ok');
    await app.handle(new Request('http://localhost/healthz'));
    await app.handle(new Request('http://localhost/api/ok'));
    for (let spins = 0; lines.length === 0 && spins < 1000; spins++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => JSON.parse(line).path)).toEqual(['/api/ok']);
  });
});
