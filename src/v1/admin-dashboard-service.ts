import type { AdminConfusions, AdminDaily, AdminSummary, TrendPoint } from '../shared/contracts/admin-range';
import type { PartyHardLines } from '../shared/contracts/party-admin';
import type { RangeSummary } from '../shared/contracts/time-series';
import type {
  Confusions,
  LiveGameLines,
  RangeStats,
  StatsSummary,
  Trend,
  TrendPointV1,
} from './admin-dashboard-openapi';

/**
 * The dashboard's answers in API v1's words (docs/decisions/034): the unversioned services'
 * results, the drifting names renamed. Pure.
 */

const toRangeStats = ({ correct, ...rest }: RangeSummary): RangeStats => ({
  ...rest,
  correctAnswers: correct,
});
const toPoint = ({ correct, ...rest }: TrendPoint): TrendPointV1 => ({ ...rest, correctAnswers: correct });

export const toStatsSummary = (s: AdminSummary): StatsSummary => ({
  ...s,
  current: toRangeStats(s.current),
  previous: toRangeStats(s.previous),
});

export const toTrend = ({ points, previous, ...rest }: AdminDaily): Trend => ({
  ...rest,
  points: points.map(toPoint),
  ...(previous ? { previous: { ...previous, points: previous.points.map(toPoint) } } : {}),
});

export const toConfusions = ({ confusions, ...rest }: AdminConfusions): Confusions => ({
  ...rest,
  confusions: confusions.map((c) => {
    if (!('lyric' in c)) return c;
    const { lyric, ...confusion } = c;
    return { ...confusion, line: lyric };
  }),
});

export const toLiveGameLines = ({ lines }: PartyHardLines): LiveGameLines => ({
  lines: lines.map((l) => ({
    lyricId: l.lyricId,
    line: l.lyric,
    songTitle: l.song,
    games: l.games,
    answers: l.shown,
    correctAnswers: l.correct,
    accuracy: l.percentage,
  })),
});
