import { Elysia } from 'elysia';
import { AppError, badRequest } from '../errors';

/** Largest request body accepted (a 30-answer submission is about 3 KB). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * JSON.parse reviver dropping keys named like Object.prototype's string conversions. No field of
 * the API has these names (unknown fields are ignored anyway), but a value such as
 * `{"deviceInfo":{"toString":[]}}` kept them and made Elysia's validation error throw a
 * TypeError while describing the value (`${value}`): a 500 instead of a 422.
 */
const withoutConversionKeys = (key: string, value: unknown) =>
  key === 'toString' || key === 'valueOf' ? undefined : value;

/**
 * JSON.parse with the reviver above only when the text could hold such a key: a reviver
 * makes parsing a submission many times slower (docs/decisions/018; the figures in
 * docs/performance.md, "Quiz and submissions, second pass"). Without a backslash a key can only
 * be spelt out as it is, so a text naming neither word parses to the same value without the
 * reviver.
 */
export function parseJson(text: string): unknown {
  return text.includes('\\') || text.includes('toString') || text.includes('valueOf')
    ? JSON.parse(text, withoutConversionKeys)
    : JSON.parse(text);
}

/**
 * A body that has not arrived whole in time is answered 408 and the connection
 * closed: a client sending one byte a minute must not hold a request open forever.
 */
async function withDeadline<T>(body: Promise<T>, seconds: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AppError(
            408,
            'request_timeout',
            `The request body did not arrive within ${seconds} s.`,
            undefined,
            {
              connection: 'close',
            },
          ),
        ),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([body, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

// The rest of the body is not read: the connection is closed rather than drained.
const tooLarge = () =>
  new AppError(413, 'body_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`, undefined, {
    connection: 'close',
  });

/**
 * The body's bytes, read no further than MAX_BODY_BYTES + 1: a body without Content-Length
 * (chunked, a stream) costs at most that much memory however long it is.
 */
async function readCapped(request: Request): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** One Content-Length, not a list: plain digits. */
const plainLength = /^\d+$/;

/**
 * The body as text. With one plain Content-Length within MAX_BODY_BYTES and no
 * Transfer-Encoding, Bun reads exactly that many bytes, so the body is taken whole: no stream,
 * reader and promise per chunk, which were a large share of a submission's server time
 * (docs/decisions/013; docs/performance.md, "27 November 2026: a new machine; the submission
 * body read whole"). Anything else — chunked, or a
 * Content-Length that is not one number (Bun accepts the same length sent twice and joins the
 * values, "70000, 70000") — takes the capped read above, so no body costs more than
 * MAX_BODY_BYTES + 1. Both decode the bytes with the same TextDecoder.
 */
async function readText(request: Request): Promise<string> {
  const { headers } = request;
  const length = headers.get('content-length');
  const whole =
    length !== null &&
    plainLength.test(length) &&
    Number(length) <= MAX_BODY_BYTES &&
    !headers.has('transfer-encoding');
  return new TextDecoder().decode(whole ? await request.arrayBuffer() : await readCapped(request));
}

/** JSON, or a JSON-based type (`application/problem+json`); any parameters, any case. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Every body the API takes is JSON: another type is refused once the (capped) body is read (RFC 9110 §15.5.16). */
const unsupportedMediaType = (type: string) =>
  new AppError(
    415,
    'unsupported_media_type',
    `The request body must be JSON (Content-Type: application/json), not ${type ? `"${type.slice(0, 100)}"` : 'untyped'}.`,
    undefined,
    { 'accept-post': 'application/json' },
  );

/**
 * The only body parser: bodies over MAX_BODY_BYTES → 413 (also when no
 * Content-Length was sent), malformed JSON → 400, a body that is not typed as JSON → 415
 * `unsupported_media_type` with `Accept-Post` (docs/decisions/034; until then it reached the
 * route's schema as text and was a 422).
 * A body must arrive within REQUEST_TIMEOUT_SECONDS (408 otherwise).
 * Bun.serve's own limit is lifted (src/cli/serve.ts), so a body of any size gets this JSON
 * 413 with the security headers rather than Bun's bare one.
 */
export const bodyParser = (timeoutSeconds: number) =>
  new Elysia({ name: 'body-parser', seed: timeoutSeconds })
    .onRequest(({ request }) => {
      // GET and HEAD bodies are never read: their headers are not worth a look on the hot paths.
      if (request.method === 'GET' || request.method === 'HEAD') return;
      if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
    })
    .onParse({ as: 'global' }, async ({ request, contentType }) => {
      // Read first (capped): a body over the limit is 413 whatever its type.
      const text = await withDeadline(readText(request), timeoutSeconds);
      if (!JSON_TYPE.test(contentType ?? '')) throw unsupportedMediaType(contentType ?? '');
      try {
        return parseJson(text);
      } catch {
        throw badRequest('malformed_body', 'The request body is not well-formed JSON.');
      }
    });
