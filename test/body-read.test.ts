/**
 * How the compiled binary reads a request body that carries a Content-Length (taken whole,
 * src/http/body-parser.ts): pieces that arrive apart still make one body, and a body that stops
 * short of its length is answered 408 within REQUEST_TIMEOUT_SECONDS with nothing recorded.
 * A raw socket, because fetch always sends a body at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createConnection } from 'node:net';
import { type RunningBinary, startBinary } from './support/binary';

let server: RunningBinary;
beforeAll(async () => {
  server = await startBinary({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
});
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
  test('sent in three pieces, a multi-byte letter split between two: read as one body', async () => {
    // Well-formed JSON that the route refuses for its sessionId: only a whole body gets that far.
    const body = '{"quizToken":"žđ","sessionId":"x","answers":[]}';
    const bytes = Buffer.from(body, 'utf8');
    const cut = bytes.indexOf(Buffer.from('ž', 'utf8')) + 1; // inside the two bytes of 'ž'
    const answer = await sendInPieces([head(bytes.length), bytes.subarray(0, cut), bytes.subarray(cut)], 150);
    expect(answer).toStartWith('HTTP/1.1 422');
    // The route's schema saw the parsed JSON (a piece alone would be 'malformed_body', a wait 408).
    const json = JSON.parse(answer.split('\r\n\r\n')[1]!) as { error: { code: string; field?: string } };
    expect(json.error).toMatchObject({ code: 'validation_failed', field: 'sessionId' });
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
