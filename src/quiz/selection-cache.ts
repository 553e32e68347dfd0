import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { StatsStore } from '../storage/contract';
import { buildDifficultySelection, type DifficultySelection } from './difficulty-selection';

/** A rebuild reads every line's counters: at most once in this long, however often plays are recorded. */
const SELECTION_REFRESH_MS = 10_000;
/** Every (right song, wrong song) pair: at most songs × songs rows. */
const ALL_CONFUSIONS = 1_000_000;

/**
 * The selection of easy and hard, rebuilt from the counters when the statistics version
 * has changed (another process's writes included) and the one held is at least
 * SELECTION_REFRESH_MS old. The statistics version changes with every recorded play, so
 * "every change" would mean a rebuild per play under load; a few seconds of staleness
 * cost a difficulty nothing. While a rebuild runs the previous selection is served, so only
 * the very first easy or hard quiz of a process waits for the database. A failed rebuild
 * keeps the previous selection and is retried at the next request.
 */
export function createSelectionCache(deps: {
  catalogue: () => CatalogueIndex;
  stats: Pick<StatsStore, 'version' | 'getLyricStats' | 'getTopConfusions'>;
  nowMs: () => number;
  refreshMs?: number;
}): () => DifficultySelection | Promise<DifficultySelection> {
  const { catalogue, stats, nowMs, refreshMs = SELECTION_REFRESH_MS } = deps;
  let held: { selection: DifficultySelection; version: string; at: number } | undefined;
  let pending: Promise<DifficultySelection> | undefined;
  const rebuild = () => {
    const version = stats.version();
    const at = nowMs();
    const building = (async () => {
      const [lines, confusions] = await Promise.all([
        stats.getLyricStats(),
        stats.getTopConfusions({ limit: ALL_CONFUSIONS }),
      ]);
      return buildDifficultySelection(catalogue(), lines, confusions);
    })();
    pending = building;
    building.then(
      (selection) => {
        held = { selection, version, at };
        pending = undefined;
      },
      () => {
        pending = undefined;
      },
    );
    return building;
  };
  return () => {
    if (!held) return pending ?? rebuild();
    if (!pending && held.version !== stats.version() && nowMs() - held.at >= refreshMs)
      rebuild().catch(() => {}); // served stale meanwhile; a failure is retried next time
    return held.selection;
  };
}
