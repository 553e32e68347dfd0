/**
 * The bound on the referrers and campaigns kept per day (docs/decisions/040): after counts are
 * added, a day whose kind holds more than SOURCE_KEYS_PER_DAY named keys keeps the ones with the
 * most visits and folds the others into OTHER_SOURCE. Totals stay exact; a host folded away and
 * seen again later that day starts from 0 (its earlier visits stay in `(ostalo)`). Pure: both
 * engines run it over the day's rows inside their write transaction.
 */
import { OTHER_SOURCE, SOURCE_KEYS_PER_DAY } from '../../shared/contracts/admin-sources';
import type { SourceCount, SourceKind } from '../contract';

/** Kinds whose keys come from visitors (the share targets are a closed list). */
const BOUNDED_KINDS: readonly SourceKind[] = ['referrer', 'campaign'];

/** The keys to fold of one day and kind (OTHER_SOURCE itself never), and their visits summed. */
export function keysToFold(
  rows: readonly { key: string; count: number }[],
  keep = SOURCE_KEYS_PER_DAY,
): { keys: string[]; count: number } {
  const named = rows.filter((r) => r.key !== OTHER_SOURCE);
  if (named.length <= keep) return { keys: [], count: 0 };
  // Most visits first; ties by key, so the outcome does not depend on the order rows were read.
  named.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const folded = named.slice(keep);
  return { keys: folded.map((r) => r.key), count: folded.reduce((s, r) => s + r.count, 0) };
}

/** The (day, kind) pairs of bounded kinds that `counts` touched, each once. */
export function touchedDays(counts: readonly SourceCount[]): { day: string; kind: SourceKind }[] {
  const seen = new Map<string, { day: string; kind: SourceKind }>();
  for (const c of counts)
    if (BOUNDED_KINDS.includes(c.kind)) seen.set(`${c.day} ${c.kind}`, { day: c.day, kind: c.kind });
  return [...seen.values()];
}
