import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import type uPlot from 'uplot';
import * as tables from '../../components/Tables/Tables.css';
import { formatCount } from '../../lib/format';
import * as styles from './DashboardIsland.css';

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

/** A chart of one or two series over points named by `xNames` (hours, days): the chart and its table share it. */
export interface ChartData {
  testId: string;
  title: string;
  /** The x axis: what a point is ('Sat', 'Dan') and the axis label under the chart. */
  xHeader: string;
  xAxisLabel: string;
  /** One name per point ('07:00', '23. 11.'), in order. */
  xNames: string[];
  labels: [string] | [string, string] | [string, string, string];
  series: number[][];
  /** Notes on points (the trend's annotations): a numbered vertical line at each. */
  markers?: ChartMarker[];
}

export interface ChartMarker {
  /** The point's index. */
  index: number;
  /** Shown at the top of the line ('1', '2', …: the numbers of the notes' list). */
  label: string;
}

/** The axes' font (uPlot's own size and family), named so the last x label can be measured in it. */
const AXIS_FONT =
  '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
let measurer: CanvasRenderingContext2D | null | undefined;
/** The width of a text in the axes' font, in CSS pixels (0 where a canvas cannot measure). */
function axisTextWidth(text: string): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return 0;
  measurer.font = AXIS_FONT;
  return measurer.measureText(text).width;
}

/**
 * The space right of the plot: the last x label is centred on the last point, at the plot's
 * right edge, so half of it must fit there ('stu 2026.' was cut to 'stu 2026' by uPlot's default
 * of half the y axis's width). Never less than that default (25 px).
 */
function rightPadding(lastName: string): number {
  return Math.max(25, Math.ceil(axisTextWidth(lastName) / 2) + 4);
}

/** Draws each marker as a dashed vertical line with its label, over the plot (uPlot's draw hook). */
function drawMarkers(u: uPlot, markers: ChartMarker[], colour: string) {
  const { ctx } = u;
  const { top, height } = u.bbox;
  const ratio = devicePixelRatio || 1;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = ratio;
  ctx.setLineDash([4 * ratio, 3 * ratio]);
  ctx.font = `700 ${12 * ratio}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  for (const marker of markers) {
    const x = Math.round(u.valToPos(marker.index, 'x', true));
    ctx.beginPath();
    ctx.moveTo(x, top + 14 * ratio);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.fillText(marker.label, x, top + 11 * ratio);
  }
  ctx.restore();
}

const HEIGHT = 280;
/** Points are drawn while they can be told apart (a year of days is a line). */
const fewPoints = (u: uPlot) => u.data[0].length <= 62;

/**
 * One uPlot line chart: created on mount (and on a change of theme), updated in place, destroyed
 * on unmount, resized with its box. x is the point's index, named by `xNames` (no time zone
 * arithmetic in the browser: the server's days and hours are shown as it counted them). The two
 * lines differ in colour (the theme's accent and focus colours, 3:1 or more against the card in
 * both themes), in dash and in their points, so they can be told apart without colour.
 */
export function LineChart({
  title,
  xHeader,
  xAxisLabel,
  xNames,
  labels,
  series,
  testId,
  markers = [],
}: ChartData) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const dark = useDarkScheme();
  // The newest data, for a chart created after uPlot has loaded.
  const latest = useRef({ xNames, series, markers });
  latest.current = { xNames, series, markers };
  const xs = (n: number) => Array.from({ length: n }, (_, i) => i);
  const nameOf = (x: number | null | undefined) =>
    x == null || !Number.isInteger(x) ? '' : (latest.current.xNames[x] ?? '');

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
      const third = cssColour('--kz-muted');
      const axis = { stroke: text, font: AXIS_FONT, grid: { stroke: grid }, ticks: { stroke: grid } };
      const options: uPlot.Options = {
        title,
        width: box.current.clientWidth,
        height: HEIGHT,
        padding: [null, () => rightPadding(latest.current.xNames.at(-1) ?? ''), null, null],
        // Counts start at zero: a y axis from the smallest value would turn 20 → 40 into a cliff.
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] } },
        axes: [
          {
            ...axis,
            label: xAxisLabel,
            // Whole points only, and never more labels than fit (about 4.5 rem each).
            space: 64,
            incrs: [1, 2, 3, 4, 6, 7, 12, 14, 30, 60, 90, 180, 365],
            values: (_, ticks) => ticks.map(nameOf),
          },
          { ...axis, values: (_, ticks) => ticks.map((t) => (Number.isInteger(t) ? formatCount(t) : '')) },
        ],
        legend: { markers: { dash: (_, i) => (i === 1 ? 'solid' : 'dashed') } },
        hooks: { draw: [(u) => drawMarkers(u, latest.current.markers, text)] },
        series: [
          { label: xHeader, value: (_, x) => nameOf(x) || '--' },
          // Wider than the dashed line, so where the two coincide both stay visible.
          { label: labels[0], stroke: first, width: 3.5, points: { show: fewPoints, size: 8, fill: first } },
          ...(labels[1] === undefined
            ? []
            : [
                {
                  label: labels[1],
                  stroke: second,
                  width: 2,
                  dash: [8, 4],
                  points: { show: fewPoints, size: 7, fill: surface, stroke: second },
                },
              ]),
          // The compared period: thin, grey and dotted, behind the two lines of the range.
          ...(labels[2] === undefined
            ? []
            : [{ label: labels[2], stroke: third, width: 1.5, dash: [2, 4], points: { show: false } }]),
        ],
      };
      const { xNames: names, series: values } = latest.current;
      chart.current = new UPlot(options, [xs(names.length), ...values], box.current);
      box.current.dataset.points = String(chart.current.data[0].length);
      observer = new ResizeObserver(() => {
        if (box.current && chart.current)
          chart.current.setSize({ width: box.current.clientWidth, height: HEIGHT });
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
  }, [title, xHeader, xAxisLabel, labels[0], labels[1], labels[2], dark]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: xs is a pure helper
  useEffect(() => {
    if (!chart.current || !box.current) return;
    chart.current.setData([xs(xNames.length), ...series]);
    box.current.dataset.points = String(xNames.length);
  }, [xNames, series, markers]);

  return (
    <div
      className={styles.chart}
      ref={box}
      data-chart={testId}
      data-markers={markers.length}
      role="img"
      aria-label={`${title}: ${labels.join(' i ')}. Podaci su u tablici ispod grafikona.`}
    />
  );
}

/** A chart's numbers as a table, behind a disclosure (keyboard: Tab to it, Enter opens it). */
export function ChartTable({
  title,
  xHeader,
  xNames,
  labels,
  series,
  testId,
}: Pick<ChartData, 'title' | 'xHeader' | 'xNames' | 'testId'> & { labels: string[]; series: number[][] }) {
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
              {xHeader}
            </th>
            {labels.map((label) => (
              <th key={label} className={`${styles.chartTh} ${styles.chartNumber}`} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {xNames.map((name, i) => (
            <tr key={name}>
              <th className={styles.chartTd} scope="row">
                {name}
              </th>
              {series.map((values, n) => (
                <td key={labels[n]} className={`${styles.chartTd} ${tables.num}`}>
                  {formatCount(values[i] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
