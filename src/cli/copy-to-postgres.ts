import { existsSync } from 'node:fs';
import { type Config, redactedUrl } from '../config';
import type { Progress } from '../storage/contract';
import { interruptible } from '../storage/contract';
import { openRuntime } from '../storage/open';
import { closePgDb, createPgDb, migratePg } from '../storage/pg/client';
import { openSqliteRuntime } from '../storage/sqlite/runtime';
import { copySqliteToPg, TargetNotEmpty } from './copy-from-sqlite';
import { commandOpenOptions } from './open-options';
import { reportDifferences, stderrProgress } from './stats';

const copyUsage =
  'Usage: kviz copy-to-postgres   (copies the SQLite database at DATABASE_PATH into the new, empty PostgreSQL database at DATABASE_URL)';

/**
 * `kviz copy-to-postgres`: the way from one SQLite server to several instances over
 * PostgreSQL (docs/deploy.md). Reads the SQLite file in one snapshot, writes the target in
 * one transaction (Ctrl-C leaves it empty), then rebuilds and verifies every counter on the
 * target from the copied raw record. The SQLite file is left as it was (only brought to the
 * current schema, as any command does). Exit 0 when the target's counters agree.
 */
export async function copyToPostgresCommand(
  config: Config,
  args: string[],
  out: (line: string) => void,
  progress: Progress = stderrProgress,
): Promise<number> {
  if (args.length > 0 || !config.databaseUrl) {
    out(copyUsage);
    return 2;
  }
  if (!existsSync(config.databasePath)) {
    out(`There is no SQLite database at ${config.databasePath} (DATABASE_PATH).`);
    return 1;
  }
  const url = config.databaseUrl;
  const source = await openSqliteRuntime(config, { seed: false });
  try {
    const damage = await source.stores.plays.checkIntegrity();
    if (damage.length > 0) {
      for (const line of damage.slice(0, 20)) out(`integrity: ${line}`);
      out('The SQLite file is damaged; restore it from a backup before copying it (docs/deploy.md).');
      return 1;
    }
    await source.upgrade(progress, (message) => console.error(message));
    await migratePg(url);
    const target = createPgDb(url, { max: 1 });
    const bar = progress('copy', 'rows');
    // One read transaction: a server still writing the file cannot make the copy inconsistent
    // (plays it records after this point are not copied: stop it first, docs/deploy.md).
    source.db.$client.run('BEGIN');
    try {
      const copied = await interruptible((signal) =>
        copySqliteToPg(source.db, target, { signal, onProgress: bar.update }),
      );
      bar.finish();
      out(
        `Copied to ${redactedUrl(url)}: ${copied.albums} albums, ${copied.songs} songs, ${copied.lyrics} lines, ${copied.players} players, ${copied.plays} plays, ${copied.quizDays} days of quizzes issued, ${copied.partyRows} rows of live games, ${copied.annotations} dashboard notes, ${copied.sourceDays} days of visit sources and shares, ${copied.meta} settings.`,
      );
      out(
        'Rebuilding the counters there (if this is stopped, run `kviz stats rebuild` with DATABASE_URL set).',
      );
    } catch (error) {
      bar.finish();
      if (!(error instanceof TargetNotEmpty)) throw error;
      out(error.message);
      return 1;
    } finally {
      source.db.$client.run('COMMIT');
      await closePgDb(target);
    }
  } finally {
    await source.close();
  }

  // The counters: rebuilt by the PostgreSQL store from what was copied, then checked.
  const runtime = await openRuntime(config, commandOpenOptions);
  try {
    return await interruptible(async (signal) => {
      const rebuild = progress('rebuild', 'plays');
      await runtime.stores.plays.rebuildCounters({ onProgress: rebuild.update, signal });
      rebuild.finish();
      const verify = progress('verify', 'plays');
      const differences = await runtime.stores.plays.verifyCounters({ onProgress: verify.update, signal });
      verify.finish();
      reportDifferences(out, differences, 20);
      out(
        differences.length === 0
          ? 'Counters rebuilt on PostgreSQL and verified against the raw record.'
          : `${differences.length} difference(s) found after the rebuild.`,
      );
      return differences.length === 0 ? 0 : 1;
    });
  } finally {
    await runtime.close();
  }
}
