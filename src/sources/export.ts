/**
 * The CSV files of 'Izvori' (docs/decisions/040): the rows of GET /api/admin/stats/sources under
 * Croatian headers, through the dashboard's CSV writer (src/admin/csv.ts: `;`, BOM, decimal comma,
 * cells that would start a formula neutralised — a referring host or a campaign comes from anyone).
 */

import { toCsv } from '../admin/csv';
import {
  type AdminSources,
  FUNNEL_STEPS,
  OTHER_SOURCE,
  referrerLabel,
  SHARE_TARGET_LABELS,
  SOURCE_EXPORT_COLUMNS,
  SOURCE_EXPORT_HEADERS,
  type SourceExport,
} from '../shared/contracts/admin-sources';

/** One decimal, as the dashboard shows a percentage; null (an empty cell) without a whole. */
const percentOf = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

type Row = Record<string, unknown>;

function rowsOf(table: SourceExport, data: AdminSources): Row[] {
  switch (table) {
    case 'referrers': {
      const { rows, other, total } = data.referrers;
      const named: Row[] = rows.map((r) => ({ host: referrerLabel(r.host), visits: r.visits }));
      if (other > 0) named.push({ host: OTHER_SOURCE, visits: other });
      return named.map((r) => ({ ...r, share: percentOf(Number(r.visits), total) }));
    }
    case 'campaigns': {
      const { rows, other, total } = data.campaigns;
      const named: Row[] = [...rows];
      if (other > 0) named.push({ source: OTHER_SOURCE, medium: '', campaign: '', visits: other });
      return named.map((r) => ({ ...r, share: percentOf(Number(r.visits), total) }));
    }
    case 'shares': {
      const total = data.funnel.shared;
      return data.shares.map((r) => ({
        target: SHARE_TARGET_LABELS[r.target],
        shares: r.shares,
        share: percentOf(r.shares, total),
      }));
    }
    case 'funnel':
      return FUNNEL_STEPS.map((step, i) => ({
        step: step.label,
        count: data.funnel[step.key],
        ofIssued: percentOf(data.funnel[step.key], data.funnel.quizzesIssued),
        ofFinished: i < 2 ? null : percentOf(data.funnel[step.key], data.funnel.playsFinished),
      }));
  }
}

/** The file of one table of a range's sources. */
export function sourcesCsv(table: SourceExport, data: AdminSources): { name: string; body: string } {
  return {
    name: `kviz-${table}-${data.from}_${data.to}.csv`,
    body: toCsv(SOURCE_EXPORT_COLUMNS[table], rowsOf(table, data), (c) => SOURCE_EXPORT_HEADERS[c] ?? c),
  };
}
