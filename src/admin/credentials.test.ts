import { describe, expect, test } from 'bun:test';
import { testConfig } from '../../test/support/fixtures';
import { CLUSTER_START_MS, createTestDatabase } from '../../test/support/postgres';
import { createLogger } from '../logger';
import type { MetaStore } from '../storage/contract';
import { closePgDb, createPgDb, migratePg } from '../storage/pg/client';
import { pgMeta } from '../storage/pg/meta';
import { createSqliteDb } from '../storage/sqlite/client';
import { sqliteMeta } from '../storage/sqlite/meta';
import { migrateDb } from '../storage/sqlite/migrate';
import { loadAdminCredentials } from './credentials';

const basic = (password: string) => `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;

/** The meta store of a new, migrated database of each engine, opened `count` times (one per instance). */
const engines: Record<string, (count: number) => Promise<{ metas: MetaStore[]; close(): Promise<void> }>> = {
  sqlite: async (count) => {
    const db = createSqliteDb(':memory:');
    migrateDb(db);
    return {
      metas: Array.from({ length: count }, () => sqliteMeta(db)),
      close: async () => db.$client.close(),
    };
  },
  postgres: async (count) => {
    const url = await createTestDatabase();
    await migratePg(url);
    const dbs = Array.from({ length: count }, () => createPgDb(url, { max: 2 }));
    return { metas: dbs.map(pgMeta), close: async () => void (await Promise.all(dbs.map(closePgDb))) };
  },
};

describe('a generated administrator password', () => {
  for (const [engine, open] of Object.entries(engines))
    test(
      `${engine}: instances started together print one password, and it is the one every instance accepts`,
      async () => {
        const { metas, close } = await open(3);
        try {
          const printed: string[] = [];
          const log = createLogger('error', (line) => {
            const entry = JSON.parse(line) as { msg: string; password?: string };
            if (entry.msg.startsWith('generated an administrator password')) printed.push(entry.password!);
          });
          const config = testConfig({ ADMIN_PASSWORD: '' });
          const instances = await Promise.all(metas.map((meta) => loadAdminCredentials(config, meta, log)));
          expect(printed).toHaveLength(1);
          for (const credentials of instances)
            expect(await credentials.verify(basic(printed[0]!))).toBe(true);
          // A later start finds the password and prints nothing.
          await loadAdminCredentials(config, metas[0]!, log);
          expect(printed).toHaveLength(1);
        } finally {
          await close();
        }
      },
      CLUSTER_START_MS,
    );
});

describe('a configured administrator password (ADMIN_PASSWORD)', () => {
  const load = async (username: string, password: string) => {
    const db = createSqliteDb(':memory:');
    migrateDb(db);
    return loadAdminCredentials(
      testConfig({ ADMIN_USERNAME: username, ADMIN_PASSWORD: password }),
      sqliteMeta(db),
      createLogger('error', () => {}),
    );
  };
  const header = (scheme: string, pair: string) => `${scheme}${Buffer.from(pair).toString('base64')}`;

  test('the header a browser sends and the other spellings of the right pair are accepted; nothing else is', async () => {
    const credentials = await load('admin', 'pa:ss wörd');
    // The canonical header (compared whole) and what the parse accepts besides.
    for (const scheme of ['Basic ', 'basic ', 'BASIC ', 'Basic   '])
      expect(await credentials.verify(header(scheme, 'admin:pa:ss wörd'))).toBe(true);
    expect(await credentials.verify(`${header('Basic ', 'admin:pa:ss wörd')} `)).toBe(true);
    for (const wrong of [
      header('Basic ', 'admin:pa:ss word'),
      header('Basic ', 'Admin:pa:ss wörd'),
      header('Basic ', 'admin:pa:ss wörd '),
      header('Bearer ', 'admin:pa:ss wörd'),
      `${header('Basic ', 'admin:pa:ss wörd')}=`,
      'Basic',
      '',
    ])
      expect(await credentials.verify(wrong)).toBe(false);
    expect(await credentials.verify(null)).toBe(false);
    expect(await credentials.costly(header('Basic ', 'admin:pa:ss wörd'))).toBe(false);
  });
});
