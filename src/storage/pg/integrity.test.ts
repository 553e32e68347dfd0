import { afterAll, describe, expect, test } from 'bun:test';
import { createCatalogueDatabase, type EngineStores, openPgStores } from '../../../test/support/engines';
import { seededRandom } from '../../../test/support/fixtures';
import { CLUSTER_START_MS } from '../../../test/support/postgres';
import { randomPlay } from '../../../test/support/random-play';
import { closePgDb, createPgDb } from './client';
import { checkIntegrityPg } from './integrity';

/** `kviz stats verify`'s engine check over PostgreSQL (SQLite's, PRAGMA integrity_check, is in test/hardening.test.ts). */

const opened: EngineStores[] = [];
afterAll(async () => {
  for (const s of opened) await s.close();
}, 30_000);

async function withPlays(plays: number) {
  const pg = await openPgStores(await createCatalogueDatabase());
  opened.push(pg);
  const random = seededRandom(plays);
  await pg.stores.plays.recordPlays(
    Array.from({ length: plays }, (_, i) => randomPlay(pg.catalogue, random, `integrity-${i}`)),
  );
  return pg;
}

describe('checkIntegrity over PostgreSQL', () => {
  test(
    'with amcheck: a sound database passes; an index that lacks rows of its table is named',
    async () => {
      const { db, stores, catalogue } = await withPlays(20);
      expect(await stores.plays.checkIntegrity()).toEqual([]);
      // The test cluster's role is a superuser: the check created the extension it needs.
      expect(await db.$client.unsafe("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'")).toHaveLength(1);
      // Damage without touching files: the primary key index of `plays` stops taking new rows
      // (indisready off, as during CREATE INDEX CONCURRENTLY), five plays go in, it is turned back on.
      const ready = (on: boolean) =>
        db.$client.unsafe(`UPDATE pg_index SET indisready = ${on} WHERE indexrelid = 'plays_pkey'::regclass`);
      await ready(false);
      const random = seededRandom(99);
      for (let i = 0; i < 5; i++)
        await stores.plays.recordPlays([randomPlay(catalogue, random, `late-${i}`)]);
      await ready(true);
      const problems = await stores.plays.checkIntegrity();
      expect(problems.length).toBeGreaterThan(0);
      for (const line of problems) expect(line).toStartWith('index plays_pkey: ');
      expect(problems[0]).toContain('lacks matching index tuple');
    },
    CLUSTER_START_MS,
  );

  test('without amcheck (a role that may not create it): every table read in full, the one-row tables checked', async () => {
    const { db, url: databaseUrl } = await withPlays(5);
    const role = `kviz_plain_${process.pid}`;
    await db.$client.unsafe(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
    await db.$client.unsafe(`CREATE ROLE ${role} LOGIN`);
    await db.$client.unsafe(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
    const url = new URL(databaseUrl!);
    url.username = role;
    const plain = createPgDb(url.toString(), { max: 1 });
    try {
      expect(await checkIntegrityPg(plain)).toEqual([]);
      expect(await db.$client.unsafe("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'")).toHaveLength(0);
      await db.$client.unsafe('DELETE FROM stats_version');
      expect(await checkIntegrityPg(plain)).toEqual(['stats_version holds 0 rows, not 1']);
    } finally {
      await closePgDb(plain);
      await db.$client.unsafe(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role}`);
      await db.$client.unsafe(`DROP ROLE ${role}`).catch(() => {});
    }
  });
});
