import { Elysia, type PreContext } from 'elysia';
import { isAdminPath } from './admin-path';
import type { AllowedMethods } from './methods';
import type { Timed } from './request-log';
import { pathOf } from './request-target';

/** Response headers a cross-origin page may read (besides the CORS-safelisted ones). */
const EXPOSED =
  'X-Quiz-Token, X-Request-Id, ETag, Retry-After, RateLimit, RateLimit-Policy, Idempotent-Replayed, Deprecation, Sunset, Link, Accept-Post, Allow';

/** The public API: every /api path but the administrator's, unversioned or v1. */
const isCrossOriginPath = (path: string) => path.startsWith('/api/') && !isAdminPath(path);

/**
 * OPTIONS on every known path (204 with `Allow`), and CORS for the public API
 * (docs/decisions/013-api-contract.md): an allowed `Origin` (CORS_ORIGINS) gets
 * `Access-Control-Allow-Origin` on every answer of a public /api path, errors and 404s included
 * (docs/decisions/034: a page must be able to read why a call failed), and a preflight naming
 * one of a known path's methods is answered. `/api/admin/*` and `/api/v1/admin/*` never get CORS
 * headers, so no other site's page can use an administrator's credentials.
 */
export const crossOrigin = ({
  origins,
  allowedMethods,
  onAnswer,
}: {
  origins: readonly string[];
  allowedMethods: AllowedMethods;
  /** Told of the OPTIONS answers given here (no onAfterResponse runs for them): the request log. */
  onAnswer?: (timed: Timed, request: Request, path: string, status: number) => void;
}) => {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  // With a list of origins the answer depends on Origin; with `*` (or none) it does not.
  const varyOnOrigin = origins.length > 0 && !any;
  return new Elysia({ name: 'cross-origin', seed: origins.join(',') }).onRequest(
    // Destructured, never handed on whole (see src/http/request-log.ts): what Elysia parses for
    // every route depends on it.
    ({ request, set, startedAt, requestId }: PreContext & Timed) => {
      const origin = request.headers.get('origin');
      // Most requests (same-origin pages and API calls, no CORS configured) need nothing here:
      // the URL parse and the route-table lookup below are skipped for them (a few per cent of a
      // quiz request, docs/performance.md); what follows would have changed nothing for them.
      if (origin === null && !varyOnOrigin && request.method !== 'OPTIONS') return;
      const path = pathOf(request);
      if (path === undefined) return;
      const cors = isCrossOriginPath(path) && origin !== null && (any || allowed.has(origin));
      if (varyOnOrigin && isCrossOriginPath(path)) set.headers.vary = 'Origin';
      if (cors) {
        set.headers['access-control-allow-origin'] = any ? '*' : origin;
        set.headers['access-control-expose-headers'] = EXPOSED;
      }
      if (request.method !== 'OPTIONS') return;
      const methods = allowedMethods(path);
      if (!methods) return;
      const headers: Record<string, string> = {
        ...(set.headers as Record<string, string>),
        allow: methods.join(', '),
      };
      const wanted = request.headers.get('access-control-request-method');
      if (cors && wanted && methods.includes(wanted.toUpperCase())) {
        headers['access-control-allow-methods'] = methods.join(', ');
        headers['access-control-allow-headers'] =
          'Content-Type, If-None-Match, X-Requested-With, X-Request-Id';
        headers['access-control-max-age'] = '600';
      }
      delete headers['access-control-expose-headers'];
      onAnswer?.({ startedAt, requestId }, request, path, 204);
      return new Response(null, { status: 204, headers });
    },
  );
};
