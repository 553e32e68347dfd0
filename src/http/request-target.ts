import { Elysia } from 'elysia';
import { badRequest } from '../errors';
import { securityHeaders } from './security-headers';

/** The path of a request, or undefined when its target is not a URL (`CONNECT host:port`). */
export function pathOf(request: Request): string | undefined {
  try {
    return new URL(request.url).pathname;
  } catch {
    return undefined;
  }
}

/** `Example.com:80` → `example.com`, as the URL parser writes a host. */
function normalHost(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).host;
  } catch {
    return undefined;
  }
}

const badTarget = () =>
  badRequest('bad_request_target', 'The request target must be a path on this server (origin-form).');

/**
 * Requests no route can handle are answered 400 before anything else looks at
 * them: `CONNECT` (a proxy request), a target that is not a URL, and an
 * absolute-form target naming another host than the Host header (a request
 * meant for a proxy). Without this, such a target reached code that parses
 * `request.url` and became Bun's bare 500 with a stack in the log.
 */
export const requestTarget = new Elysia({ name: 'request-target' }).onRequest(({ request }) => {
  if (request.method === 'CONNECT') throw badTarget();
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw badTarget();
  }
  const host = request.headers.get('host');
  if (host !== null && url.host !== normalHost(host)) throw badTarget();
});

/**
 * The server's last resort, for an error that escaped the app (Bun.serve's
 * `error`): the project's JSON 500 with the security headers, and one short log line.
 */
export function lastResortResponse(error: unknown, log: (fields: Record<string, unknown>) => void): Response {
  log({ error: String(error instanceof Error ? error.message : error).slice(0, 200) });
  return new Response(
    JSON.stringify({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    }),
    {
      status: 500,
      headers: {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      },
    },
  );
}
