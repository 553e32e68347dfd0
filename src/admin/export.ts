import { browserNames, deviceNames } from '../../web/lib/device-names';
import {
  type Comparison,
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
} from '../ranges/admin-range';
import { type DayRange, getScoreDistribution, MAX_CONFUSIONS } from '../ranges/range-reads';
import type { TrendGroup } from '../ranges/trend';
import { percentChange } from '../shared/change';
import {
  type AdminDevices,
  DEVICE_GROUP_LABELS,
  DEVICES_FIGURES,
  EXPORT_COLUMNS,
  type ExportTable,
  exportHeader,
  FIGURE_LABELS,
  SUMMARY_FIGURES,
} from '../shared/contracts/admin-range';
import type { LyricStat } from '../shared/contracts/stats';
import type { BrowserFamily, DeviceClass } from '../shared/devices';
import type { ScoreMode } from '../shared/play-mode';
import { lyricSearchText, matchesTerms, queryTerms } from '../shared/search';
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
 * its JSON read for the same query (the lyrics as the dashboard's search and filters leave
 * them), the columns of EXPORT_COLUMNS with their percentages, under Croatian headers.
 */
export async function exportCsv(
  stats: StatsStore,
  table: ExportTable,
  query: ExportQuery,
  today: Day,
): Promise<ExportFile> {
  const csv = (columns: readonly string[], rows: Rows) =>
    toCsv(
      columns,
      withPercentages(table, table === 'lyrics' ? filterLyrics(rows as LyricStat[], query) : rows),
      (column) =>
        table === 'daily' && column === 'players' && query.group && query.group !== 'day'
          ? GROUPED_PLAYERS_HEADER[query.group]
          : exportHeader(table, column),
    );
  if (ALL_TIME_WITHOUT_RANGE.has(table) && !hasRange(query)) {
    const rows = await allTime(stats, table);
    const columns = table === 'hourly' ? [...EXPORT_COLUMNS.hourly, 'uniquePlayers'] : EXPORT_COLUMNS[table];
    return { name: `kviz-${table}-sve.csv`, body: csv(columns, rows) };
  }
  const range = await resolveRange(stats, query, today);
  const rows = await inRange(stats, table, range, query, today);
  return { name: `kviz-${table}-${range.from}_${range.to}.csv`, body: csv(EXPORT_COLUMNS[table], rows) };
}

/** A week's or month's distinct players count each player once (the day's header says "toga dana"). */
const GROUPED_PLAYERS_HEADER = {
  week: 'Različiti igrači toga tjedna',
  month: 'Različiti igrači toga mjeseca',
};

/** The trend's points, each with the compared period's point beside it (empty when not comparable). */
async function trendRows(stats: StatsStore, range: DayRange, query: ExportQuery, today: Day): Promise<Rows> {
  const trend = await getAdminDaily(stats, { ...range, ...trendOptions(query) }, today);
  const previous = trend.previous?.comparable ? trend.previous.points : [];
  return trend.points.map((point, i) => ({
    ...point,
    previousDay: previous[i]?.day ?? null,
    previousPlays: previous[i]?.plays ?? null,
    previousPlayers: previous[i]?.players ?? null,
  }));
}

const trendOptions = (query: ExportQuery) => ({
  ...(query.group ? { group: query.group } : {}),
  ...(query.compare ? { compare: query.compare } : {}),
});

/** The lyric rows the dashboard lists for the same search (`q`), minimum (`min`) and `unshown=hide`. */
function filterLyrics(rows: LyricStat[], query: ExportQuery): LyricStat[] {
  const terms = queryTerms(query.q ?? '');
  const least = Math.max(query.min ?? 0, query.unshown === 'hide' ? 1 : 0);
  if (terms.length === 0 && least === 0) return rows;
  return rows.filter((row) => row.occurrences >= least && matchesTerms(lyricSearchText(row), terms));
}

/** One decimal, as the dashboard shows a percentage; null (an empty cell) without a whole. */
const percentOf = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

/** The rows with the percentage columns of their table (DERIVED_EXPORT_COLUMNS). */
function withPercentages(table: ExportTable, rows: Rows): Rows {
  const n = (row: Record<string, unknown>, key: string) => Number(row[key] ?? 0);
  const sum = (key: string) => rows.reduce((s, row) => s + n(row, key), 0);
  switch (table) {
    case 'lyrics':
    case 'songs':
    case 'albums':
      return rows.map((r) => ({ ...r, percentage: percentOf(n(r, 'correctAnswers'), n(r, 'occurrences')) }));
    case 'hourly': {
      const total = sum('attempts');
      return rows.map((r) => ({ ...r, share: percentOf(n(r, 'attempts'), total) }));
    }
    case 'scores': {
      const total = sum('plays');
      return rows.map((r) => ({ ...r, share: percentOf(n(r, 'plays'), total) }));
    }
    case 'daily':
      return rows.map((r) => ({
        ...r,
        accuracy: percentOf(n(r, 'correct'), n(r, 'answers')),
        completionRate: percentOf(n(r, 'plays'), n(r, 'quizzesIssued')),
      }));
    case 'devices': {
      // Device classes and browsers: each a share of the plays of their group.
      const totals = { device: 0, browser: 0 } as Record<string, number>;
      for (const r of rows) if (String(r.group) in totals) totals[String(r.group)]! += n(r, 'value');
      return rows.map((r) => ({
        ...r,
        share: String(r.group) in totals ? percentOf(n(r, 'value'), totals[String(r.group)]!) : null,
      }));
    }
    default:
      return rows;
  }
}

type Rows = Record<string, unknown>[];

/** An export's query: the range, and for the score tables which plays they count. */
export type ExportQuery = RangeParams & {
  difficulty?: ScoreMode;
  compare?: Comparison;
  /** The trend's points: days, weeks or months. */
  group?: TrendGroup;
  /** The lyric export: the dashboard's search, minimum occurrences and never-shown rule. */
  q?: string;
  min?: number;
  unshown?: 'show' | 'hide';
};

const scoreMode = (query: ExportQuery) => (query.difficulty ? { difficulty: query.difficulty } : {});

async function allTime(stats: StatsStore, table: ExportTable): Promise<Rows> {
  if (table === 'lyrics') return stats.getLyricStats();
  if (table === 'songs') return stats.getSongStats();
  if (table === 'albums') return stats.getAlbumStats();
  return stats.getHourly();
}

async function inRange(
  stats: StatsStore,
  table: ExportTable,
  range: DayRange,
  query: ExportQuery,
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
      return trendRows(stats, range, query, today);
    case 'scores':
      return (await getScoreDistribution(stats, { ...range, ...scoreMode(query) })).histogram.map(
        (plays, score) => ({ score, plays }),
      );
    case 'bands':
      return (await getScoreDistribution(stats, { ...range, ...scoreMode(query) })).bands;
    case 'confusions':
      return (await getAdminConfusions(stats, { ...query, ...range, limit: MAX_CONFUSIONS }, today))
        .confusions;
    case 'summary': {
      const { current, previous, comparable } = await getAdminSummary(
        stats,
        { ...range, ...(query.compare ? { compare: query.compare } : {}) },
        today,
      );
      return SUMMARY_FIGURES.map((figure) => {
        // A period partly before the first play: its figures are not a comparison (empty, not 0).
        const [now, before] = [current[figure], comparable ? previous[figure] : null];
        return {
          figure: FIGURE_LABELS[figure] ?? figure,
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
    ...Object.entries(d.byDevice).map(([key, value]) => ({
      group: DEVICE_GROUP_LABELS.device,
      key: deviceNames[key as DeviceClass] ?? key,
      value,
    })),
    ...Object.entries(d.byBrowser).map(([key, value]) => ({
      group: DEVICE_GROUP_LABELS.browser,
      key: browserNames[key as BrowserFamily] ?? key,
      value,
    })),
    ...Object.entries(DEVICES_FIGURES).flatMap(([group, keys]) =>
      keys.map((key) => ({
        group: DEVICE_GROUP_LABELS[group],
        key: FIGURE_LABELS[key] ?? key,
        value: d[key],
      })),
    ),
  ];
}
