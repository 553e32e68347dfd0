/**
 * The answer to HEAD on a route that issues a quiz (GET /api/quiz, /api/daily): the headers of
 * the GET answer but no quiz and no token, so a HEAD draws nothing, counts no quiz issued and
 * spends no rate-limit unit (docs/decisions/034). The headers set so far (security headers,
 * request id, RateLimit fields) go into the Response, as the GET answer's do.
 */
export function headOfIssue(set: { headers: Record<string, string | number> }): Response {
  const response = new Response(null, {
    headers: {
      ...(set.headers as Record<string, string>),
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    },
  });
  set.headers = {};
  return response;
}
