/**
 * Request ids (docs/decisions/034): every answer carries `X-Request-Id`, every error body its
 * `requestId`, every request's log line the same id, so a report quoting one finds the line.
 * A client's own id is kept when it is a short token of safe characters (a proxy's trace id),
 * so it cannot put anything else into the log; otherwise the server makes one: a random prefix
 * per process (unique across instances and restarts) and a counter (no random bytes per request).
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const prefix = Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString('base64url');
let counter = 0;

export function newRequestId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${prefix}${counter.toString(36).padStart(6, '0')}`;
}

/** The id of a request: the client's own when it is safe, else a new one. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given !== null && SAFE_ID.test(given) ? given : newRequestId();
}

/** What the request log leaves on a request's context (one object from onRequest to onAfterResponse). */
export interface WithRequestId {
  requestId?: string;
}
