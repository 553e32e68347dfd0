/**
 * How the compiled binary reads a request body that carries a Content-Length (taken whole,
 * src/http/body-parser.ts): pieces that arrive apart still make one body, and a body that stops
 * short of its length is answered 408 within REQUEST_TIMEOUT_SECONDS with nothing recorded.
 * A raw socket, because fetch always sends a body at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createConnection } from 'node:net';
import { MAX_BODY_BYTES } from '../src/http/body-parser';
import { DEVICE_INFO_MAX_LENGTH } from '../src/shared/rules';
import { type RunningBinary, startBinary } from './support/binary';

let server: RunningBinary;
// The first test file to start the binary builds it: tens of seconds on a busy 2-core machine.
beforeAll(async () => {
  server = await startBinary({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Sends `pieces` with `gapMs` between them on one socket; resolves with the whole answer. */
function sendInPieces(pieces: (string | Uint8Array)[], gapMs: number): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    let received = '';
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error(`no answer within 5 s; got ${JSON.stringify(received)}`));
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const [head, body = ''] = received.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? Number.NaN);
      if (Buffer.byteLength(body) >= length) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.on('connect', async () => {
      for (const [i, piece] of pieces.entries()) {
        if (i > 0) await Bun.sleep(gapMs);
        socket.write(typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece);
      }
    });
  });
}

const head = (length: number) =>
  `POST /api/stats/submit-quiz HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

const recorded = async () =>
  ((await (await fetch(`${server.url}/api/stats/overview`)).json()) as { totalAttempts: number })
    .totalAttempts;

describe('a body with a Content-Length, over a socket', () => {
  test('sent in three pieces, a multi-byte letter split between two: read as one body, decoded whole', async () => {
    // deviceInfo is exactly its longest (512 letters 'ž'): decoded whole, the schema goes on and
    // names the missing score; a letter decoded as two replacement characters would make it too
    // long, and a piece read alone would be malformed JSON.
    const body = JSON.stringify({
      quizToken: 'x',
      sessionId: '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11',
      deviceInfo: 'ž'.repeat(DEVICE_INFO_MAX_LENGTH),
    });
    const bytes = Buffer.from(body, 'utf8');
    const cut = bytes.indexOf(Buffer.from('ž', 'utf8')) + 1; // inside the two bytes of the first 'ž'
    const answer = await sendInPieces([head(bytes.length), bytes.subarray(0, cut), bytes.subarray(cut)], 150);
    expect(answer).toStartWith('HTTP/1.1 422');
    const json = JSON.parse(answer.split('\r\n\r\n')[1]!) as { error: { code: string; field?: string } };
    expect(json.error).toMatchObject({ code: 'validation_failed', field: 'score' });
  });

  test('the same Content-Length over the limit sent twice (Bun joins the values): 413, read no further', async () => {
    const length = MAX_BODY_BYTES + 5000;
    const duplicated = head(length).replace('\r\n\r\n', `\r\nContent-Length: ${length}\r\n\r\n`);
    const answer = await sendInPieces([duplicated, `{"quizToken":"${'x'.repeat(length - 16)}"}`], 0);
    expect(answer).toStartWith('HTTP/1.1 413');
    expect((JSON.parse(answer.split('\r\n\r\n')[1]!) as { error: { code: string } }).error.code).toBe(
      'body_too_large',
    );
  });

  test('stopping short of its Content-Length → 408 request_timeout, nothing recorded', async () => {
    const before = await recorded();
    const answer = await sendInPieces([head(500), '{"quizToken":"'], 0);
    expect(answer).toStartWith('HTTP/1.1 408');
    expect((JSON.parse(answer.split('\r\n\r\n')[1]!) as { error: { code: string } }).error.code).toBe(
      'request_timeout',
    );
    expect(await recorded()).toBe(before);
  });
});
