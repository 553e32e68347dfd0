/**
 * What the cards above the tabs show. All time ('Sve') is the overview; a range, its summary and
 * the change against the period of the same length before it. Apart from DashboardIsland because
 * it is a pure mapping of the data, testable without rendering.
 */
import type { ComponentProps } from 'react';
import type { StatsCards } from '../../components/StatsCards/StatsCards';
import { changeOf } from '../../lib/date-range';
import type { DashboardView } from './dashboard-view';
import type { DashboardData } from './use-admin-data';

export function summaryCards(view: DashboardView, data: DashboardData): ComponentProps<typeof StatsCards> {
  const summary = view.range.preset === 'sve' ? null : data.views.summary;
  return summary
    ? {
        overview: {
          totalAttempts: summary.current.plays,
          // Distinct players of the whole range, each once (not a sum of each day's players).
          uniquePlayers: summary.current.players,
          averageScore: summary.current.averageScore,
          averagePercentage: summary.current.accuracy,
        },
        changes:
          summary.previous.plays === 0
            ? { totalAttempts: null, uniquePlayers: null, averageScore: null, averagePercentage: null }
            : {
                totalAttempts: changeOf(summary.current.plays, summary.previous.plays),
                uniquePlayers: changeOf(summary.current.players, summary.previous.players),
                averageScore: changeOf(summary.current.averageScore, summary.previous.averageScore),
                averagePercentage: changeOf(summary.current.accuracy, summary.previous.accuracy),
              },
        ...(summary.current.days === 1 ? {} : { playersNote: 'svaki igrač jednom' }),
      }
    : { overview: data.overview };
}
