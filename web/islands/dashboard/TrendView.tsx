import { useMemo } from 'react';
import type { AdminDaily, TrendGroup } from '../../../src/shared/contracts/admin-range';
import { Card } from '../../components/Card/Card';
import * as inputStyles from '../../components/Input/Input.css';
import type { RangeParams } from '../../lib/api';
import { formatDay } from '../../lib/date-range';
import { CsvButton } from './CsvButton';
import * as styles from './DashboardIsland.css';
import { type ChartData, ChartTable, LineChart } from './LineChart';
import { SectionHeading } from './RangeViews';
import { TrendNotes, useAnnotations } from './TrendNotes';

/** '23. 11.' on the axis (the year is in the range shown above); the table names the whole day. */
const shortDay = (day: string) => `${Number(day.slice(8, 10))}. ${Number(day.slice(5, 7))}.`;
const MONTHS = ['sij', 'velj', 'ožu', 'tra', 'svi', 'lip', 'srp', 'kol', 'ruj', 'lis', 'stu', 'pro'];
/** 'ruj 2025.' for a month's point (its first day may be the range's first, not the 1st). */
const shortMonth = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}.`;

const GROUPS: Record<TrendGroup, { label: string; heading: string; title: string; players: string }> = {
  day: {
    label: 'Po danu',
    heading: 'Dnevni trend',
    title: 'Igranja po danu',
    players: 'Različiti igrači toga dana',
  },
  week: {
    label: 'Po tjednu',
    heading: 'Tjedni trend',
    title: 'Igranja po tjednu',
    players: 'Različiti igrači toga tjedna',
  },
  month: {
    label: 'Po mjesecu',
    heading: 'Mjesečni trend',
    title: 'Igranja po mjesecu',
    players: 'Različiti igrači toga mjeseca',
  },
};
const COMPARED = { previous: 'prethodnom razdoblju', year: 'istom razdoblju prošle godine' } as const;

/** A point's name on the axis and in the table. */
function pointNames(points: AdminDaily['points'], group: TrendGroup) {
  if (group === 'month')
    return { axis: points.map((p) => shortMonth(p.day)), table: points.map((p) => shortMonth(p.day)) };
  if (group === 'week')
    return {
      axis: points.map((p) => shortDay(p.day)),
      table: points.map((p) => `${shortDay(p.day)} – ${formatDay(p.through)}`),
    };
  return { axis: points.map((p) => shortDay(p.day)), table: points.map((p) => formatDay(p.day)) };
}

function GroupChoice({ group, onGroup }: { group: TrendGroup; onGroup: (group: TrendGroup) => void }) {
  return (
    <label className={styles.field}>
      Grupiranje
      <select
        className={`${inputStyles.input} ${styles.modeInput}`}
        value={group}
        onChange={(e) => onGroup(e.currentTarget.value as TrendGroup)}
        data-trend-group=""
      >
        {(Object.keys(GROUPS) as TrendGroup[]).map((g) => (
          <option key={g} value={g}>
            {GROUPS[g].label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The trend (docs/decisions/037): plays and distinct players per day, week or month, and the
 * compared period's plays as a third line when data were recorded all through it; the numbers
 * as a table (uPlot is loaded with the chart).
 */
export function DailyTrend({
  trend,
  credentials,
  range,
  onGroup,
}: {
  trend: AdminDaily | null;
  credentials: string;
  range: RangeParams;
  onGroup: (group: TrendGroup) => void;
}) {
  const group = trend?.group ?? 'day';
  const points = trend?.points ?? [];
  const previous = trend?.previous?.comparable ? trend.previous : undefined;
  const names = useMemo(() => pointNames(points, group), [points, group]);
  const { notes, failed, reload } = useAnnotations(credentials, trend?.from, trend?.to);
  // Each note on the point whose days hold it, numbered as in the list under the chart; the notes
  // of one point (a week or a month) share its line: '1, 2, 3'.
  const markers = useMemo(() => {
    const byPoint = new Map<number, string[]>();
    notes.forEach((note, i) => {
      const index = points.findIndex((p) => p.day <= note.day && note.day <= p.through);
      if (index >= 0) byPoint.set(index, [...(byPoint.get(index) ?? []), String(i + 1)]);
    });
    return [...byPoint].map(([index, labels]) => ({ index, label: labels.join(', ') }));
  }, [notes, points]);
  const chart: ChartData = useMemo(() => {
    const labels: ChartData['labels'] = previous
      ? ['Broj igranja', GROUPS[group].players, 'Usporedno razdoblje']
      : ['Broj igranja', GROUPS[group].players];
    return {
      testId: 'daily',
      title: GROUPS[group].title,
      xHeader: group === 'day' ? 'Dan' : group === 'week' ? 'Tjedan' : 'Mjesec',
      xAxisLabel: group === 'day' ? 'Dan' : group === 'week' ? 'Tjedan (od ponedjeljka)' : 'Mjesec',
      xNames: names.axis,
      labels,
      series: [
        points.map((p) => p.plays),
        points.map((p) => p.players),
        ...(previous ? [previous.points.map((p) => p.plays)] : []),
      ],
    };
  }, [points, group, names, previous]);
  const exportRange = { ...range, group, ...(trend?.previous ? { compare: trend.previous.comparison } : {}) };
  return (
    <Card className={styles.view} data-view="daily">
      <SectionHeading title={GROUPS[group].heading}>
        <CsvButton credentials={credentials} table="daily" range={exportRange} label="trend" />
      </SectionHeading>
      <GroupChoice group={group} onGroup={onGroup} />
      {points.length === 0 ? (
        <p className={styles.muted}>Nema podataka za odabrano razdoblje.</p>
      ) : (
        <>
          <LineChart {...chart} markers={markers} />
          <p className={styles.chartNote} data-trend-compared="">
            {trend?.previous && previous
              ? `Točkasta siva crta: igranja u ${COMPARED[previous.comparison]} (${formatDay(previous.from)} – ${formatDay(previous.to)}), točku po točku.`
              : trend?.previous
                ? 'Nema usporedbe: u usporednom razdoblju još se nije bilježilo.'
                : ''}{' '}
            „{GROUPS[group].players}“ broji svakog igrača jednom u točki; tko je igrao u više točaka, broji se
            u svakoj od njih.
          </p>
          {/* Three columns fit a 320 px phone; the compared column and the rest are in the CSV. */}
          <ChartTable {...chart} xNames={names.table} />
        </>
      )}
      {trend && (
        <TrendNotes
          credentials={credentials}
          notes={notes}
          failed={failed}
          from={trend.from}
          to={trend.to}
          reload={reload}
        />
      )}
    </Card>
  );
}
