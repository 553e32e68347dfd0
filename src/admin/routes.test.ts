import { beforeAll, describe, expect, test } from 'bun:test';
import { appsClosedAfterFile, createEngineMeta, ENGINES, warmEngine } from '../../test/support/engines';
import { createTestApp, testConfig } from '../../test/support/fixtures';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import { createLogger } from '../logger';
import { loadAdminCredentials, setAdminPassword } from './credentials';

const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
const right = basic('admin', 'test-password-123');
const routes = ['overview', 'lyrics', 'songs', 'albums', 'hourly'].map((name) => `/api/admin/stats/${name}`);

const appOn = appsClosedAfterFile();

/** The statistics routes and the stored credentials on both engines (docs/decisions/023). */
beforeAll(() => warmEngine('postgres'), CLUSTER_START_MS);

describe('admin routes', () => {
  test.each(ENGINES.flatMap((engine) => routes.map((route) => [engine, route] as const)))(
    '%s: %s → 401 with WWW-Authenticate without credentials, with wrong ones; 200 with the right ones',
    async (engine, route) => {
      const app = await appOn(engine);
      for (const authorization of [
        undefined,
        `${right}x`, // junk after the padding: Node's base64 decoder would ignore it
        `${right}=`,
        right.slice(0, -1),
        basic('admin', 'wrong-password'),
        basic('root', 'test-password-123'),
        'Bearer abc',
        'Basic !!!',
        basic('admin', ''),
      ]) {
        const res = await app.request(route, { headers: authorization ? { authorization } : {} });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toStartWith('Basic realm=');
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      }
      const ok = await app.request(route, { headers: { authorization: right } });
      expect(ok.status).toBe(200);
    },
  );

  test('brute force → 429 with Retry-After after 10 failures, even for the right password, until the window passes', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 10; i++)
      expect(
        (await app.request(routes[0]!, { headers: { authorization: basic('admin', `guess-${i}`) } })).status,
      ).toBe(401);
    const blocked = await app.request(routes[0]!, { headers: { authorization: right } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    app.clock.advance(15 * 60 + 1);
    expect((await app.request(routes[0]!, { headers: { authorization: right } })).status).toBe(200);
  });

  test('our own pages (X-Requested-With) get the challenge under a scheme browsers do not prompt for', async () => {
    const app = await createTestApp();
    const res = await app.request(routes[0]!, {
      headers: { authorization: basic('admin', 'nope'), 'x-requested-with': 'fetch' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toStartWith('KvizBasic realm=');
  });

  test('successful requests do not count towards the failure limit', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 30; i++)
      expect((await app.request(routes[0]!, { headers: { authorization: right } })).status).toBe(200);
  });
});

describe.each(ENGINES)('admin credentials without ADMIN_PASSWORD (%s)', (engine) => {
  test('the first start generates a password, logs it once and stores only its hash', async () => {
    const db = await createEngineMeta(engine);
    const lines: string[] = [];
    const log = createLogger('info', (line) => lines.push(line));
    const config = testConfig({ ADMIN_PASSWORD: '' });
    const credentials = await loadAdminCredentials(config, db.meta, log);
    expect(lines).toHaveLength(1);
    const { password } = JSON.parse(lines[0]!);
    expect(password.length).toBeGreaterThanOrEqual(20);
    const stored = JSON.stringify(await db.all('SELECT * FROM meta'));
    expect(stored).not.toContain(password);
    expect(await credentials.verify(basic('admin', password))).toBe(true);
    expect(await credentials.verify(basic('admin', `${password}x`))).toBe(false);
    await loadAdminCredentials(config, db.meta, log); // a second start prints nothing
    expect(lines).toHaveLength(1);
    await db.close();
    // argon2id hashes: seconds each on a loaded machine.
  }, 30_000);

  test('changing the password on a running server: the old one stops working at once, though it was verified a moment before', async () => {
    const db = await createEngineMeta(engine);
    const config = testConfig({ ADMIN_PASSWORD: '' });
    const log = createLogger('info', () => {});
    const credentials = await loadAdminCredentials(config, db.meta, log);
    await setAdminPassword(db.meta, 'first-password-1');
    expect(await credentials.verify(basic('admin', 'first-password-1'))).toBe(true);
    await setAdminPassword(db.meta, 'second-password-2'); // what `kviz admin password` does from another process
    expect(await credentials.verify(basic('admin', 'first-password-1'))).toBe(false);
    expect(await credentials.verify(basic('admin', 'second-password-2'))).toBe(true);
    await db.close();
    // argon2id hashes: seconds each on a loaded machine.
  }, 30_000);
});
