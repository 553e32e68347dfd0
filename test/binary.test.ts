import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PARTY_CLOSE, PARTY_SOCKET_PATH } from '../src/shared/contracts/party';
import { type RunningBinary, startBinary } from './support/binary';
import { PartyClient } from './support/party-client';

// Real processes and a real browser on a shared 2-core machine: generous, never a measure of speed.
setDefaultTimeout(60_000);

describe('the compiled binary, copied alone into an empty directory', () => {
  let server: RunningBinary;
  beforeAll(async () => {
    server = await startBinary();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('creates its database under data/ and seeds the demo catalogue', () => {
    expect(existsSync(join(server.dir, 'data', 'kviz.db'))).toBe(true);
    expect(server.logs.some((l) => l.includes('"seeded the demo catalogue"'))).toBe(true);
  });

  test('/healthz answers ok', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('/api/quiz serves 30 questions from the demo catalogue with a token', async () => {
    const res = await fetch(`${server.url}/api/quiz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-quiz-token')).toMatch(/^[\w-]+\.[\w-]+$/);
    const questions = (await res.json()) as { albumYear: number }[];
    expect(questions).toHaveLength(30);
  });

  // The build must not rename identifiers: Elysia then silently stops enforcing numeric bounds.
  test.each(['-5', '0', '51', '100000', '2.5', 'abc'])(
    'count=%p is refused with 422 inside the binary too',
    async (count) => {
      const res = await fetch(`${server.url}/api/quiz?count=${count}`);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe('count');
    },
  );

  test('the API docs page and its assets reference no outside host', async () => {
    const html = await (await fetch(`${server.url}/openapi`)).text();
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    for (const name of ['swagger-init.js', 'swagger-ui.css', 'swagger-ui-bundle.js']) {
      const res = await fetch(`${server.url}/openapi/assets/${name}`);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body.length).toBeGreaterThan(100);
    }
    const doc = (await (await fetch(`${server.url}/openapi/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain('/api/quiz');
  });

  test('SIGTERM stops it cleanly with exit code 0', async () => {
    const other = await startBinary();
    expect(await other.stop('SIGTERM')).toBe(0);
    expect(other.logs.at(-1)).toContain('"stopped"');
  });

  test('SIGTERM stops it at once while Kviz uživo sockets are open, closing each (1001)', async () => {
    const other = await startBinary();
    const url = `${other.url.replace(/^http/, 'ws')}${PARTY_SOCKET_PATH}`;
    const host = await PartyClient.connect(url);
    host.send({ type: 'create', settings: { lines: 10, seconds: 20, difficulty: 'normal', autoNext: 0 } });
    const { code } = await host.next('hosting');
    const phone = await PartyClient.connect(url);
    phone.send({ type: 'join', code, nickname: 'Ana' });
    await phone.next('joined');
    const silent = await PartyClient.connect(url);
    const started = performance.now();
    expect(await other.stop('SIGTERM')).toBe(0);
    // Before, it waited until every client closed its socket (never, for a phone left on the page).
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(other.logs.at(-1)).toContain('"stopped"');
    const going = { code: PARTY_CLOSE.stopping, reason: 'server stopping' };
    expect([await host.closedBy(), await phone.closedBy(), await silent.closedBy()]).toEqual([
      going,
      going,
      going,
    ]);
  });
});
