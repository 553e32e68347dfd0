import { Elysia, type PreContext } from 'elysia';
import { contractOf } from '../openapi/contract';
import type { RouteInfo } from '../openapi/document';
import { pathOf } from './request-target';

/**
 * The unversioned operations that API v1 replaces keep answering as before, with RFC 9745
 * `Deprecation`, RFC 8594 `Sunset` and a `successor-version` Link (docs/decisions/034). Which
 * operations, and their successors, come from the routes' contracts (`successor`).
 */

/** When the unversioned API was deprecated (RFC 9745: a structured-field date). */
const DEPRECATED_AT = '@1795737600'; // 2026-11-27T00:00:00Z
/** The earliest it may be removed (RFC 8594: an HTTP-date); see the compatibility policy in README.md. */
const SUNSET_AT = 'Tue, 30 Nov 2027 00:00:00 GMT';

interface Deprecated {
  method: string;
  pattern: RegExp;
  successor: string;
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function deprecatedRoutes(routes: readonly RouteInfo[]): Deprecated[] {
  return routes.flatMap((route) => {
    const successor = contractOf(route.hooks.detail)?.successor;
    if (!successor) return [];
    const body = route.path
      .split('/')
      .map((part) => (part.startsWith(':') ? `(?<${part.slice(1)}>[^/]+)` : escapeRegExp(part)))
      .join('/');
    return [{ method: route.method, pattern: new RegExp(`^${body}/?$`), successor: successor.path }];
  });
}

/**
 * Answers remembered per method and path; past this many the memory starts again, and a method
 * and path longer than REMEMBERED_KEY are looked up each time, not kept (both are the client's: at
 * most 1,024 short keys, never 1,024 copies of an 8 KB path).
 */
const REMEMBERED = 1024;
const REMEMBERED_KEY = 256;

export const deprecation = (routeTable: () => readonly RouteInfo[]) => {
  let table: Deprecated[] | undefined;
  /** The successor link of a method and path, or null: the table is tried once per path (a short one), not per request. */
  const remembered = new Map<string, string | null>();
  const successorOf = (method: string, path: string): string | null => {
    table ??= deprecatedRoutes(routeTable());
    for (const entry of table) {
      const match = entry.method === method ? entry.pattern.exec(path) : null;
      if (match)
        return entry.successor.replace(/\{(\w+)\}/g, (_, name: string) => match.groups?.[name] ?? '');
    }
    return null;
  };
  // `path` is the request's path as the router saw it (Elysia 1.4 puts it on every request's
  // context before the first hook, untyped there): no URL parsed per request. Destructured,
  // never handed on whole (see src/http/request-log.ts).
  return new Elysia({ name: 'deprecation' }).onRequest(
    ({ request, set, path: routed }: PreContext & { path?: string }) => {
      const path = routed ?? pathOf(request);
      // Only the unversioned public API: a cheap test first, on every request.
      if (path === undefined || !path.startsWith('/api/') || path.startsWith('/api/v1/')) return;
      const asked = request.method === 'HEAD' ? 'GET' : request.method;
      const key = `${asked} ${path}`;
      let successor = remembered.get(key);
      if (successor === undefined) {
        successor = successorOf(asked, path);
        if (key.length <= REMEMBERED_KEY) {
          if (remembered.size >= REMEMBERED) remembered.clear();
          remembered.set(key, successor);
        }
      }
      if (successor === null) return;
      set.headers.deprecation = DEPRECATED_AT;
      set.headers.sunset = SUNSET_AT;
      set.headers.link = `<${successor}>; rel="successor-version"`;
    },
  );
};
