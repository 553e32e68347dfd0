import { useId } from 'react';
import * as inputStyles from '../../components/Input/Input.css';
import { formatCount } from '../../lib/format';
import * as styles from './DashboardIsland.css';
import { type LyricFilterView, PAGE_SIZES } from './dashboard-view';

/** The lyric table's search, minimum-occurrences filter, never-shown switch and page size. */
export function LyricFilters({
  value,
  hideUnshown,
  onChange,
  matched,
  total,
}: {
  value: LyricFilterView;
  /** Whether never-shown lines are hidden now ('auto' resolved against the sort). */
  hideUnshown: boolean;
  onChange: (change: Partial<LyricFilterView>) => void;
  matched: number;
  total: number;
}) {
  const id = useId();
  return (
    <search className={styles.filters} aria-label="Pretraživanje stihova">
      <label className={`${styles.field} ${styles.searchField}`} htmlFor={`${id}-q`}>
        Pretraži stihove
        <input
          id={`${id}-q`}
          className={`${inputStyles.input} ${styles.wideInput}`}
          type="search"
          value={value.query}
          placeholder="Stih, pjesma ili album"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange({ query: e.target.value })}
          data-filter="query"
        />
      </label>
      <label className={styles.field} htmlFor={`${id}-min`}>
        Prikazano barem
        <input
          id={`${id}-min`}
          className={`${inputStyles.input} ${styles.narrowInput}`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={value.minOccurrences}
          onChange={(e) => onChange({ minOccurrences: Math.max(0, Math.trunc(Number(e.target.value)) || 0) })}
          data-filter="min"
        />
      </label>
      <label className={styles.field} htmlFor={`${id}-size`}>
        Redaka po stranici
        <select
          id={`${id}-size`}
          className={`${inputStyles.input} ${styles.narrowInput}`}
          value={value.pageSize}
          onChange={(e) => onChange({ pageSize: Number(e.target.value) })}
          data-filter="size"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.check}>
        <input
          className={styles.checkbox}
          type="checkbox"
          checked={hideUnshown}
          onChange={(e) => onChange({ unshown: e.target.checked ? 'hide' : 'show' })}
          data-filter="unshown"
        />
        Sakrij stihove koji još nisu prikazani
      </label>
      <p className={styles.matched} aria-live="polite" data-matched="">
        Stihova: {formatCount(matched)} od {formatCount(total)}
      </p>
    </search>
  );
}
