import { describe, expect, test } from 'bun:test';
import { createTestDb, makeCatalogue } from '../../test/support/fixtures';
import { loadCatalogueIndex } from '../storage/sqlite/catalogue-load';
import { createSelectionCache } from './selection-cache';

const index = loadCatalogueIndex(createTestDb(makeCatalogue(2, 3, 5)));

function fakeStats() {
  const stats = {
    v: '1',
    reads: 0,
    fail: false,
    version: () => stats.v,
    getLyricStats: async () => {
      stats.reads++;
      if (stats.fail) throw new Error('database gone');
      return [];
    },
    getTopConfusions: async () => [],
  };
  return stats;
}

describe('the difficulty selection cache', () => {
  test('built once, then rebuilt only when the version changed and the held one is old enough; stale meanwhile', async () => {
    const stats = fakeStats();
    let now = 0;
    const selection = createSelectionCache({
      catalogue: () => index,
      stats,
      nowMs: () => now,
      refreshMs: 1000,
    });
    const first = await selection();
    expect(stats.reads).toBe(1);
    expect(selection()).toBe(first); // held: synchronous
    stats.v = '2';
    now = 500;
    expect(selection()).toBe(first); // changed, but younger than refreshMs
    expect(stats.reads).toBe(1);
    now = 1000;
    expect(selection()).toBe(first); // a rebuild starts; the held one is served meanwhile
    expect(stats.reads).toBe(2);
    await Bun.sleep(0);
    const second = selection();
    expect(second).not.toBe(first);
    expect(stats.reads).toBe(2);
    now = 5000;
    expect(selection()).toBe(second); // same version: no rebuild, however old
    expect(stats.reads).toBe(2);
  });

  test('a failed rebuild keeps the held selection and is tried again', async () => {
    const stats = fakeStats();
    let now = 0;
    const selection = createSelectionCache({
      catalogue: () => index,
      stats,
      nowMs: () => now,
      refreshMs: 10,
    });
    const first = await selection();
    stats.v = '2';
    stats.fail = true;
    now = 100;
    expect(selection()).toBe(first);
    await Bun.sleep(0);
    expect(selection()).toBe(first);
    expect(stats.reads).toBe(3);
  });
});
