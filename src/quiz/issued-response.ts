import { QUIZ_TOKEN_HEADER } from '../shared/rules';

/**
 * A quiz (or the day's challenge) as sent: its JSON bytes as they are and its token in a header.
 * Elysia neither validates nor serializes a Response (the route's schema documents it). The
 * headers set so far (security headers) go into it and `set` is left empty, or Elysia would copy
 * the response once more to merge them (docs/decisions/026).
 */
export function issuedResponse(
  set: { headers: unknown },
  body: Uint8Array<ArrayBuffer>,
  token: string,
): Response {
  const response = new Response(body, {
    headers: {
      ...(set.headers as Record<string, string>),
      'content-type': 'application/json; charset=utf-8',
      [QUIZ_TOKEN_HEADER]: token,
      'cache-control': 'no-store',
    },
  });
  set.headers = {};
  return response;
}
