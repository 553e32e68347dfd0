import { useMemo } from 'react';
import { formatCount } from '../../lib/format';
import { cumulative, everyHour, HOURS, type HourlyRow, type HourlyStat } from '../../lib/stats';
import * as styles from './DashboardIsland.css';
import { type ChartData, ChartTable, LineChart } from './LineChart';

/** Croatian clock times (00:00 … 23:00). */
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const hourNames = HOURS.map(clock);

const CUMULATIVE_PLAYERS = 'Zbroj igrača po satima';

/** The axis says only 'Sat u danu': the range is named above the tabs (a long label is cut on a phone). */
function chartsOf(hourly: HourlyRow[]): ChartData[] {
  const axis = { xHeader: 'Sat', xAxisLabel: 'Sat u danu', xNames: hourNames };
  if (hourly.some((h) => h.uniquePlayers === undefined)) {
    const attempts = everyHour(hourly.map((h) => ({ ...h, uniquePlayers: 0 }))).map((h) => h.attempts);
    return [
      { ...axis, testId: 'hourly', title: 'Igranja po satu', labels: ['Broj igranja'], series: [attempts] },
      {
        ...axis,
        testId: 'cumulative',
        title: 'Kumulativno',
        labels: ['Ukupno igranja'],
        series: [cumulative(everyHour(hourly.map((h) => ({ ...h, uniquePlayers: 0 })))).attempts],
      },
    ];
  }
  const sorted = everyHour(hourly as HourlyStat[]);
  const running = cumulative(sorted);
  return [
    {
      ...axis,
      testId: 'hourly',
      title: 'Igranja po satu',
      labels: ['Broj igranja', 'Jedinstveni igrači'],
      series: [sorted.map((h) => h.attempts), sorted.map((h) => h.uniquePlayers)],
    },
    {
      ...axis,
      testId: 'cumulative',
      title: 'Kumulativno',
      labels: ['Ukupno igranja', CUMULATIVE_PLAYERS],
      series: [running.attempts, running.uniquePlayers],
    },
  ];
}

/**
 * The two hourly charts (docs/product.md#admin-dashboard) for the chosen range. The cumulative one
 * sums each hour's distinct players, which is not the number of distinct players: its line is
 * named for what it is, and a note says so.
 */
export function HourlyCharts({
  hourly,
  uniquePlayers,
}: {
  hourly: HourlyRow[];
  /** Distinct players of the range, when known (the note compares with it). */
  uniquePlayers: number | null;
}) {
  const charts = useMemo(() => chartsOf(hourly), [hourly]);
  const perRange = charts[0]!.labels.length === 1;
  return (
    <div className={styles.charts}>
      {perRange && (
        <p className={styles.chartNote} data-hourly-note="">
          Za odabrano razdoblje prikazan je broj igranja po satu. Jedinstveni igrači po satu vode se samo za
          cijelo razdoblje — odaberite „Sve“.
        </p>
      )}
      {charts.map((c) => (
        <div key={c.testId} className={styles.chartBlock}>
          <LineChart {...c} />
          {c.testId === 'cumulative' && !perRange && (
            <p className={styles.chartNote} data-chart-note="">
              „{CUMULATIVE_PLAYERS}“ zbraja jedinstvene igrače pojedinih sati: tko je igrao u više različitih
              sati, broji se u svakom od njih. Zato to nije broj različitih igrača
              {uniquePlayers === null ? '.' : <> — njih je {formatCount(uniquePlayers)}.</>}
            </p>
          )}
          <ChartTable {...c} />
        </div>
      ))}
    </div>
  );
}
