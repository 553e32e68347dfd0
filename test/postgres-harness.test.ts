import { afterAll, expect, test } from 'bun:test';
import { CLUSTER_START_MS, createTestDatabase, startCluster } from './support/postgres';

test(
  'the shared cluster gives each caller a database of its own, on PostgreSQL ≥ 14',
  async () => {
    const [a, b] = [await createTestDatabase(), await createTestDatabase()];
    expect(a).not.toBe(b);
    const sqlA = new Bun.SQL(a, { max: 1 });
    const sqlB = new Bun.SQL(b, { max: 1 });
    try {
      await sqlA`CREATE TABLE t (x int)`;
      await sqlA`INSERT INTO t VALUES (1)`;
      expect(await sqlA`SELECT x FROM t`).toEqual([{ x: 1 }]);
      // The other database has no such table.
      expect(sqlB`SELECT x FROM t`).rejects.toThrow();
      const [{ server_version_num }] =
        await sqlA`SELECT current_setting('server_version_num')::int AS server_version_num`;
      expect(server_version_num).toBeGreaterThanOrEqual(140000);
    } finally {
      await sqlA.close();
      await sqlB.close();
    }
  },
  CLUSTER_START_MS,
);

const started: { stop(): void }[] = [];
afterAll(() => {
  for (const c of started) c.stop();
});

test(
  'a stopped cluster leaves no folder and no server behind',
  async () => {
    const cluster = await startCluster();
    started.push(cluster);
    const sql = new Bun.SQL(cluster.url('postgres'), { max: 1, connectionTimeout: 2 });
    expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    await sql.close();
    cluster.stop();
    const again = new Bun.SQL(cluster.url('postgres'), { max: 1, connectionTimeout: 2 });
    await expect(again`SELECT 1`).rejects.toThrow();
    await again.close();
  },
  CLUSTER_START_MS,
);
