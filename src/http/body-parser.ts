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

const tooLarge = () =>
  new AppError(413, 'body_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);

/**
 * The only body parser: bodies over MAX_BODY_BYTES → 413 (also when no
 * Content-Length was sent), malformed JSON → 400, anything that is not JSON is
 * handed on as text and rejected by the route's schema with a 422.
 * Bun.serve enforces a 16× larger hard limit on the socket (src/cli/serve.ts), so
 * that clients get this JSON 413 rather than Bun's bare one.
 */
export const bodyParser = new Elysia({ name: 'body-parser' })
  .onRequest(({ request }) => {
    // GET and HEAD bodies are never read: their headers are not worth a look on the hot paths.
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  })
  .onParse({ as: 'global' }, async ({ request, contentType }) => {
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
    const text = new TextDecoder().decode(bytes);
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '')) return text;
    try {
      return JSON.parse(text, withoutConversionKeys);
    } catch {
      throw badRequest('malformed_body', 'The request body is not well-formed JSON.');
    }
  });
