import { Elysia } from 'elysia';
import { badRequest } from '../errors';
import { type Logger, REQUEST_MESSAGE } from '../logger';
import { newRequestId, REQUEST_ID_HEADER } from './request-id';
import { securityHeaders } from './security-headers';

/** The path of a request, or undefined when its target is not a URL (`CONNECT host:port`). */
export function pathOf(request: Request): string | undefined {
  try {
    return new URL(request.url).pathname;
  } catch {
    return undefined;
  }
}

const badTarget = () =>
  badRequest('bad_request_target', 'The request target must be a path on this server (origin-form).');

/**
 * Requests no route can handle are answered 400 before anything else looks at
 * them: `CONNECT` (a proxy request) and any target Bun could not make a URL of.
 * Without this, such a target reached code that parses `request.url` and became
 * Bun's bare 500 with a stack in the log. (An absolute-form target for another
 * host cannot be refused here: Bun builds `request.url` from the Host header and
 * the target's path and drops the target's authority, so it is served as the path
 * on this server — docs/decisions/012, amendment of issue 37.)
 * A string test, not a URL parse: this runs on every request.
 */
export const requestTarget = new Elysia({ name: 'request-target' }).onRequest(({ request }) => {
  if (request.method === 'CONNECT' || !/^https?:\/\/[^/]/.test(request.url)) throw badTarget();
});

/**
 * The server's last resort, for an error that escaped the app (Bun.serve's
 * `error`): the project's JSON 500 with the security headers, one short error line, and the
 * request line every answer has (src/http/request-log.ts). Bun hands this callback the error
 * only, so the line says `outsideApp` where the path would be.
 */
export function lastResortResponse(error: unknown, log: Logger): Response {
  const requestId = newRequestId();
  log.error('request failed outside the app', {
    error: String(error instanceof Error ? error.message : error).slice(0, 200),
    requestId,
  });
  log.info(REQUEST_MESSAGE, { status: 500, outsideApp: true, requestId });
  return new Response(
    JSON.stringify({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
        requestId,
      },
    }),
    {
      status: 500,
      headers: {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        [REQUEST_ID_HEADER]: requestId,
      },
    },
  );
}
