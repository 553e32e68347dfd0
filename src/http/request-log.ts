import { type Context, Elysia, StatusMap } from 'elysia';
import { type Logger, REQUEST_MESSAGE } from '../logger';
import { REQUEST_ID_HEADER, requestIdOf, type WithRequestId } from './request-id';

/** What the log's onRequest leaves on a request's context. */
export interface Timed extends WithRequestId {
  startedAt?: number;
}

/** Longer paths are cut: a client chooses the path, and must not choose the size of our log lines. */
const MAX_LOGGED_PATH = 256;

/** Polled by supervisors and fetched once per page view: useful when debugging, noise otherwise. */
const isQuiet = (path: string) =>
  path === '/healthz' || path.startsWith('/assets/') || path.startsWith('/openapi/assets/');

/**
 * The status that went on the wire. `set.status` is what routes and the error
 * handler set; a route that returns its own Response (or `status(...)`) carries
 * the status in the value instead (Elysia itself copies the code of `status(...)` into `set`).
 */
function statusOf(set: { status?: number | keyof StatusMap }, value: unknown): number {
  if (value instanceof Response) return value.status;
  const status = set.status ?? 200;
  return typeof status === 'number' ? status : StatusMap[status];
}

/** The context an onAfterResponse hook is given. */
type AfterResponseContext = Pick<Context, 'request' | 'path' | 'set'> & { responseValue: unknown };

/** The one line of an answer: method, path (cut), status, and the duration when it was timed. */
function logLine(
  log: Logger,
  method: string,
  path: string,
  status: number,
  startedAt: number | undefined,
  requestId: string | undefined,
) {
  const fields: Record<string, unknown> = {
    method,
    path: path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path,
    status,
  };
  if (startedAt !== undefined) fields.durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
  if (requestId !== undefined) fields.requestId = requestId;
  (isQuiet(path) ? log.debug : log.info)(REQUEST_MESSAGE, fields);
}

/**
 * The line of an answer a plugin's onRequest returned itself (the OPTIONS answer of
 * src/http/cors.ts): Elysia runs no onAfterResponse for those, so the plugin logs it here.
 */
export const logEarlyAnswer = (log: Logger, timed: Timed, request: Request, path: string, status: number) =>
  logLine(log, request.method, path, status, timed.startedAt, timed.requestId);

/**
 * One structured log line per request: method, path (never the query string),
 * status, duration in milliseconds and the request id (also the `X-Request-Id` of the answer,
 * src/http/request-id.ts). Nothing else is read from the request,
 * so no header (Authorization included), cookie, session id or body can reach
 * the log. `/healthz` and static assets log at debug, everything else at info.
 *
 * Use it first in the app: its onRequest must run before any other, so that
 * requests rejected there (413) are timed too. It logs in onAfterResponse,
 * which also runs for 404s, validation errors and 500s.
 */
export const requestLog = (log: Logger) =>
  new Elysia({ name: 'request-log' })
    // The start time rides on the request's context (one object from onRequest to
    // onAfterResponse), not in a WeakMap keyed by the request: one weak entry less per request
    // for the garbage collector on the hot paths (docs/decisions/026).
    .onRequest((context) => {
      const timed = context as Timed;
      timed.startedAt = performance.now();
      timed.requestId = requestIdOf(context.request);
      context.set.headers[REQUEST_ID_HEADER] = timed.requestId;
    })
    // Destructured, never handed on whole: Elysia reads each hook's source to choose what every
    // route parses, and a hook that passes its context to a function makes every route parse
    // the headers, query and cookies (about twice the CPU of a cached read; docs/decisions/027-start-and-response-costs.md).
    .onAfterResponse(
      { as: 'global' },
      ({ request, path, set, responseValue, startedAt, requestId }: AfterResponseContext & Timed) => {
        logLine(log, request.method, path, statusOf(set, responseValue), startedAt, requestId);
      },
    );
