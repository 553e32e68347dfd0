import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { cumulative, type HourlyStat } from '../../lib/stats';
import * as styles from './DashboardIsland.css';

/** The charts' x axis: the hours 0–23 of the fixed reference day, 15 April 2025 (spec §2). */
const hours = Array.from({ length: 24 }, (_, h) => new Date(2025, 3, 15, h).getTime() / 1000);
const AXIS_LABEL = '15. travnja 2025.';
/** Croatian clock times (00:00 … 23:00), not uPlot's default 12-hour English labels. */
const hourLabel = (seconds: number) => `${String(new Date(seconds * 1000).getHours()).padStart(2, '0')}:00`;

function cssColour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#0b5a8c';
}

/** One uPlot line chart: created on mount, updated in place, destroyed on unmount, resized with its box. */
function LineChart({
  title,
  labels,
  series,
  testId,
}: {
  title: string;
  labels: [string, string];
  series: [number[], number[]];
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  // The newest data, for a chart created after uPlot has loaded.
  const latest = useRef(series);
  latest.current = series;

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    // uPlot (~23 KB gzip) is fetched only when a chart is shown.
    import('uplot').then(({ default: UPlot }) => {
      if (cancelled || !box.current) return;
      const text = cssColour('--kz-text');
      const grid = cssColour('--kz-border');
      const axis = { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } };
      const options: uPlot.Options = {
        title,
        width: box.current.clientWidth,
        height: 280,
        scales: { x: { time: true } },
        axes: [{ ...axis, label: AXIS_LABEL, values: (_, ticks) => ticks.map(hourLabel) }, { ...axis }],
        series: [
          { label: 'Sat', value: (_, seconds) => (seconds == null ? '--' : hourLabel(seconds)) },
          { label: labels[0], stroke: cssColour('--kz-accent'), width: 2, points: { show: true } },
          { label: labels[1], stroke: cssColour('--kz-focus'), width: 2, points: { show: true } },
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
    // Created once; data changes go through setData below.
  }, [title, labels[0], labels[1]]);

  useEffect(() => {
    chart.current?.setData([hours, ...series]);
  }, [series]);

  return (
    <div
      className={styles.chart}
      ref={box}
      data-chart={testId}
      role="img"
      aria-label={`${title}: ${labels.join(' i ')} po satima`}
    />
  );
}

export function HourlyCharts({ hourly }: { hourly: HourlyStat[] }) {
  const sorted = [...hourly].sort((a, b) => a.hour - b.hour);
  const running = cumulative(sorted);
  return (
    <div className={styles.charts}>
      <LineChart
        testId="hourly"
        title="Igranja po satu"
        labels={['Broj igranja', 'Jedinstveni igrači']}
        series={[sorted.map((h) => h.attempts), sorted.map((h) => h.uniquePlayers)]}
      />
      <LineChart
        testId="cumulative"
        title="Kumulativno"
        labels={['Ukupno igranja', 'Ukupno igrača']}
        series={[running.attempts, running.uniquePlayers]}
      />
    </div>
  );
}
