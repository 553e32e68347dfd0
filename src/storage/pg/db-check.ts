import type { DatabaseCheck } from '../contract';
import { pgMigrationStatusOn, singleConnection } from './client';
import { connectProblem } from './connect-error';

/**
 * Reachable (a connection opens and answers), migrated (nothing pending), writable (a committed
 * write to `meta`: a read-only role, a standby or `default_transaction_read_only` fail it).
 * One connection at a time.
 */
export async function checkPgDatabase(url: string, connectTimeoutSeconds: number): Promise<DatabaseCheck> {
  const client = singleConnection(url, connectTimeoutSeconds);
  try {
    try {
      await client`SELECT 1`;
    } catch (error) {
      return { reachable: false, problem: await connectProblem(url, error) };
    }
    const migrations = await pgMigrationStatusOn(client);
    if (migrations.pending.length > 0) return { reachable: true, migrations };
    try {
      await client`INSERT INTO meta (key, value) VALUES ('db_check', ${new Date().toISOString()})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
      return { reachable: true, migrations, writable: true };
    } catch (error) {
      return {
        reachable: true,
        migrations,
        writable: false,
        problem: error instanceof Error ? error.message : String(error),
      };
    }
  } finally {
    await client.close();
  }
}
