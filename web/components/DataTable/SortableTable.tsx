import { type ReactNode, useMemo, useState } from 'react';
import { formatCount, formatPercent } from '../../lib/format';
import {
  type Counted,
  colourBand,
  nextSort,
  percentage,
  type SortState,
  sortRows,
  totals,
} from '../../lib/stats';
import * as styles from './DataTable.css';

export interface Column<T> {
  key: string;
  header: string;
  /** The sort key of a row in this column. */
  value: (row: T) => string | number;
  render?: (row: T) => ReactNode;
  numeric?: boolean;
}

const icon = { none: '↕', asc: '▲', desc: '▼' } as const;

/**
 * An admin statistics table: every header sorts (none → ascending, the same header
 * toggles, another header starts ascending), the computed percentage included;
 * a totals row 'Ukupno'; percentages coloured by band.
 */
export function SortableTable<T extends Counted>({
  caption,
  columns,
  rows,
  rowKey,
  countHeaders,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Headers of the two count columns (the spec names them per table). */
  countHeaders: [occurrences: string, correct: string];
}) {
  const allColumns: Column<T>[] = useMemo(
    () => [
      ...columns,
      { key: 'occurrences', header: countHeaders[0], value: (r) => r.occurrences, numeric: true },
      { key: 'correctAnswers', header: countHeaders[1], value: (r) => r.correctAnswers, numeric: true },
      { key: 'percentage', header: 'Postotak', value: (r) => percentage(r), numeric: true },
    ],
    [columns, countHeaders],
  );
  const [sort, setSort] = useState<SortState<string>>({ column: null, direction: 'asc' });
  const byKey = useMemo(() => new Map(allColumns.map((c) => [c.key, c])), [allColumns]);
  const sorted = useMemo(
    () => sortRows(rows, sort, (row, key) => byKey.get(key)!.value(row)),
    [rows, sort, byKey],
  );
  const sum = useMemo(() => totals(rows), [rows]);

  return (
    <div className={styles.wrapper}>
      <table className={styles.table} data-sortable-table={caption}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {allColumns.map((c) => {
              const active = sort.column === c.key;
              return (
                <th
                  key={c.key}
                  className={`${styles.th}${c.numeric ? ` ${styles.num}` : ''}`}
                  scope="col"
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={() => setSort((s) => nextSort(s, c.key))}
                    data-sort={c.key}
                  >
                    {c.header}
                    <span aria-hidden="true">{active ? icon[sort.direction] : icon.none}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => {
            const pct = percentage(row);
            return (
              <tr key={rowKey(row)} className={styles.row}>
                {columns.map((c) => (
                  <td key={c.key} className={`${styles.td}${c.numeric ? ` ${styles.num}` : ''}`}>
                    {c.render ? c.render(row) : c.value(row)}
                  </td>
                ))}
                <td className={`${styles.td} ${styles.num}`}>{formatCount(row.occurrences)}</td>
                <td className={`${styles.td} ${styles.num}`}>{formatCount(row.correctAnswers)}</td>
                <td className={`${styles.td} ${styles.num} ${styles.percent[colourBand(pct)]}`}>
                  {formatPercent(pct)}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className={styles.totalRow} data-totals="">
            <th className={styles.td} scope="row" colSpan={columns.length}>
              Ukupno
            </th>
            <td className={`${styles.td} ${styles.num}`}>{formatCount(sum.occurrences)}</td>
            <td className={`${styles.td} ${styles.num}`}>{formatCount(sum.correctAnswers)}</td>
            <td className={`${styles.td} ${styles.num}`}>{formatPercent(sum.percentage)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
