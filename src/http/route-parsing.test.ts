import { describe, expect, test } from 'bun:test';
import { createTestApp } from '../../test/support/fixtures';

/**
 * Elysia reads the source of every hook and handler of a route to choose what it parses for it
 * (headers into an object, cookies, the query). A hook that hands its whole context to a function
 * makes every route parse all of them: that doubled the CPU of a cached read and made a quiz
 * 1.7× dearer (src/http/request-log.ts). No HTTP route of the app needs Elysia's headers object
 * or its cookie jar (they read `request.headers`), so none may parse them.
 */
describe('what Elysia parses for each route', () => {
  test('no HTTP route parses the headers into an object or the cookies', async () => {
    const { app } = await createTestApp();
    const routes = (app as unknown as { routes: { method: string; path: string; compile(): unknown }[] })
      .routes;
    const httpRoutes = routes.filter((route) => route.method !== 'WS');
    expect(httpRoutes.length).toBeGreaterThan(50);
    const parsing = httpRoutes
      .map((route) => {
        const code = String(route.compile());
        const parsed = [
          code.includes('parseCookie') && 'cookies',
          code.includes('headers.toJSON') && 'headers',
        ];
        return { route: `${route.method} ${route.path}`, parsed: parsed.filter(Boolean) };
      })
      .filter(({ parsed }) => parsed.length > 0);
    expect(parsing).toEqual([]);
  });
});
