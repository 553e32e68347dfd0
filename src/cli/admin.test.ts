import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileDb } from '../../test/support/file-db';
import { createTestApp, testConfig } from '../../test/support/fixtures';
import { tempDirsRemovedAfterEach } from '../../test/support/temp-dirs';
import { adminUnlockMarker, loadAdminCredentials } from '../admin/credentials';
import { createApp } from '../app';
import { silentLogger } from '../logger';
import { closeDb, createSqliteDb } from '../storage/sqlite/client';
import { sqliteMeta } from '../storage/sqlite/meta';
import { adminCommand } from './admin';

const basic = (password: string) => `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;

describe('kviz admin password', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-admin-'));
  const path = join(dir, 'kviz.db');
  const config = testConfig({ DATABASE_PATH: path, ADMIN_PASSWORD: '' });
  const verify = async (password: string) => {
    const db = createSqliteDb(path);
    try {
      return await (await loadAdminCredentials(config, sqliteMeta(db), silentLogger)).verify(basic(password));
    } finally {
      closeDb(db);
    }
  };
  // Every connection is closed: adminCommand closes its own, verify above its.
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('generates a new password, prints it once and makes it the only valid one', async () => {
    const lines: string[] = [];
    expect(await adminCommand(config, ['password'], (l) => lines.push(l))).toBe(0);
    const password = /: (\S+)$/.exec(lines[0]!)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(20);
    expect(await verify(password!)).toBe(true);

    expect(
      await adminCommand(
        config,
        ['password', '--stdin'],
        () => {},
        async () => 'novaLozinka-čćž\n',
      ),
    ).toBe(0);
    expect(await verify('novaLozinka-čćž')).toBe(true);
    expect(await verify(password!)).toBe(false);
    // Five argon2id hashes: over the default 5 s on a loaded 2-core machine (seen in a full run).
  }, 30_000);

  test('refuses a short password and bad arguments', async () => {
    expect(
      await adminCommand(
        config,
        ['password', '--stdin'],
        () => {},
        async () => 'short',
      ),
    ).toBe(1);
    expect(await adminCommand(config, ['passwd'], () => {})).toBe(2);
    expect(await adminCommand(config, [], () => {})).toBe(2);
  });
});

describe('kviz admin unlock', () => {
  /** The test closes its connection first. */
  const tempDir = tempDirsRemovedAfterEach('kviz-unlock-');

  test('clears the lockout of a running server at its next admin request', async () => {
    const path = join(tempDir(), 'kviz.db');
    const db = createFileDb(path);
    try {
      const base = await createTestApp({ env: { RATE_LIMIT_ADMIN_FAILURES: '1' } });
      // The same app, but reading the unlock marker from the file a separate `kviz admin unlock` writes.
      const app = createApp({
        ...base.deps,
        adminUnlockMarker: adminUnlockMarker(sqliteMeta(db)),
        admin: await loadAdminCredentials(base.deps.config, sqliteMeta(db), silentLogger),
      });
      const ask = (password: string) =>
        app.handle(
          new Request('http://localhost/api/admin/stats/overview', {
            headers: { authorization: basic(password) },
          }),
        );
      expect((await ask('wrong-password')).status).toBe(401);
      expect((await ask('test-password-123')).status).toBe(429);
      const lines: string[] = [];
      expect(await adminCommand(testConfig({ DATABASE_PATH: path }), ['unlock'], (l) => lines.push(l))).toBe(
        0,
      );
      expect(lines[0]).toStartWith('Every admin sign-in lockout is cleared');
      expect((await ask('test-password-123')).status).toBe(200);
    } finally {
      closeDb(db);
    }
  });
});
