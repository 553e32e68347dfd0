/**
 * The dashboard's 'Izvori' (docs/decisions/040): where the range's landing visits came from, the
 * shares per button, and the funnel quizzes issued → plays finished → shares → played again.
 * Reads per-day counters only: the source sums of the range and four running-total rows.
 */

import { type RangeParams, resolveRange } from '../ranges/admin-range';
import { type DayRange, getRangeCounts } from '../ranges/range-reads';
import {
  type AdminSources,
  type CampaignRow,
  OTHER_SOURCE,
  type ReferrerRow,
  SHARE_TARGETS,
  type ShareTarget,
  SOURCE_ROWS,
} from '../shared/contracts/admin-sources';
import type { SourceStore, StatsStore } from '../storage/contract';
import type { Day } from '../time/day';

export interface SourcesDeps {
  stats: StatsStore;
  sources: SourceStore;
}

type Sum = { key: string; count: number };

/** The SOURCE_ROWS named keys with the most visits (ties by key); the rest and `(ostalo)` summed as `other`. */
function topOf<Row>(sums: Sum[], row: (s: Sum) => Row) {
  const sorted = sums
    .filter((s) => s.key !== OTHER_SOURCE)
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const shown = sorted.slice(0, SOURCE_ROWS);
  const total = sums.reduce((s, r) => s + r.count, 0);
  return { rows: shown.map(row), other: total - shown.reduce((s, r) => s + r.count, 0), total };
}

const referrerRow = (s: Sum): ReferrerRow => ({ host: s.key, visits: s.count });
const campaignRow = (s: Sum): CampaignRow => {
  const [source = '', medium = '', campaign = ''] = s.key.split('|');
  return { source, medium, campaign, visits: s.count };
};

/** The figures of a resolved range. */
async function sourcesOfRange(deps: SourcesDeps, range: DayRange): Promise<AdminSources> {
  const [sums, counts] = await Promise.all([
    deps.sources.sums(range.from, range.to),
    getRangeCounts(deps.stats, range),
  ]);
  const of = (kind: string) => sums.filter((s) => s.kind === kind);
  const shares = new Map<ShareTarget, number>(SHARE_TARGETS.map((t) => [t, 0]));
  for (const s of of('share'))
    if (shares.has(s.key as ShareTarget)) shares.set(s.key as ShareTarget, s.count);
  const shareRows = [...shares]
    .map(([target, n]) => ({ target, shares: n }))
    .sort((a, b) => b.shares - a.shares || SHARE_TARGETS.indexOf(a.target) - SHARE_TARGETS.indexOf(b.target));
  return {
    from: range.from,
    to: range.to,
    referrers: topOf(of('referrer'), referrerRow),
    campaigns: topOf(of('campaign'), campaignRow),
    shares: shareRows,
    funnel: {
      quizzesIssued: counts.quizzesIssued,
      playsFinished: counts.plays,
      shared: shareRows.reduce((s, r) => s + r.shares, 0),
      // A day's plays beyond its distinct players are the plays of someone who had played that day already.
      playedAgain: counts.plays - counts.playerDays,
    },
  };
}

/** GET /api/admin/stats/sources: the range as every range read resolves it (docs/decisions/019). */
export async function getAdminSources(
  deps: SourcesDeps,
  query: RangeParams,
  today: Day,
): Promise<AdminSources> {
  return sourcesOfRange(deps, await resolveRange(deps.stats, query, today));
}
