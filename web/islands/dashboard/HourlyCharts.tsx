import { useEffect, useId, useMemo, useRef, useSyncExternalStore } from 'react';
import type uPlot from 'uplot';
import * as tables from '../../components/Tables/Tables.css';
import { formatCount } from '../../lib/format';
import { cumulative, everyHour, HOURS, type HourlyStat } from '../../lib/stats';
import * as styles from './DashboardIsland.css';

/** The charts' x axis: the hours 0–23 of the fixed reference day, 15 April 2025 (spec §2). */
const hours = HOURS.map((h) => new Date(2025, 3, 15, h).getTime() / 1000);
const AXIS_LABEL = '15. travnja 2025.';
/** Croatian clock times (00:00 … 23:00), not uPlot's default 12-hour English labels. */
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const hourLabel = (seconds: number) => clock(new Date(seconds * 1000).getHours());

function cssColour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#0b5a8c';
}

const darkScheme = '(prefers-color-scheme: dark)';
/** The system's colour scheme, so a chart is redrawn in the other theme's colours when it changes. */
function useDarkScheme(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = matchMedia(darkScheme);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => matchMedia(darkScheme).matches,
    () => false,
  );
}

type Labels = [string, string];
type Series = [number[], number[]];
interface ChartData {
  testId: string;
  title: string;
  labels: Labels;
  series: Series;
}

/**
 * One uPlot line chart: created on mount (and on a change of theme), updated in place, destroyed
 * on unmount, resized with its box. The two lines differ in colour (the theme's accent and focus
 * colours, 3:1 or more against the card in both themes), in dash and in their points, so they can
 * be told apart without colour. Its data follow as a table (DataTable) for keyboards and screen readers.
 */
function LineChart({ title, labels, series, testId }: ChartData) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const dark = useDarkScheme();
  // The newest data, for a chart created after uPlot has loaded.
  const latest = useRef(series);
  latest.current = series;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of theme re-creates the chart in its colours
  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    // uPlot (~23 KB gzip) is fetched only when a chart is shown.
    import('uplot').then(({ default: UPlot }) => {
      if (cancelled || !box.current) return;
      const text = cssColour('--kz-text');
      const grid = cssColour('--kz-border');
      const surface = cssColour('--kz-surface');
      const first = cssColour('--kz-accent');
      const second = cssColour('--kz-focus');
      const axis = { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } };
      const options: uPlot.Options = {
        title,
        width: box.current.clientWidth,
        height: 280,
        scales: { x: { time: true } },
        axes: [{ ...axis, label: AXIS_LABEL, values: (_, ticks) => ticks.map(hourLabel) }, { ...axis }],
        legend: { markers: { dash: (_, i) => (i === 2 ? 'dashed' : 'solid') } },
        series: [
          { label: 'Sat', value: (_, seconds) => (seconds == null ? '--' : hourLabel(seconds)) },
          // Wider than the dashed line, so where the two coincide both stay visible.
          { label: labels[0], stroke: first, width: 3.5, points: { show: true, size: 8, fill: first } },
          {
            label: labels[1],
            stroke: second,
            width: 2,
            dash: [8, 4],
            points: { show: true, size: 7, fill: surface, stroke: second },
          },
        ],
      };
      chart.current = new UPlot(options, [hours, ...latest.current], box.current);
      box.current.dataset.points = String(chart.current.data[0].length);
      observer = new ResizeObserver(() => {
        if (box.current && chart.current)
          chart.current.setSize({ width: box.current.clientWidth, height: 280 });
      });
      observer.observe(box.current);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
    // Created once per theme; data changes go through setData below.
  }, [title, labels[0], labels[1], dark]);

  useEffect(() => {
    chart.current?.setData([hours, ...series]);
  }, [series]);

  return (
    <div
      className={styles.chart}
      ref={box}
      data-chart={testId}
      role="img"
      aria-label={`${title}: ${labels.join(' i ')} po satima. Podaci su u tablici ispod grafikona.`}
    />
  );
}

/** The chart's numbers as a table, behind a disclosure (keyboard: Tab to it, Enter opens it). */
function DataTable({ title, labels, series, testId }: ChartData) {
  const id = useId();
  return (
    <details className={styles.chartData} data-chart-table={testId}>
      <summary className={styles.chartDataSummary} id={id}>
        {title}: podaci u tablici
      </summary>
      <table className={`${tables.table} ${styles.chartTable}`} aria-labelledby={id}>
        <thead>
          <tr>
            <th className={styles.chartTh} scope="col">
              Sat
            </th>
            {labels.map((label) => (
              <th key={label} className={`${styles.chartTh} ${styles.chartNumber}`} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {HOURS.map((hour) => (
            <tr key={hour}>
              <th className={styles.chartTd} scope="row">
                {clock(hour)}
              </th>
              {series.map((values, n) => (
                <td key={labels[n]} className={`${styles.chartTd} ${tables.num}`}>
                  {formatCount(values[hour] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export const CUMULATIVE_PLAYERS = 'Zbroj igrača po satima';

function chartsOf(hourly: HourlyStat[]): ChartData[] {
  const sorted = everyHour(hourly);
  const running = cumulative(sorted);
  return [
    {
      testId: 'hourly',
      title: 'Igranja po satu',
      labels: ['Broj igranja', 'Jedinstveni igrači'],
      series: [sorted.map((h) => h.attempts), sorted.map((h) => h.uniquePlayers)],
    },
    {
      testId: 'cumulative',
      title: 'Kumulativno',
      labels: ['Ukupno igranja', CUMULATIVE_PLAYERS],
      series: [running.attempts, running.uniquePlayers],
    },
  ];
}

/**
 * The two hourly charts (spec §2). The cumulative one sums each hour's distinct players, which is
 * not the number of distinct players: its line is named for what it is, and a note says so.
 */
export function HourlyCharts({ hourly, uniquePlayers }: { hourly: HourlyStat[]; uniquePlayers: number }) {
  const charts = useMemo(() => chartsOf(hourly), [hourly]);
  return (
    <div className={styles.charts}>
      {charts.map((c) => (
        <div key={c.testId} className={styles.chartBlock}>
          <LineChart {...c} />
          {c.testId === 'cumulative' && (
            <p className={styles.chartNote} data-chart-note="">
              „{CUMULATIVE_PLAYERS}“ zbraja jedinstvene igrače pojedinih sati: tko je igrao u više različitih
              sati, broji se u svakom od njih. Zato to nije broj različitih igrača — njih je{' '}
              {formatCount(uniquePlayers)}.
            </p>
          )}
          <DataTable {...c} />
        </div>
      ))}
    </div>
  );
}
