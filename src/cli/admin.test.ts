import { describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig } from '../../test/support/fixtures';
import { loadAdminCredentials } from '../admin/credentials';
import { createDb } from '../db/client';
import { silentLogger } from '../logger';
import { adminCommand } from './admin';

const basic = (password: string) => `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;

describe('kviz admin password', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kviz-admin-')), 'kviz.db');
  const config = testConfig({ DATABASE_PATH: path, ADMIN_PASSWORD: '' });
  const verify = async (password: string) =>
    (await loadAdminCredentials(config, createDb(path), silentLogger)).verify(basic(password));

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
  });

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
