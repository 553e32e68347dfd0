import { useMemo } from 'react';
import { Card } from '../../components/Card/Card';
import { formatRange } from '../../lib/date-range';
import { formatCount } from '../../lib/format';
import { cumulative, everyHour, HOURS, type HourlyRow, type HourlyStat } from '../../lib/stats';
import { CsvButton } from './CsvButton';
import * as styles from './DashboardIsland.css';
import { type ChartData, ChartTable, LineChart } from './LineChart';
import type { DashboardData } from './use-admin-data';

/** Croatian clock times (00:00 … 23:00). */
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const hourNames = HOURS.map(clock);

/** Distinct players through each hour of day, each counted once (docs/decisions/033). */
const CUMULATIVE_PLAYERS = 'Ukupno igrača';

/**
 * The axis says 'Sat u danu'; the days the charts count are in each chart's title, where a phone
 * wraps them, not on the axis, where uPlot cuts a long label (docs/decisions/033).
 */
function chartsOf(hourly: HourlyRow[], playersThrough: number[] | null, period: string): ChartData[] {
  const axis = { xHeader: 'Sat', xAxisLabel: 'Sat u danu', xNames: hourNames };
  if (hourly.some((h) => h.uniquePlayers === undefined)) {
    const attempts = everyHour(hourly.map((h) => ({ ...h, uniquePlayers: 0 }))).map((h) => h.attempts);
    return [
      {
        ...axis,
        testId: 'hourly',
        title: `Igranja po satu, ${period}`,
        labels: ['Broj igranja'],
        series: [attempts],
      },
      {
        ...axis,
        testId: 'cumulative',
        title: `Kumulativno, ${period}`,
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
      title: `Igranja po satu, ${period}`,
      labels: ['Broj igranja', 'Jedinstveni igrači'],
      series: [sorted.map((h) => h.attempts), sorted.map((h) => h.uniquePlayers)],
    },
    {
      ...axis,
      testId: 'cumulative',
      title: `Kumulativno, ${period}`,
      ...(playersThrough
        ? { labels: ['Ukupno igranja', CUMULATIVE_PLAYERS], series: [running.attempts, playersThrough] }
        : { labels: ['Ukupno igranja'], series: [running.attempts] }),
    },
  ];
}

/**
 * The two hourly charts (docs/product.md#admin-dashboard) for the chosen range. All time, the
 * cumulative one has 'Ukupno igrača': at hour h the distinct players who have played at h or
 * earlier in the day, each once (its last point is the number of distinct players).
 */
function HourlyCharts({
  hourly,
  uniquePlayers,
  playersThrough,
  filtered,
  period,
}: {
  hourly: HourlyRow[];
  /** Distinct players of the range, when known (the note compares with it). */
  uniquePlayers: number | null;
  /** All time: distinct players through each hour, each once (null: a range, or not loaded). */
  playersThrough: number[] | null;
  /** A filter applies (docs/decisions/039): the hours then count plays only. */
  filtered: boolean;
  /** The days counted, as the title says them ('28. 9. 2026. – 27. 11. 2026.'). */
  period: string;
}) {
  const charts = useMemo(() => chartsOf(hourly, playersThrough, period), [hourly, playersThrough, period]);
  const perRange = charts[0]!.labels.length === 1;
  const played = hourly.some((h) => h.attempts > 0);
  return (
    <div className={styles.charts}>
      {/* Flat lines at zero would pass for a broken chart. */}
      {!played && (
        <p className={styles.chartNote} data-hourly-empty="">
          Nema igara u odabranom razdoblju.
        </p>
      )}
      {perRange && (
        <p className={styles.chartNote} data-hourly-note="">
          {filtered
            ? 'Uz filtre prikazan je broj igranja po satu; jedinstveni igrači po satu vode se samo za sva igranja bez filtara.'
            : 'Za odabrano razdoblje prikazan je broj igranja po satu. Jedinstveni igrači po satu vode se samo za cijelo razdoblje — odaberite „Sve“.'}
        </p>
      )}
      {charts.map((c) => (
        <div key={c.testId} className={styles.chartBlock}>
          <LineChart {...c} />
          {c.testId === 'cumulative' && !perRange && playersThrough && (
            <p className={styles.chartNote} data-chart-note="">
              „{CUMULATIVE_PLAYERS}“ u pojedinom satu: različiti igrači koji su igrali u tom satu ili ranije
              tijekom dana, svaki jednom (prema najranijem satu u kojem su ikad igrali)
              {uniquePlayers === null ? (
                '.'
              ) : (
                <> — u 23 h to su svi igrači, njih {formatCount(uniquePlayers)}.</>
              )}
            </p>
          )}
          <ChartTable {...c} />
        </div>
      ))}
    </div>
  );
}

/** 'Igranja po satima': its heading, export and the two charts of the range shown. */
export function HourlyCard({
  data,
  credentials,
  allTime,
}: {
  data: DashboardData;
  credentials: string;
  allTime: boolean;
}) {
  return (
    <Card className={styles.view}>
      <div className={styles.sectionHeading}>
        <h2 className={styles.sectionTitle}>Igranja po satima</h2>
        <CsvButton credentials={credentials} table="hourly" range={data.params} label="igranja po satima" />
      </div>
      <HourlyCharts
        hourly={data.hourly}
        uniquePlayers={allTime ? data.overview.uniquePlayers : null}
        playersThrough={data.playersThrough}
        filtered={data.filtered}
        period={data.days.from === null ? 'sve' : formatRange({ from: data.days.from, to: data.days.to })}
      />
    </Card>
  );
}
