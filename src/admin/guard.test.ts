import { describe, expect, test } from 'bun:test';
import { createEngineTestApp, ENGINES } from '../../test/support/engines';
import { createTestApp } from '../../test/support/fixtures';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import { unlockAdmin } from './credentials';

const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
const RIGHT = basic('admin', 'test-password-123');
const WRONG = basic('admin', 'not-the-password');

describe('admin sign-in lockout (docs/decisions/012)', () => {
  test('64 concurrent wrong guesses in generated-password mode: at most the limit get 401, the rest 429', async () => {
    // No ADMIN_PASSWORD: the generated password's argon2 hash is checked, a slow check per guess.
    const app = await createTestApp({ env: { ADMIN_PASSWORD: '' } });
    const statuses = await Promise.all(
      Array.from({ length: 64 }, () =>
        app.request('/api/admin/stats/overview', { headers: { authorization: WRONG } }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // Up to ten argon2id checks at once: over the default 5 s on a loaded 2-core machine.
  }, 30_000);

  // The unlock marker is in the `meta` table of either engine (docs/decisions/023).
  test.each(ENGINES)(
    'no credentials count for nothing; a success clears the count; a locked address gets 429 even with the right password; unlock clears it (%s)',
    async (engine) => {
      const app = await createEngineTestApp(engine, { env: { RATE_LIMIT_ADMIN_FAILURES: '3' } });
      const ask = (authorization?: string) =>
        app.request('/api/admin/stats/overview', authorization ? { headers: { authorization } } : {});
      for (let i = 0; i < 10; i++) expect((await ask()).status).toBe(401);
      expect((await ask(WRONG)).status).toBe(401);
      expect((await ask(WRONG)).status).toBe(401);
      expect((await ask(RIGHT)).status).toBe(200); // clears the two failures
      for (let i = 0; i < 3; i++) expect((await ask(WRONG)).status).toBe(401);
      const locked = await ask(RIGHT);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      await unlockAdmin(app.meta, Date.now()); // what `kviz admin unlock` writes, from another process
      expect((await ask(RIGHT)).status).toBe(200);
      await app.close();
    },
    CLUSTER_START_MS,
  );

  test('admin answers are never cached: no-store, private and Vary: Authorization, on 200 and on 401', async () => {
    const app = await createTestApp();
    const ok = await app.request('/api/admin/stats/lyrics', { headers: { authorization: RIGHT } });
    const denied = await app.request('/api/admin/stats/lyrics', { headers: { authorization: WRONG } });
    for (const res of [ok, denied])
      expect([res.headers.get('cache-control'), res.headers.get('vary')]).toEqual([
        'no-store, private',
        expect.stringContaining('Authorization'),
      ]);
    expect([ok.status, denied.status]).toEqual([200, 401]);
  });
});
