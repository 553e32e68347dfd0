import { useEffect, useState } from 'react';
import type { Confusion } from '../../../src/shared/contracts/time-series';
import { InlineSpinner } from '../../components/Spinner/Spinner';
import { getAdminConfusions, type RangeParams } from '../../lib/api';
import { countOf, TIMES } from '../../lib/plural';
import * as styles from './DashboardIsland.css';
import { FilterButton } from './filters/filter-context';

/**
 * A line's or a song's 'Najčešće zamjene': the wrong songs players picked instead, read when the
 * row is opened (one small read per opened row, not one per row of a 2,000-row table).
 */
export function ConfusionDetail({
  credentials,
  range,
  scope,
}: {
  credentials: string;
  range: RangeParams;
  scope: { lyricId: number } | { songId: number };
}) {
  const [state, setState] = useState<{ rows: Confusion[] } | 'loading' | 'failed'>('loading');
  const key = JSON.stringify([range, scope]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the range and the scope
  useEffect(() => {
    let cancelled = false;
    setState('loading');
    getAdminConfusions(credentials, range, scope, 5)
      .then((answer) => !cancelled && setState({ rows: answer.confusions }))
      .catch((error: unknown) => {
        console.error('Zamjene:', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [credentials, key]);

  if (state === 'loading')
    return (
      <p className={styles.detail}>
        <InlineSpinner /> Učitavanje zamjena…
      </p>
    );
  if (state === 'failed') return <p className={styles.detail}>Zamjene nije moguće učitati.</p>;
  if (state.rows.length === 0)
    return (
      <p className={styles.detail} data-confusions="">
        Nitko još nije odabrao pogrešnu pjesmu.
      </p>
    );
  return (
    <div className={styles.detail} data-confusions="">
      <p className={styles.detailTitle}>Najčešće zamjene — umjesto točne pjesme igrači su birali:</p>
      <ol className={styles.detailList}>
        {state.rows.map((c) => (
          <li key={c.selectedSongId} data-confusion={c.selectedSongId}>
            <FilterButton name="song" value={c.selectedSongId}>
              {c.selectedSongTitle}
            </FilterButton>{' '}
            — {countOf(c.times, TIMES)}
          </li>
        ))}
      </ol>
    </div>
  );
}
