import { beforeAll, expect, test } from 'bun:test';
import { CLUSTER_START_MS, createTestDatabase } from '../../../test/support/postgres';
import { closePgDb, createPgDb, migratePg } from './client';

let url: string;
beforeAll(async () => {
  url = await createTestDatabase();
}, CLUSTER_START_MS);

test('several instances migrating at once apply each migration once (advisory lock)', async () => {
  await Promise.all([migratePg(url), migratePg(url), migratePg(url), migratePg(url)]);
  const db = createPgDb(url, { max: 1 });
  try {
    const applied = await db.$client`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
    const journal = await Bun.file(`${import.meta.dir}/pg-migrations/meta/_journal.json`).json();
    expect(applied[0].n).toBe(journal.entries.length);
    // The statistics version's one row is there, once.
    expect(await db.$client`SELECT id, version::int AS version FROM stats_version`).toEqual([
      { id: 1, version: 0 },
    ]);
    // Starting again changes nothing.
    await migratePg(url);
    expect((await db.$client`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)[0].n).toBe(
      journal.entries.length,
    );
  } finally {
    await closePgDb(db);
  }
});
