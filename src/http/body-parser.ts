import { Elysia } from 'elysia';
import { AppError, badRequest, unprocessable } from '../errors';

/** Largest request body accepted (a 30-answer submission is about 3 KB). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Deepest nesting of arrays and objects a body may have. The deepest body of the API is a
 * submission's answer (body → answers → answer: 3). JSON.parse itself takes any depth, but
 * whatever recurses over the value afterwards (a reviver, the schema's validation) overflowed
 * the stack at a few thousand levels — a 10 KB body answered 500 (issue 37).
 */
export const MAX_JSON_DEPTH = 16;

/**
 * Keys named like Object.prototype's string conversions are dropped. No field of the API has
 * these names (unknown fields are ignored anyway), but a value such as
 * `{"deviceInfo":{"toString":[]}}` kept them and made Elysia's validation error throw a
 * TypeError while describing the value (`${value}`): a 500 instead of a 422.
 */
const isConversionKey = (key: string) => key === 'toString' || key === 'valueOf';

/**
 * Walks the parsed value without recursion (a stack of our own): refuses it past
 * MAX_JSON_DEPTH, naming the top-level field that holds the deep part, and deletes conversion
 * keys when `strip` says the text could hold one.
 */
function bounded(value: unknown, strip: boolean): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const stack: { v: object; depth: number; field: string }[] = [{ v: value, depth: 1, field: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { v, depth, field } = item;
    if (depth > MAX_JSON_DEPTH)
      throw unprocessable(
        'validation_failed',
        `${field || 'The body'} is nested deeper than ${MAX_JSON_DEPTH} levels.`,
        field || 'body',
      );
    if (Array.isArray(v)) {
      for (const element of v)
        if (typeof element === 'object' && element !== null)
          stack.push({ v: element, depth: depth + 1, field });
      continue;
    }
    const record = v as Record<string, unknown>;
    for (const key in record) {
      if (strip && isConversionKey(key)) {
        delete record[key];
        continue;
      }
      const child = record[key];
      if (typeof child === 'object' && child !== null)
        stack.push({ v: child, depth: depth + 1, field: depth === 1 ? key.slice(0, 64) : field });
    }
  }
  return value;
}

/**
 * JSON.parse, then the bounded walk above. Conversion keys are looked for only when the text
 * could hold one: without a backslash a key can only be spelt out as it is. (A reviver did
 * the same many times slower, docs/decisions/018 and docs/performance.md, and recursed: issue 37.)
 * Throws SyntaxError on malformed JSON and a 422 AppError on a value nested too deep.
 */
export function parseJson(text: string): unknown {
  const strip = text.includes('\\') || text.includes('toString') || text.includes('valueOf');
  return bounded(JSON.parse(text), strip);
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
      // A WebSocket handshake (Kviz uživo's socket, routed as the method "WS") has no body to parse.
      if (request.headers.get('upgrade')?.toLowerCase() === 'websocket') return undefined;
      // Read first (capped): a body over the limit is 413 whatever its type.
      const text = await withDeadline(readText(request), timeoutSeconds);
      // No body and no type (a DELETE): nothing to refuse; a route that needs a body says so (422).
      if (text === '' && !contentType) return undefined;
      if (!JSON_TYPE.test(contentType ?? '')) throw unsupportedMediaType(contentType ?? '');
      try {
        return parseJson(text);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw badRequest('malformed_body', 'The request body is not well-formed JSON.');
      }
    });
