/**
 * What the cards above the tabs show. All time ('Sve') is the overview; a range, its summary and
 * the change against the period before it or, for 'Ova godina', the same dates last year
 * (docs/decisions/033). Apart from DashboardIsland because
 * it is a pure mapping of the data, testable without rendering.
 */
import type { ComponentProps } from 'react';
import type { AdminSummary } from '../../../src/shared/contracts/admin-range';
import type { ChangeWording, StatsCards } from '../../components/StatsCards/StatsCards';
import { changeOf } from '../../lib/date-range';
import type { DashboardView } from './dashboard-view';
import type { DashboardData } from './use-admin-data';

export function summaryCards(view: DashboardView, data: DashboardData): ComponentProps<typeof StatsCards> {
  // All time unfiltered is the overview; filtered, the summary counts the filtered plays.
  const allTime = view.range.preset === 'sve';
  const summary = allTime && !data.filtered ? null : data.views.summary;
  return summary
    ? {
        overview: {
          totalAttempts: summary.current.plays,
          // Distinct players of the whole range, each once (not a sum of each day's players).
          uniquePlayers: summary.current.players,
          averageScore: summary.current.averageScore,
          averagePercentage: summary.current.accuracy,
        },
        // All time has no period before it: no change line, as on the unfiltered overview (four
        // repeated 'Nema usporedbe' lines said nothing).
        changes: allTime
          ? undefined
          : summary.previous.plays === 0 || !summary.comparable
            ? { totalAttempts: null, uniquePlayers: null, averageScore: null, averagePercentage: null }
            : {
                totalAttempts: changeOf(summary.current.plays, summary.previous.plays),
                uniquePlayers: changeOf(summary.current.players, summary.previous.players),
                // No plays now: no average to compare (not '−100 %').
                ...(summary.current.plays === 0
                  ? { averageScore: null, averagePercentage: null }
                  : {
                      averageScore: changeOf(summary.current.averageScore, summary.previous.averageScore),
                      averagePercentage: changeOf(summary.current.accuracy, summary.previous.accuracy),
                    }),
              },
        ...(summary.current.days === 1 ? {} : { playersNote: 'svaki igrač jednom' }),
        wording: changeWording(summary),
      }
    : { overview: data.overview };
}

/** The cards' change: against the period before or the same dates last year; why there is none. */
function changeWording(summary: AdminSummary): ChangeWording {
  const suffix =
    summary.comparison === 'year'
      ? ' u odnosu na iste dane prošle godine'
      : ' u odnosu na prethodno razdoblje';
  if (summary.comparable) return { suffix, none: 'Nema podataka za usporedbu' };
  return { suffix, none: 'Nema usporedbe: tada se još nije bilježilo' };
}
