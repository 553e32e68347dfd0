/**
 * `kviz migrate status|up`, MIGRATE_ON_START and `kviz db check` on SQLite (issue 31; the
 * PostgreSQL side: test/pg-operations.test.ts).
 */
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig } from '../../test/support/fixtures';
import { readJournal } from '../storage/migration-journal';
import { openRuntime } from '../storage/open';
import { migrationsFolder } from '../storage/sqlite/migrate';
import { DB_CHECK_EXIT, dbCommand, migrateCommand } from './migrate';

const dir = mkdtempSync(join(tmpdir(), 'kviz-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('SQLite: status changes nothing, MIGRATE_ON_START=false refuses, up applies with a line each, db check exits per step', async () => {
  const path = join(dir, 'kviz.db');
  const config = (env: Record<string, string> = {}) => testConfig({ DATABASE_PATH: path, ...env });
  const run = async (command: typeof dbCommand, args: string[], env: Record<string, string> = {}) => {
    const lines: string[] = [];
    return { code: await command(config(env), args, (line) => lines.push(line)), lines };
  };
  const tags = readJournal(migrationsFolder).map((e) => e.tag);

  // No file yet: unreachable for the check; status names the missing file (and creates nothing).
  expect((await run(dbCommand, ['check'])).code).toBe(DB_CHECK_EXIT.unreachable);
  await expect(run(migrateCommand, ['status'])).rejects.toThrow('does not exist');
  expect(await Bun.file(path).exists()).toBe(false);

  // An empty file: every migration pending; MIGRATE_ON_START=false refuses to open it.
  await Bun.write(path, '');
  const pending = await run(migrateCommand, ['status']);
  expect(pending.code).toBe(1);
  expect(pending.lines.slice(0, tags.length)).toEqual(tags.map((t) => `pending  ${t}`));
  expect((await run(dbCommand, ['check'])).code).toBe(DB_CHECK_EXIT.notMigrated);
  await expect(openRuntime(config({ MIGRATE_ON_START: 'false' }), { seed: false })).rejects.toThrow(
    `${tags.length} migrations pending`,
  );

  // The default (true): the open applies them, one call each, in order.
  const applied: string[] = [];
  const runtime = await openRuntime(config(), { seed: false, onMigrated: (tag) => applied.push(tag) });
  await runtime.close();
  expect(applied).toEqual(tags);
  expect((await run(migrateCommand, ['up'])).lines).toEqual([
    'Nothing to apply: the database is up to date.',
  ]);
  const status = await run(migrateCommand, ['status']);
  expect(status.code).toBe(0);
  expect(status.lines.at(-1)).toBe(`Up to date (${tags.length} applied).`);
  expect(await run(dbCommand, ['check'])).toEqual({
    code: DB_CHECK_EXIT.ok,
    lines: ['reachable: yes', `migrated: yes (${tags.length} migrations)`, 'writable: yes'],
  });
  // MIGRATE_ON_START=false opens a database that is up to date.
  await (await openRuntime(config({ MIGRATE_ON_START: 'false' }), { seed: false })).close();
  expect((await run(migrateCommand, ['sideways'])).code).toBe(2);
});
