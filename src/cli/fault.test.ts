import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { faultLine } from './fault';

/** The error bun:sqlite throws for `sql` on a fresh in-memory database. */
function sqliteError(sql: string): unknown {
  try {
    new Database(':memory:').exec(sql);
  } catch (error) {
    return error;
  }
  throw new Error('no error');
}

describe('one line for a fault the command did not expect', () => {
  test('a database fault names the database and what to do; one line, no stack', () => {
    const corrupt = Object.assign(
      new Error('database disk image is malformed\n    at <anonymous> (bundle:1:99999)'),
      {
        name: 'SQLiteError',
        code: 'SQLITE_CORRUPT',
      },
    );
    expect(faultLine(corrupt, 'stats', 'data/kviz.db')).toBe(
      'kviz: cannot use the database data/kviz.db: database disk image is malformed; the file is damaged: restore it from a backup (docs/deploy.md)',
    );
    const full = Object.assign(new Error('database or disk is full'), {
      name: 'SQLiteError',
      code: 'SQLITE_FULL',
    });
    expect(faultLine(full, 'import', 'kviz.db')).toEndWith('; the disk is full: free space and try again');
    const wrapped = new Error('Failed query: select "value" from "meta" where "key" = ?\nparams: x', {
      cause: corrupt,
    });
    expect(faultLine(wrapped, 'stats', 'kviz.db')).toStartWith(
      'kviz: cannot use the database kviz.db: database disk image is malformed; the file is damaged',
    );
    const real = sqliteError('SELECT * FROM missing');
    expect(faultLine(real, 'stats', 'kviz.db')).toBe(
      'kviz: cannot use the database kviz.db: no such table: missing',
    );
  });

  test('anything else names the command; long messages are cut', () => {
    expect(faultLine(new TypeError('x is not a function'), 'backup', 'kviz.db')).toBe(
      'kviz: backup failed: x is not a function',
    );
    const line = faultLine(new Error('y'.repeat(5000)), 'stats', undefined);
    expect(line.length).toBeLessThan(400);
    expect(faultLine('a string', 'admin', undefined)).toBe('kviz: admin failed: a string');
  });
});
