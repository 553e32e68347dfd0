import type { ReactNode } from 'react';
import { PLAY_LENGTH } from '../../../src/shared/rules';
import type { Change } from '../../lib/date-range';
import { formatCount, formatDecimal, formatPercent } from '../../lib/format';
import type { Overview } from '../../lib/stats';
import * as styles from './StatsCards.css';

type Figure = keyof Overview;

/** A change against the previous period, or null (no previous data: said, neutral). */
export type CardChanges = Record<Figure, Change | null>;

const arrow = { up: '↑', down: '↓', same: '→' } as const;

/** How a change is worded: against what, and what is said when there is nothing to compare with. */
export interface ChangeWording {
  suffix: string;
  none: string;
}
const PREVIOUS_PERIOD: ChangeWording = {
  suffix: ' u odnosu na prethodno razdoblje',
  none: 'Nema podataka za prethodno razdoblje',
};

function ChangeLine({ change, wording }: { change: Change | null; wording: ChangeWording }) {
  if (!change || change.percent === null)
    return (
      <span className={styles.change} data-change="none">
        {wording.none}
      </span>
    );
  const sign = change.percent > 0 ? '+' : change.percent < 0 ? '−' : '±';
  return (
    <span
      className={`${styles.change} ${styles.changeDirection[change.direction]}`}
      data-change={change.direction}
    >
      <span aria-hidden="true">{arrow[change.direction]} </span>
      {sign}
      {formatPercent(Math.abs(change.percent))}
      <span className={styles.changeSuffix}>{wording.suffix}</span>
    </span>
  );
}

/** An average of no plays: a dash and why, never '0,0' (which reads as 'everyone answered wrong'). */
function NoAverage() {
  return (
    <>
      —<span className={styles.note}>nema igara</span>
    </>
  );
}

/**
 * The four overview cards of the public and the admin statistics. The dashboard adds, for a date
 * range, each figure's change against the period of the same length before it, and may name the
 * players card for what a range can count.
 */
export function StatsCards({
  overview,
  changes,
  playersLabel = 'Različiti igrači',
  playersNote,
  wording = PREVIOUS_PERIOD,
}: {
  overview: Overview;
  changes?: CardChanges;
  /**
   * The players card's label: a fixed heading above its figure, like 'Ukupno igranja' (a label
   * that agreed with the figure read 'Različit igrač: 21').
   */
  playersLabel?: string;
  playersNote?: ReactNode;
  wording?: ChangeWording;
}) {
  const change = (figure: Figure) => changes && <ChangeLine change={changes[figure]} wording={wording} />;
  const played = overview.totalAttempts > 0;
  return (
    <dl className={styles.grid} data-overview="">
      <div className={styles.card}>
        <dt className={styles.label}>Ukupno igranja</dt>
        <dd className={styles.value} data-stat="totalAttempts">
          {formatCount(overview.totalAttempts)}
          {change('totalAttempts')}
        </dd>
      </div>
      <div className={styles.card}>
        <dt className={styles.label}>{playersLabel}</dt>
        <dd className={styles.value} data-stat="uniquePlayers">
          {formatCount(overview.uniquePlayers)}
          {playersNote && <span className={styles.note}>{playersNote}</span>}
          {change('uniquePlayers')}
        </dd>
      </div>
      <div className={styles.card}>
        <dt className={styles.label}>Prosječni rezultat</dt>
        <dd className={styles.value} data-stat="averageScore">
          {played ? (
            <>
              {formatDecimal(overview.averageScore)}
              {` / ${PLAY_LENGTH}`}
              <span className={styles.sub}>
                ({formatPercent((overview.averageScore / PLAY_LENGTH) * 100)})
              </span>
            </>
          ) : (
            <NoAverage />
          )}
          {change('averageScore')}
        </dd>
      </div>
      <div className={styles.card}>
        <dt className={styles.label}>Ukupna točnost</dt>
        <dd className={styles.value} data-stat="averagePercentage">
          {played ? formatPercent(overview.averagePercentage) : <NoAverage />}
          {change('averagePercentage')}
        </dd>
      </div>
    </dl>
  );
}
