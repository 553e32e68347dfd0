import type { StatsStores } from '../contract';
import { createPgAnnotationStore } from './annotation-store';
import type { PgDb } from './client';
import { createPgDailyStore } from './daily-store';
import { createPgPartyStore } from './party-store';
import { createPgPlayStore } from './play-store';
import { createPgSourceStore } from './source-store';
import { createPgStatsStore } from './stats-store';
import { createPgVersionRead } from './stats-version';

/**
 * How often an instance looks for pending plays and, when it finds some and no other instance is
 * folding, folds them in (docs/decisions/030). With the version read of stats-version.ts this
 * bounds how far the counters lag the newest plays: about this interval, one fold, one version read.
 * Half a second, not a quarter: a fold writes each counter row it touches once, so folding twice
 * the plays costs well under twice the work, and the counters' version (and the caches of the
 * counter reads) moves half as often (docs/decisions/030's amendment).
 */
const AGGREGATE_EVERY_MS = 500;

/**
 * An instance's turn folds only when the last fold of any instance began at least this long ago
 * (aggregator.ts): with two instances the cluster folds about once per AGGREGATE_EVERY_MS instead
 * of twice, with more about every 250–500 ms. Half the turn, so that one instance alone folds at
 * every turn: a fold begins after the turn's check for pending plays, which a loaded pool delays
 * by up to a few hundred ms (at 400 ms a loaded instance skipped turns and folded once a second,
 * in bursts that raised the submissions' p50: docs/decisions/030's second amendment).
 */
const FOLD_SPACING_MS = AGGREGATE_EVERY_MS / 2;

/**
 * Both statistics stores over one PostgreSQL pool. `ready` resolves once the
 * statistics version has been read; `close` stops its refreshing and the aggregator's turns (the
 * pool is the caller's).
 */
export function createPgStores(
  db: PgDb,
  playerSalt: string,
): StatsStores & { ready: Promise<void>; close(): void } {
  let commits = 0;
  let folds = 0;
  const versionRead = createPgVersionRead(db, { commits: () => commits, folds: () => folds });
  const plays = createPgPlayStore(
    db,
    playerSalt,
    () => void commits++,
    () => void folds++,
  );
  let folding = false;
  const turn = async () => {
    if (folding) return;
    folding = true;
    try {
      await plays.foldPending(FOLD_SPACING_MS);
    } catch {
      // The database is away (the health check and the submissions say so): the next turn tries again.
    } finally {
      folding = false;
    }
  };
  const aggregating = setInterval(turn, AGGREGATE_EVERY_MS);
  aggregating.unref();
  return {
    plays,
    stats: {
      ...createPgStatsStore(db, versionRead.version),
      countersVersion: versionRead.countersVersion,
      onFault: versionRead.onFault,
    },
    daily: createPgDailyStore(db, playerSalt),
    party: createPgPartyStore(db),
    annotations: createPgAnnotationStore(db),
    sources: createPgSourceStore(db),
    ready: versionRead.ready,
    close: () => {
      clearInterval(aggregating);
      versionRead.stop();
    },
  };
}
