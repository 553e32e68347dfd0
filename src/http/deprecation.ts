import { Elysia } from 'elysia';
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

export const deprecation = (routeTable: () => readonly RouteInfo[]) => {
  let table: Deprecated[] | undefined;
  return new Elysia({ name: 'deprecation' }).onRequest(({ request, set }) => {
    const { method, url } = request;
    // Only the unversioned public API: a cheap test first, on every request.
    if (!url.includes('/api/') || url.includes('/api/v1/')) return;
    const path = pathOf(request);
    if (path === undefined) return;
    table ??= deprecatedRoutes(routeTable());
    const asked = method === 'HEAD' ? 'GET' : method;
    for (const entry of table) {
      const match = entry.method === asked ? entry.pattern.exec(path) : null;
      if (!match) continue;
      const successor = entry.successor.replace(
        /\{(\w+)\}/g,
        (_, name: string) => match.groups?.[name] ?? '',
      );
      set.headers.deprecation = DEPRECATED_AT;
      set.headers.sunset = SUNSET_AT;
      set.headers.link = `<${successor}>; rel="successor-version"`;
      return;
    }
  });
};
