import { describe, expect, test } from 'bun:test';
import { linkSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tempDirsRemovedAfterEach } from '../../../test/support/temp-dirs';
import { DatabaseOpenError } from '../open-error';
import { acquireServeLock } from './serve-lock';

const tempDir = tempDirsRemovedAfterEach('kviz-serve-lock-');

/** The error acquireServeLock threw for `path`, or undefined when it took the lock. */
function refusal(path: string): DatabaseOpenError | undefined {
  try {
    acquireServeLock(path).release();
    return undefined;
  } catch (error) {
    return error as DatabaseOpenError;
  }
}

describe('the serve lock belongs to the database file, not to its name', () => {
  test('a second server through the same path, a hard link, a symlink or another relative path is refused', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'data'));
    const db = join(dir, 'data', 'kviz.db');
    const first = acquireServeLock(db);
    try {
      linkSync(db, join(dir, 'second.db'));
      symlinkSync(db, join(dir, 'link.db'));
      const names = [
        db,
        join(dir, 'second.db'),
        join(dir, 'link.db'),
        relative(process.cwd(), join(dir, 'data', '..', 'data', 'kviz.db')),
      ];
      for (const name of names) {
        const error = refusal(name);
        expect(error, name).toBeInstanceOf(DatabaseOpenError);
        expect(error!.message).toStartWith(
          `cannot use the database ${name}: another kviz server is already serving`,
        );
        expect(error!.message).not.toContain('\n');
      }
      // Another file is free.
      expect(refusal(join(dir, 'other.db'))).toBeUndefined();
    } finally {
      first.release();
    }
    // Released: the next server takes it, by any of its names.
    expect(refusal(join(dir, 'second.db'))).toBeUndefined();
  });

  test('a missing file is created (a first start), in a missing directory too', () => {
    const dir = tempDir();
    const lock = acquireServeLock(join(dir, 'new', 'kviz.db'));
    lock.release();
    expect(Bun.file(join(dir, 'new', 'kviz.db')).size).toBe(0);
  });
});
