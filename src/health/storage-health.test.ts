import { describe, expect, test } from 'bun:test';
import { createStorageHealth, isStorageFault } from './storage-health';

const full = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

describe('storage health', () => {
  test('storage faults are told apart from other errors, through wrappers', () => {
    expect(isStorageFault(full())).toBe(true);
    expect(isStorageFault(new Error('Failed query: insert …', { cause: full() }))).toBe(true);
    expect(isStorageFault(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFault(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(isStorageFault(new Error('attempt to write a readonly database'))).toBe(true);
    expect(isStorageFault(new TypeError('x is undefined'))).toBe(false);
    expect(
      isStorageFault(Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT' })),
    ).toBe(false);
    expect(isStorageFault('database or disk is full')).toBe(false);
  });

  test('failing from a refused write until a write succeeds or the probe goes through', async () => {
    let probeOk = false;
    const health = createStorageHealth(async () => {
      if (!probeOk) throw full();
    });
    expect(await health.problem()).toBeUndefined();
    health.failed(new TypeError('a bug is not the storage'));
    expect(await health.problem()).toBeUndefined();
    health.failed(full());
    expect(await health.problem()).toBe('storage_unavailable');
    health.succeeded();
    expect(await health.problem()).toBeUndefined();
    health.failed(full());
    probeOk = true;
    expect(await health.problem()).toBeUndefined();
    // Without a probe, only a write clears it.
    const unprobed = createStorageHealth();
    unprobed.failed(full());
    expect(await unprobed.problem()).toBe('storage_unavailable');
  });
});
