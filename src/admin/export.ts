import { percentChange } from '../shared/change';
import {
  type AdminDevices,
  DEVICES_FIGURES,
  EXPORT_COLUMNS,
  type ExportTable,
  SUMMARY_FIGURES,
} from '../shared/contracts/admin-range';
import {
  getAdminConfusions,
  getAdminDaily,
  getAdminDevices,
  getAdminSummary,
  getRangeAlbums,
  getRangeHourly,
  getRangeLyrics,
  getRangeSongs,
  hasRange,
  type RangeParams,
  resolveRange,
} from '../stats/admin-range';
import { getScoreDistribution, MAX_CONFUSIONS } from '../stats/range-reads';
import type { StatsStore } from '../storage/contract';
import type { Day } from '../time/day';
import { toCsv } from './csv';

export interface ExportFile {
  name: string;
  body: string;
}

/** The tables whose JSON read is all-time without `from`/`to` (they were all-time before ranges existed). */
const ALL_TIME_WITHOUT_RANGE = new Set<ExportTable>(['lyrics', 'songs', 'albums', 'hourly']);

/**
 * One table of the dashboard as a CSV file (docs/decisions/019): the same rows and numbers as
 * its JSON read for the same query, the columns of EXPORT_COLUMNS.
 */
export async function exportCsv(
  stats: StatsStore,
  table: ExportTable,
  query: RangeParams,
  today: Day,
): Promise<ExportFile> {
  if (ALL_TIME_WITHOUT_RANGE.has(table) && !hasRange(query)) {
    const rows = await allTime(stats, table);
    const columns = table === 'hourly' ? [...EXPORT_COLUMNS.hourly, 'uniquePlayers'] : EXPORT_COLUMNS[table];
    return { name: `kviz-${table}-sve.csv`, body: toCsv(columns, rows) };
  }
  const range = await resolveRange(stats, query, today);
  const rows = await inRange(stats, table, range, query, today);
  return { name: `kviz-${table}-${range.from}_${range.to}.csv`, body: toCsv(EXPORT_COLUMNS[table], rows) };
}

type Rows = Record<string, unknown>[];

async function allTime(stats: StatsStore, table: ExportTable): Promise<Rows> {
  if (table === 'lyrics') return stats.getLyricStats();
  if (table === 'songs') return stats.getSongStats();
  if (table === 'albums') return stats.getAlbumStats();
  return stats.getHourly();
}

async function inRange(
  stats: StatsStore,
  table: ExportTable,
  range: { from: Day; to: Day },
  query: RangeParams,
  today: Day,
): Promise<Rows> {
  switch (table) {
    case 'lyrics':
      return getRangeLyrics(stats, range);
    case 'songs':
      return getRangeSongs(stats, range);
    case 'albums':
      return getRangeAlbums(stats, range);
    case 'hourly':
      return getRangeHourly(stats, range);
    case 'daily':
      return (await getAdminDaily(stats, range, today)).points;
    case 'scores':
      return (await getScoreDistribution(stats, range)).histogram.map((plays, score) => ({ score, plays }));
    case 'bands':
      return (await getScoreDistribution(stats, range)).bands;
    case 'confusions':
      return (await getAdminConfusions(stats, { ...query, ...range, limit: MAX_CONFUSIONS }, today))
        .confusions;
    case 'summary': {
      const { current, previous } = await getAdminSummary(stats, range, today);
      return SUMMARY_FIGURES.map((figure) => {
        const [now, before] = [current[figure], previous[figure]];
        return {
          figure,
          current: now,
          previous: before,
          change: now === null ? null : percentChange(now, before),
        };
      });
    }
    case 'devices':
      return devicesRows(await getAdminDevices(stats, range, today));
  }
}

/** The devices view as rows (group, key, value): classes and browsers, then players and quizzes. */
function devicesRows(d: AdminDevices): Rows {
  return [
    ...Object.entries(d.byDevice).map(([key, value]) => ({ group: 'device', key, value })),
    ...Object.entries(d.byBrowser).map(([key, value]) => ({ group: 'browser', key, value })),
    ...Object.entries(DEVICES_FIGURES).flatMap(([group, keys]) =>
      keys.map((key) => ({ group, key, value: d[key] })),
    ),
  ];
}
