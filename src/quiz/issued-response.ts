import { QUIZ_TOKEN_HEADER } from '../shared/rules';

/**
 * A quiz (or the day's challenge) as sent: its JSON bytes as they are and its token in a header.
 * Elysia neither validates nor serializes a Response (the route's schema documents it). The
 * headers set so far (security headers, request id, RateLimit fields…) go into it: the route's
 * own are added to that same object, which becomes the Response's headers (no copy of it), and
 * `set` is left with an empty one, or Elysia would copy the response once more to merge them
 * (docs/decisions/026).
 */
export function issuedResponse(
  set: { headers: unknown },
  body: Uint8Array<ArrayBuffer>,
  token: string,
): Response {
  const headers = set.headers as Record<string, string>;
  headers['content-type'] = 'application/json; charset=utf-8';
  headers[QUIZ_TOKEN_HEADER] = token;
  headers['cache-control'] = 'no-store';
  const response = new Response(body, { headers });
  set.headers = {};
  return response;
}
