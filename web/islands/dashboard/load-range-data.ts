import type {
  AdminDaily,
  AdminDevices,
  AdminSummary,
  TrendGroup,
} from '../../../src/shared/contracts/admin-range';
import type { Confusion, ScoreDistribution } from '../../../src/shared/contracts/time-series';
import type { ScoreMode } from '../../../src/shared/play-mode';
import {
  ApiError,
  getAdminConfusions,
  getAdminDaily,
  getAdminDevices,
  getAdminScores,
  getAdminSummary,
  type RangeParams,
} from '../../lib/api';
import { type DayRange, type RangeChoice, resolveRange } from '../../lib/date-range';
import { signedOutOn401 } from './load-admin-data';

/**
 * The views of a date range beyond the five plain admin reads (docs/decisions/020), each shown (or
 * refused) on its own.
 */
export type RangeSection = 'summary' | 'daily' | 'scores' | 'devices' | 'confusions';

export interface RangeData {
  /** The cards of the range and of the period before it (null: refused). */
  summary: AdminSummary | null;
  /** The trend, by day, week or month, with the compared period grouped alike (null: refused). */
  daily: AdminDaily | null;
  scores: ScoreDistribution | null;
  devices: AdminDevices | null;
  /** The overall top list of wrong songs picked, and whether it counts all time or the range. */
  confusions: Confusion[];
  confusionsPeriod: 'all-time' | 'range';
  /** Reads the server refused, with its status. */
  unavailable: Partial<Record<RangeSection, number>>;
}

/** The API's form of a range: 'Sve' sends no days (all time, the reads' answer without a range). */
export const rangeParams = (range: DayRange): RangeParams =>
  range.from === null ? {} : { from: range.from, to: range.to };

/**
 * The days a choice covers. Presets count from the server's today (STATS_TIMEZONE), which the
 * summary reports: `today` from the last load, or one summary read to learn it.
 */
export async function resolveOnServer(
  credentials: string,
  choice: RangeChoice,
  today: string | null,
): Promise<DayRange> {
  if (choice.preset === 'sve' || choice.preset === 'custom') return resolveRange(choice, today ?? '');
  const known = today ?? (await getAdminSummary(credentials).catch(signedOutOn401)).today;
  return resolveRange(choice, known);
}

/** The summary, trend, scores, devices and the overall confusions of a range, read side by side. */
export async function loadRangeData(
  credentials: string,
  range: RangeParams,
  scoreMode: ScoreMode,
  /** 'Ova godina' is compared with the same dates last year, other ranges with the period before. */
  compare: 'previous' | 'year' = 'previous',
  group: TrendGroup = 'day',
): Promise<RangeData> {
  const unavailable: RangeData['unavailable'] = {};
  const orUnavailable = async <T>(section: RangeSection, read: Promise<T>): Promise<T | null> => {
    try {
      return await read.catch(signedOutOn401);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      console.error(`${section}:`, error.status);
      unavailable[section] = error.status;
      return null;
    }
  };
  const [summary, daily, scores, devices, confusions] = await Promise.all([
    orUnavailable(
      'summary',
      getAdminSummary(credentials, compare === 'year' ? { ...range, compare } : range),
    ),
    orUnavailable('daily', getAdminDaily(credentials, { ...range, group, compare })),
    orUnavailable('scores', getAdminScores(credentials, { ...range, difficulty: scoreMode })),
    orUnavailable('devices', getAdminDevices(credentials, range)),
    orUnavailable('confusions', getAdminConfusions(credentials, range)),
  ]);
  return {
    summary,
    daily,
    scores,
    devices,
    confusions: confusions?.confusions ?? [],
    confusionsPeriod: confusions?.period ?? 'all-time',
    unavailable,
  };
}
