/**
 * Issue 37 against the compiled binary: a second server through another name of the database
 * file (finding 3), and the one line every command prints on a damaged database (finding 10).
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { cpSync, linkSync, mkdtempSync, openSync, rmSync, statSync, symlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kviz, type RunningBinary, startBinary } from '../support/binary';
import { tempDirsRemovedAfterEach } from '../support/temp-dirs';

// Real processes on a shared 2-core machine: generous, never a measure of speed.
setDefaultTimeout(60_000);

const tempDir = tempDirsRemovedAfterEach('kviz-hostile-bin-');
const serveEnv = { HOST: '127.0.0.1', PORT: '0', ADMIN_PASSWORD: 'test-password-123' };

describe('one server per database file, whatever its name', () => {
  let server: RunningBinary;
  beforeAll(async () => {
    server = await startBinary();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a hard link, a symlink and another relative path are each refused with one line', async () => {
    const dir = server.dir;
    linkSync(join(dir, 'data', 'kviz.db'), join(dir, 'second.db'));
    symlinkSync(join(dir, 'data', 'kviz.db'), join(dir, 'link.db'));
    for (const path of ['second.db', 'link.db', './data/../data/kviz.db']) {
      const second = await kviz(dir, [], { ...serveEnv, DATABASE_PATH: path });
      expect(second.code, path).toBe(1);
      const lines = second.stderr.trim().split('\n');
      expect(lines, path).toHaveLength(1);
      expect(lines[0], path).toEndWith(
        `${path.replace('./data/../', '')}: another kviz server is already serving this file (under this or another name: a hard link, a symlink, a bind mount); stop it first`,
      );
      expect(lines[0], path).toStartWith('kviz: cannot use the database /');
    }
    // The first server still answers, and the file is whole.
    expect((await fetch(`${server.url}/api/quiz?count=1`)).status).toBe(200);
    expect((await kviz(dir, ['stats', 'verify'])).code).toBe(0);
  });
});

/** A copy of a served, stopped database with one page overwritten by 0xA5 bytes. */
async function damagedCopy(source: string, page: (db: Database) => number): Promise<string> {
  const dir = tempDir();
  cpSync(source, dir, { recursive: true });
  const path = join(dir, 'data', 'kviz.db');
  const db = new Database(path);
  const pageSize = db.query<{ page_size: number }, []>('PRAGMA page_size').get()!.page_size;
  const number = page(db);
  db.close();
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (number - 1) * pageSize);
  return dir;
}

describe('commands on a damaged database: one line, exit 1, never a stack', () => {
  const source = mkdtempSync(join(tmpdir(), 'kviz-hostile-source-'));
  beforeAll(async () => {
    await (await startBinary({ dir: source })).stop();
  });
  afterAll(() => rmSync(source, { recursive: true, force: true }));

  const rootOf = (table: string) => (db: Database) =>
    db.query<{ rootpage: number }, [string]>('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(table)!
      .rootpage;
  const damage: [string, (db: Database) => number][] = [
    ['the meta table’s root', rootOf('meta')],
    ['the lyrics table’s root', rootOf('lyrics')],
    ['the last page', (db) => db.query<{ page_count: number }, []>('PRAGMA page_count').get()!.page_count],
  ];

  test.each(damage)('%s overwritten', async (_, page) => {
    const dir = await damagedCopy(source, page);
    expect(statSync(join(dir, 'data', 'kviz.db')).size).toBeGreaterThan(0);
    for (const args of [
      ['stats', 'verify'],
      ['stats', 'rebuild'],
      ['backup', 'copy.db'],
      ['admin', 'unlock'],
      [],
    ]) {
      const run = await kviz(dir, args, args.length === 0 ? serveEnv : {});
      const context = `${args.join(' ') || 'serve'}: ${run.stderr} | ${run.stdout}`;
      expect(run.code, context).toBe(1);
      // One line that names the damage (backup has its own: "Backup failed: …"), never a stack.
      const output = `${run.stdout}${run.stderr}`.trim();
      expect(output.split('\n'), context).toHaveLength(1);
      expect(output, context).toMatch(
        /^(?:kviz: cannot use the database \/.*kviz\.db: |Backup failed: ).*malformed/,
      );
      expect(output.length, context).toBeLessThan(1024);
    }
  });
});
