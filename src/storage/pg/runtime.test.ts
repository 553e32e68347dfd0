import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCatalogue, testConfig } from '../../../test/support/fixtures';
import { CLUSTER_START_MS, createTestDatabase } from '../../../test/support/postgres';
import { randomPlay } from '../../../test/support/random-play';
import { loadAdminCredentials } from '../../admin/credentials';
import { adminCommand } from '../../cli/admin';
import { backupCommand } from '../../cli/backup';
import { importCommand } from '../../cli/import';
import { statsCommand } from '../../cli/stats';
import { silentLogger } from '../../logger';
import { seededRandom } from '../../shared/seeded-random';
import { openRuntime } from '../open';

const basic = (password: string) => `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
const quiet = () => ({ update() {}, finish() {} });

describe('the runtime and the commands over PostgreSQL (DATABASE_URL)', () => {
  let config: ReturnType<typeof testConfig>;
  beforeAll(async () => {
    config = testConfig({ DATABASE_URL: await createTestDatabase(), ADMIN_PASSWORD: '' });
  }, CLUSTER_START_MS);

  test(
    'instances started together migrate, seed and create the secrets once, and agree on them',
    async () => {
      const runtimes = await Promise.all(
        Array.from({ length: 3 }, () => openRuntime(config, { seed: true, log: silentLogger })),
      );
      try {
        expect(runtimes.every((r) => r.engine === 'postgres')).toBe(true);
        const [first, ...others] = runtimes;
        for (const r of others) {
          expect(r.secrets).toEqual(first!.secrets);
          expect(r.catalogue.songs.map((s) => s.id)).toEqual(first!.catalogue.songs.map((s) => s.id));
        }
        expect(first!.catalogue.askable.length).toBeGreaterThan(100);
        expect(first!.describe).not.toContain('password');
        // The health check's query.
        await first!.stores.stats.ping();
      } finally {
        for (const r of runtimes) await r.close();
      }
    },
    CLUSTER_START_MS,
  );

  test(
    'kviz import, stats verify|rebuild and admin password|unlock work against it',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'kviz-import-pg-'));
      const file = join(dir, 'catalogue.json');
      writeFileSync(file, JSON.stringify(makeCatalogue()));
      const lines: string[] = [];
      const out = (line: string) => lines.push(line);
      try {
        expect(await importCommand(config, [file], out)).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(lines.join('\n')).toContain('Imported');

      const runtime = await openRuntime(config, { seed: false });
      try {
        const random = seededRandom(3);
        await runtime.stores.plays.recordPlays(
          Array.from({ length: 5 }, (_, i) => randomPlay(runtime.catalogue, random, `cli-${i}`)),
        );
      } finally {
        await runtime.close();
      }
      lines.length = 0;
      expect(await statsCommand(config, 'verify', out, quiet)).toBe(0);
      expect(await statsCommand(config, 'rebuild', out, quiet)).toBe(0);
      expect(lines.join('\n')).toContain('Counters agree with the raw answers.');

      lines.length = 0;
      expect(
        await adminCommand(config, ['password', '--stdin'], out, async () => 'lozinka-za-postgres\n'),
      ).toBe(0);
      expect(await adminCommand(config, ['unlock'], out)).toBe(0);
      const check = await openRuntime(config, { seed: false });
      try {
        const credentials = await loadAdminCredentials(config, check.meta, silentLogger);
        expect(await credentials.verify(basic('lozinka-za-postgres'))).toBe(true);
        expect(await credentials.verify(basic('something-else'))).toBe(false);
        expect(await check.meta.read('admin_unlocked_at')).toMatch(/^\d+$/);
      } finally {
        await check.close();
      }
    },
    CLUSTER_START_MS,
  );

  test('kviz backup explains that pg_dump makes the backups, without printing the password', () => {
    const lines: string[] = [];
    const withPassword = testConfig({ DATABASE_URL: 'postgres://kviz:tajna-lozinka@db.example:5432/kviz' });
    expect(backupCommand(withPassword, ['x.db'], (l) => lines.push(l))).toBe(1);
    const text = lines.join('\n');
    expect(text).toContain('pg_dump --format=custom');
    expect(text).toContain('postgres://kviz@db.example:5432/kviz');
    expect(text).not.toContain('tajna-lozinka');
  });

  test('a DATABASE_URL that is not a PostgreSQL URL is refused without echoing it', () => {
    expect(() => testConfig({ DATABASE_URL: 'mysql://u:tajna@h/db' })).toThrow(
      /postgres:\/\/user:password@host/,
    );
    expect(() => testConfig({ DATABASE_URL: 'mysql://u:tajna@h/db' })).not.toThrow(/tajna/);
  });
});
