import { PLAY_LENGTH } from '../../../src/shared/rules';
import { formatCount, formatDecimal, formatPercent } from '../../lib/format';
import type { Overview } from '../../lib/stats';
import * as styles from './StatsCards.css';

/** The four overview cards of the public and the admin statistics. */
export function StatsCards({ overview }: { overview: Overview }) {
  return (
    <dl className={styles.grid} data-overview="">
      <div className={styles.card}>
        <dt className={styles.label}>Ukupno igranja</dt>
        <dd className={styles.value} data-stat="totalAttempts">
          {formatCount(overview.totalAttempts)}
        </dd>
      </div>
      <div className={styles.card}>
        <dt className={styles.label}>Različitih igrača</dt>
        <dd className={styles.value} data-stat="uniquePlayers">
          {formatCount(overview.uniquePlayers)}
        </dd>
      </div>
      <div className={styles.card}>
        <dt className={styles.label}>Prosječni rezultat</dt>
        <dd className={styles.value} data-stat="averageScore">
          {formatDecimal(overview.averageScore)}
          {` / ${PLAY_LENGTH}`}
          <span className={styles.sub}>({formatPercent((overview.averageScore / PLAY_LENGTH) * 100)})</span>
        </dd>
      </div>
      <div className={styles.card}>
        <dt className={styles.label}>Ukupna točnost</dt>
        <dd className={styles.value} data-stat="averagePercentage">
          {formatPercent(overview.averagePercentage)}
        </dd>
      </div>
    </dl>
  );
}
