/**
 * The views of a date range beyond the plain tables (docs/decisions/020): the daily trend, the score
 * distribution, devices and players, the completion rate and the overall confusions. Each has
 * its numbers as a table and, where the API exports it, a 'Preuzmi CSV' button.
 */
import type { ReactNode } from 'react';
import type { AdminDevices } from '../../../src/shared/contracts/admin-range';
import type { Confusion, ScoreDistribution } from '../../../src/shared/contracts/time-series';
import { BROWSER_FAMILIES, DEVICE_CLASSES } from '../../../src/shared/devices';
import type { ScoreMode } from '../../../src/shared/play-mode';
import { Card } from '../../components/Card/Card';
import type { RangeParams } from '../../lib/api';
import { browserNames, deviceNames } from '../../lib/device-names';
import { formatCount, formatDecimal, formatPercent } from '../../lib/format';
import { countOf, PLAYS, pluralForm, TIMES } from '../../lib/plural';
import { CsvButton } from './CsvButton';
import * as styles from './DashboardIsland.css';
import { FilterButton } from './filters/filter-context';
import { ChartTable } from './LineChart';
import { type SimpleColumn, SimpleTable } from './SimpleTable';

export function SectionHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className={styles.sectionHeading}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </div>
  );
}

const SCORES = Array.from({ length: 31 }, (_, score) => score);

/** What the plays of each mode (the filter 'Način igre' above the tabs) are, said under the histogram. */
const scoreModes: Record<ScoreMode, string> = {
  all: 'sva igranja, slobodna i dnevni izazov, kao u brojkama iznad',
  easy: 'samo slobodna igranja težine „Lagano“',
  normal: 'samo slobodna igranja težine „Normalno“',
  hard: 'samo slobodna igranja težine „Teško“',
  daily: 'samo dnevni izazov (prva igranja dana i vježba)',
};

/**
 * The score histogram 0–30 (bars drawn with CSS, no chart library) and the rating bands' shares,
 * of the plays chosen above it: all of them by default, so its count matches the cards.
 */
export function ScoreView({
  scores,
  credentials,
  range,
}: {
  scores: ScoreDistribution;
  credentials: string;
  range: RangeParams;
}) {
  const mode = scores.difficulty;
  const exportRange = { ...range, difficulty: mode };
  const most = Math.max(1, ...scores.histogram);
  const bandColumns: SimpleColumn<ScoreDistribution['bands'][number]>[] = [
    { header: 'Ocjena', cell: (b) => b.label },
    { header: 'Bodovi', cell: (b) => `${b.min}–${b.max}` },
    { header: 'Igranja', cell: (b) => formatCount(b.plays), numeric: true },
    { header: 'Udio', cell: (b) => formatPercent(b.share), numeric: true },
  ];
  return (
    <Card className={styles.view} data-view="scores">
      <SectionHeading title="Raspodjela rezultata">
        <CsvButton
          credentials={credentials}
          table="scores"
          range={exportRange}
          label="raspodjela rezultata"
        />
      </SectionHeading>
      <p className={styles.muted} data-scores-summary="">
        {countOf(scores.plays, PLAYS)} · prosječni rezultat {formatDecimal(scores.averageScore)} / 30 ·{' '}
        {scoreModes[mode]} (filtar „Način igre“ iznad)
      </p>
      <div
        className={styles.histogram}
        role="img"
        aria-label="Broj igranja po rezultatu od 0 do 30. Podaci su u tablici ispod."
        data-histogram=""
      >
        {SCORES.map((score) => {
          const plays = scores.histogram[score] ?? 0;
          return (
            <div key={score} className={styles.barSlot} title={`${score}: ${countOf(plays, PLAYS)}`}>
              <div
                className={styles.bar}
                style={{ height: `${(plays / most) * 100}%` }}
                data-score={score}
                data-plays={plays}
              />
              <span className={styles.barLabel} aria-hidden="true">
                {score % 5 === 0 ? score : ''}
              </span>
            </div>
          );
        })}
      </div>
      <ChartTable
        testId="scores"
        title="Raspodjela rezultata"
        xHeader="Rezultat"
        xNames={SCORES.map(String)}
        labels={['Igranja']}
        series={[SCORES.map((s) => scores.histogram[s] ?? 0)]}
      />
      <div className={styles.tableTools}>
        <CsvButton credentials={credentials} table="bands" range={exportRange} label="udio po ocjenama" />
      </div>
      <SimpleTable
        caption="Udio po ocjenama"
        columns={bandColumns}
        rows={scores.bands}
        rowKey={(b) => b.label}
        testId="bands"
      />
    </Card>
  );
}

interface Share {
  name: string;
  plays: number;
  /** The name as a filter of the whole dashboard. */
  filter: ReactNode;
}
const shareColumns = (total: number, first: string): SimpleColumn<Share>[] => [
  { header: first, cell: (r) => r.filter },
  { header: 'Igranja', cell: (r) => formatCount(r.plays), numeric: true },
  { header: 'Udio', cell: (r) => formatPercent(total ? (r.plays / total) * 100 : 0), numeric: true },
];

/** Plays by device class and browser, new and returning players, quizzes issued against plays recorded. */
export function DevicesView({
  devices,
  credentials,
  range,
  filtered,
}: {
  devices: AdminDevices;
  credentials: string;
  range: RangeParams;
  /** A filter is applied: quizzes issued (kept per day only) say nothing of the filtered plays. */
  filtered: boolean;
}) {
  const byDevice = DEVICE_CLASSES.map((d) => ({
    name: deviceNames[d],
    plays: devices.byDevice[d] ?? 0,
    filter: (
      <FilterButton name="device" value={d}>
        {deviceNames[d]}
      </FilterButton>
    ),
  }));
  const byBrowser = BROWSER_FAMILIES.map((b) => ({
    name: browserNames[b],
    plays: devices.byBrowser[b] ?? 0,
    filter: (
      <FilterButton name="browser" value={b}>
        {browserNames[b]}
      </FilterButton>
    ),
  }))
    .filter((b) => b.plays > 0)
    .sort((a, b) => b.plays - a.plays);
  return (
    <Card className={styles.view} data-view="devices">
      <SectionHeading title="Uređaji, igrači i dovršeni kvizovi">
        <CsvButton credentials={credentials} table="devices" range={range} label="uređaji i igrači" />
      </SectionHeading>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>Dovršenost kvizova</dt>
          <dd data-figure="completionRate">
            {devices.completionRate === null ? '—' : formatPercent(devices.completionRate)}
          </dd>
          <dd className={styles.figureNote}>
            {filtered
              ? 'nije poznato uz filtre: izdani kvizovi ne bilježe se po uređaju, načinu igre ni pjesmi'
              : `${countOf(devices.plays, PLAYS)} ${pluralForm(devices.plays, ['zabilježena', 'zabilježene', 'zabilježeno'])} od ${formatCount(devices.quizzesIssued)} ${pluralForm(devices.quizzesIssued, ['izdanog kviza', 'izdana kviza', 'izdanih kvizova'])}`}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>Različiti igrači</dt>
          <dd data-figure="players">{formatCount(devices.players)}</dd>
          <dd className={styles.figureNote}>
            igrali u ovom razdoblju, svaki jednom ({formatCount(devices.playerDays)} po danima)
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>Novi igrači</dt>
          <dd data-figure="newPlayers">{formatCount(devices.newPlayers)}</dd>
          <dd className={styles.figureNote}>prvi put igrali u ovom razdoblju</dd>
        </div>
        <div className={styles.figure}>
          <dt>Povratnici</dt>
          <dd data-figure="returningPlayers">{formatCount(devices.returningPlayers)}</dd>
          <dd className={styles.figureNote}>igrali i prije ovog razdoblja, svaki jednom</dd>
        </div>
      </dl>
      <div className={styles.viewGrid}>
        <SimpleTable
          caption="Vrsta uređaja"
          columns={shareColumns(devices.plays, 'Uređaj')}
          rows={byDevice}
          rowKey={(r) => r.name}
          testId="device"
        />
        <SimpleTable
          caption="Preglednik"
          columns={shareColumns(devices.plays, 'Preglednik')}
          rows={byBrowser}
          rowKey={(r) => r.name}
          testId="browser"
        />
      </div>
    </Card>
  );
}

const confusionColumns: SimpleColumn<Confusion>[] = [
  {
    header: 'Točna pjesma',
    cell: (c) => (
      <FilterButton name="song" value={c.songId}>
        {c.songTitle}
      </FilterButton>
    ),
  },
  {
    header: 'Odabrana umjesto nje',
    cell: (c) => (
      <FilterButton name="song" value={c.selectedSongId}>
        {c.selectedSongTitle}
      </FilterButton>
    ),
  },
  { header: 'Koliko puta', cell: (c) => countOf(c.times, TIMES), numeric: true },
];

/** The overall top list of wrong songs picked instead of the right one. */
export function ConfusionsView({
  confusions,
  period,
  credentials,
  range,
}: {
  confusions: Confusion[];
  period: 'all-time' | 'range';
  credentials: string;
  range: RangeParams;
}) {
  return (
    <Card className={styles.view} data-view="confusions">
      <SectionHeading title="Najčešće zamjene">
        <CsvButton credentials={credentials} table="confusions" range={range} label="najčešće zamjene" />
      </SectionHeading>
      <p className={styles.muted}>
        Pjesme koje igrači najčešće odaberu umjesto točne.
        {period === 'all-time' ? ' Sva zabilježena igranja.' : ' Igranja u odabranom razdoblju.'}
      </p>
      <SimpleTable
        caption="Najčešće zamjene pjesama"
        columns={confusionColumns}
        rows={confusions}
        rowKey={(c) => `${c.songId}-${c.selectedSongId}`}
        empty="Još nema pogrešnih odgovora."
        testId="confusions"
      />
    </Card>
  );
}
