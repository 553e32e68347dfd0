import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { createFileDb } from '../../../test/support/file-db';
import { randomPlay } from '../../../test/support/random-play';
import { tempDirsRemovedAfterEach } from '../../../test/support/temp-dirs';
import { seededRandom } from '../../shared/seeded-random';
import { createCachedStatsJson } from '../../stats/cached-reads';
import { loadCatalogueIndex } from './catalogue-load';
import { createSqliteDb } from './client';
import { createSqliteStores } from './stores';

/** The test closes both connections first. */
const tempDir = tempDirsRemovedAfterEach('kviz-version-');

const overviewOf = async (json: ReturnType<typeof createCachedStatsJson>) =>
  JSON.parse(new TextDecoder().decode((await json.overview()).raw)) as { totalAttempts: number };

describe('statistics version across connections', () => {
  test('a play recorded, or counters rebuilt, through another connection invalidate the cached reads at the next request', async () => {
    const path = join(tempDir(), 'kviz.db');
    const server = createFileDb(path);
    const other = createSqliteDb(path); // another process: `kviz stats rebuild`, a second instance
    try {
      const serverStores = createSqliteStores(server, 'salt');
      const otherStores = createSqliteStores(other, 'salt');
      const json = createCachedStatsJson(serverStores.stats);
      const catalogue = loadCatalogueIndex(server);
      const random = seededRandom(7);

      await serverStores.plays.recordPlays([randomPlay(catalogue, random, 'own-1')]);
      expect(await overviewOf(json)).toMatchObject({ totalAttempts: 1 });

      const before = await serverStores.stats.version();
      await otherStores.plays.recordPlays([randomPlay(catalogue, random, 'other-1')]);
      await Bun.sleep(2); // another process's commit shows within a millisecond (stats-version.ts)
      expect(await serverStores.stats.version()).not.toBe(before);
      expect(await overviewOf(json)).toMatchObject({ totalAttempts: 2 });

      // A counter damaged behind the stores' back, repaired by `kviz stats rebuild` in another process.
      other.$client.run('UPDATE totals SET plays = 40');
      await Bun.sleep(2);
      expect(await overviewOf(json)).toMatchObject({ totalAttempts: 40 });
      await otherStores.plays.rebuildCounters();
      await Bun.sleep(2);
      expect(await overviewOf(json)).toMatchObject({ totalAttempts: 2 });
    } finally {
      server.$client.close();
      other.$client.close();
    }
  });
});
