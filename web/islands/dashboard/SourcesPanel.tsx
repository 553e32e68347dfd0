import { useEffect, useState } from 'react';
import {
  type AdminSources,
  type CampaignRow,
  FUNNEL_STEPS,
  type ReferrerRow,
  referrerLabel,
  SHARE_TARGET_LABELS,
  type ShareRow,
  SOURCE_KEYS_PER_DAY,
} from '../../../src/shared/contracts/admin-sources';
import { Card } from '../../components/Card/Card';
import { Notice } from '../../components/Notice/Notice';
import { getAdminSources, type RangeParams } from '../../lib/api';
import { formatCount, formatPercent } from '../../lib/format';
import { countOf, PRESSES, VISITS } from '../../lib/plural';
import { CsvButton } from './CsvButton';
import * as dashboard from './DashboardIsland.css';
import { SectionHeading } from './RangeViews';
import { type SimpleColumn, SimpleTable } from './SimpleTable';
import * as styles from './SourcesPanel.css';

/** One decimal of a whole, or null without one (shown as '—'). */
const percentOf = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);
const percentText = (value: number | null) => (value === null ? '—' : formatPercent(value));

/** The 'Ostali' row under a list's top rows: the rest of the range, said as what it is. */
type Other = { other: true; visits: number };

function sharesColumn<T>(total: number, visits: (row: T) => number): SimpleColumn<T> {
  return { header: 'Udio', cell: (r) => percentText(percentOf(visits(r), total)), numeric: true };
}

/** What a step is of the others: the quizzes issued for all; the shares and plays again per finished play. */
function stepNote(i: number, count: number, funnel: AdminSources['funnel']): string {
  if (i === 0) return 'svi kvizovi izdani u razdoblju (slobodna igra i dnevni izazov)';
  const ofIssued = `${percentText(percentOf(count, funnel.quizzesIssued))} izdanih kvizova`;
  if (i === 1) return ofIssued;
  return `${ofIssued} · ${percentText(percentOf(count, funnel.playsFinished))} završenih igara`;
}

function Funnel({ funnel }: { funnel: AdminSources['funnel'] }) {
  const widest = Math.max(1, ...FUNNEL_STEPS.map((s) => funnel[s.key]));
  return (
    <ol className={styles.funnel} data-view-table="funnel">
      {FUNNEL_STEPS.map((step, i) => {
        const count = funnel[step.key];
        return (
          <li key={step.key} className={styles.step} data-step={step.key}>
            <span className={styles.stepLabel}>{step.label}</span>
            <span className={styles.stepCount} data-count={count}>
              {formatCount(count)}
            </span>
            <span className={styles.track} aria-hidden="true">
              <span
                className={styles.fill}
                style={{ display: 'block', width: `${(count / widest) * 100}%` }}
              />
            </span>
            <span className={styles.stepNote}>{stepNote(i, count, funnel)}</span>
          </li>
        );
      })}
    </ol>
  );
}

function ReferrersTable({ list }: { list: AdminSources['referrers'] }) {
  const rows: (ReferrerRow | Other)[] = [...list.rows];
  if (list.other > 0) rows.push({ other: true, visits: list.other });
  return (
    <SimpleTable
      caption={`Stranice s kojih su došli (${countOf(list.total, VISITS)})`}
      testId="referrers"
      empty="U ovom razdoblju nema zabilježenih posjeta."
      rows={rows}
      rowKey={(r) => ('other' in r ? '(ostalo)' : `h:${r.host}`)}
      columns={[
        {
          header: 'Izvor',
          cell: (r) => (
            <span className={styles.anyText}>{'other' in r ? 'Ostali izvori' : referrerLabel(r.host)}</span>
          ),
        },
        { header: 'Posjeti', cell: (r) => formatCount(r.visits), numeric: true },
        sharesColumn<ReferrerRow | Other>(list.total, (r) => r.visits),
      ]}
    />
  );
}

function CampaignsTable({ list }: { list: AdminSources['campaigns'] }) {
  const rows: (CampaignRow | Other)[] = [...list.rows];
  if (list.other > 0) rows.push({ other: true, visits: list.other });
  const value = (text: string) => (text ? <span className={styles.anyText}>{text}</span> : '—');
  return (
    <SimpleTable
      caption={`Posjeti s parametrima kampanje (${countOf(list.total, VISITS)})`}
      testId="campaigns"
      empty="U ovom razdoblju nije bilo posjeta s parametrima kampanje (utm_source, utm_medium, utm_campaign)."
      rows={rows}
      rowKey={(r) => ('other' in r ? '(ostalo)' : `${r.source}|${r.medium}|${r.campaign}`)}
      columns={[
        { header: 'Izvor', cell: (r) => ('other' in r ? 'Ostale kampanje' : value(r.source)) },
        { header: 'Medij', cell: (r) => ('other' in r ? '' : value(r.medium)) },
        { header: 'Kampanja', cell: (r) => ('other' in r ? '' : value(r.campaign)) },
        { header: 'Posjeti', cell: (r) => formatCount(r.visits), numeric: true },
        sharesColumn<CampaignRow | Other>(list.total, (r) => r.visits),
      ]}
    />
  );
}

function SharesTable({ shares, total }: { shares: ShareRow[]; total: number }) {
  return (
    <SimpleTable
      caption={`Dijeljenja po gumbu (${countOf(total, PRESSES)})`}
      testId="shares"
      rows={shares}
      rowKey={(r) => r.target}
      columns={[
        { header: 'Gumb', cell: (r) => SHARE_TARGET_LABELS[r.target] },
        { header: 'Pritisci', cell: (r) => formatCount(r.shares), numeric: true },
        sharesColumn<ShareRow>(total, (r) => r.shares),
      ]}
    />
  );
}

function SourcesView({
  data,
  credentials,
  range,
}: {
  data: AdminSources;
  credentials: string;
  range: RangeParams;
}) {
  return (
    <>
      <Card className={dashboard.view} data-view="funnel">
        <SectionHeading title="Od kviza do dijeljenja">
          <CsvButton
            credentials={credentials}
            table="funnel"
            range={range}
            label="put od kviza do dijeljenja"
          />
        </SectionHeading>
        <Funnel funnel={data.funnel} />
        <div className={styles.notes}>
          <p className={dashboard.muted}>
            <strong>Ponovne igre</strong> su igre igrača koji je istog dana (po vremenu poslužitelja) već
            završio jednu igru. <strong>Dijeljenja</strong> su pritisci gumba za dijeljenje na stranici
            rezultata i dnevnog izazova: jedna igra može biti podijeljena više puta.
          </p>
          <p className={dashboard.muted}>
            Koraci se broje zasebno, kao zbrojevi po danu: to nisu isti ljudi praćeni od koraka do koraka.
          </p>
        </div>
      </Card>
      <Card className={dashboard.view} data-view="referrers">
        <SectionHeading title="Odakle dolaze igrači">
          <CsvButton credentials={credentials} table="referrers" range={range} label="izvori posjeta" />
        </SectionHeading>
        <ReferrersTable list={data.referrers} />
        <p className={styles.notes}>
          Posjet se broji kad netko otvori stranicu kviza izvana: bilježi se samo naziv stranice s koje je
          došao (bez putanje i upita). Dan čuva najviše {SOURCE_KEYS_PER_DAY} izvora s najviše posjeta; ostali
          se zbrajaju pod „Ostali izvori“.
        </p>
      </Card>
      <Card className={dashboard.view} data-view="campaigns">
        <SectionHeading title="Kampanje">
          <CsvButton credentials={credentials} table="campaigns" range={range} label="kampanje" />
        </SectionHeading>
        <CampaignsTable list={data.campaigns} />
        <p className={styles.notes}>
          Parametri utm_source, utm_medium i utm_campaign iz adrese na koju je posjetitelj stigao (npr. QR kôd
          radijske emisije ili poveznica u biltenu). Dan čuva najviše {SOURCE_KEYS_PER_DAY} kampanja.
        </p>
      </Card>
      <Card className={dashboard.view} data-view="shares">
        <SectionHeading title="Dijeljenje rezultata">
          <CsvButton credentials={credentials} table="shares" range={range} label="dijeljenja po gumbu" />
        </SectionHeading>
        <SharesTable shares={data.shares} total={data.funnel.shared} />
        <p className={styles.notes}>Bez kolačića i bez podataka o posjetitelju: samo brojevi po danu.</p>
      </Card>
    </>
  );
}

/**
 * The 'Izvori' tab (docs/decisions/040): the funnel from quiz to share to a new play, the sites and
 * campaigns visits came from, and the shares per button, for the range shown.
 */
export function SourcesPanel({
  credentials,
  range,
  filtered,
}: {
  credentials: string;
  range: RangeParams;
  /** The dashboard's filters are on: they do not reach these figures, which is said above them. */
  filtered: boolean;
}) {
  const [data, setData] = useState<AdminSources | 'failed' | null>(null);
  const { from, to } = range;
  useEffect(() => {
    let cancelled = false;
    const params = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    getAdminSources(credentials, params).then(
      (sources) => !cancelled && setData(sources),
      () => !cancelled && setData('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [credentials, from, to]);
  if (data === null) return <p>Učitavanje…</p>;
  if (data === 'failed') return <Notice title="Izvore posjeta nije moguće učitati." />;
  return (
    <>
      {filtered && (
        <p className={dashboard.muted} data-filters-note="">
          <strong>Filtri se ovdje ne primjenjuju:</strong> izvori posjeta, dijeljenja i koraci od kviza do
          dijeljenja broje se samo po danu, bez uređaja, načina igre, albuma ili pjesme, pa su prikazani za
          cijelo razdoblje.
        </p>
      )}
      <SourcesView data={data} credentials={credentials} range={{ from: data.from, to: data.to }} />
    </>
  );
}
