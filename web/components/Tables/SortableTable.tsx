import { memo, type ReactNode, useMemo, useState } from 'react';
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
import * as styles from './Tables.css';

export interface Column<T> {
  key: string;
  header: string;
  /** Share of the table's width, e.g. '30%' (the table has a fixed layout). */
  width?: string;
  /** The sort key of a row in this column. */
  value: (row: T) => string | number;
  render?: (row: T) => ReactNode;
  numeric?: boolean;
}

const icon = { none: '↕', asc: '▲', desc: '▼' } as const;
export const PAGE_SIZE = 100;

/**
 * One row, memoized: sorting only reorders rows whose content does not change, so
 * React moves the existing DOM rows instead of re-rendering 2,000 × 6 cells.
 */
const Row = memo(function Row({ row, columns }: { row: Counted; columns: Column<Counted>[] }) {
  const pct = percentage(row);
  return (
    <tr className={styles.row}>
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
});

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
      {
        key: 'occurrences',
        header: countHeaders[0],
        value: (r) => r.occurrences,
        numeric: true,
        width: '9rem',
      },
      {
        key: 'correctAnswers',
        header: countHeaders[1],
        value: (r) => r.correctAnswers,
        numeric: true,
        width: '9rem',
      },
      { key: 'percentage', header: 'Postotak', value: (r) => percentage(r), numeric: true, width: '8rem' },
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
  // Pages of PAGE_SIZE rows: re-laying-out all 2,000 rows of the lyric table took 200–300 ms
  // per sort in chromium (bench:lighthouse); sorting and the totals still cover every row.
  const [pageIndex, setPageIndex] = useState(0);
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const current = Math.min(pageIndex, pages - 1);
  const visible = sorted.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const sortBy = (key: string) => {
    setSort((s) => nextSort(s, key));
    setPageIndex(0);
  };

  return (
    <div className={styles.wrapper}>
      <table className={`${styles.table} ${styles.fixedTable}`} data-sortable-table={caption}>
        <caption className={styles.caption}>{caption}</caption>
        <colgroup>
          {allColumns.map((c) => (
            <col key={c.key} style={c.width ? { width: c.width } : undefined} />
          ))}
        </colgroup>
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
                    onClick={() => sortBy(c.key)}
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
          {visible.map((row) => (
            <Row key={rowKey(row)} row={row} columns={columns as Column<Counted>[]} />
          ))}
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
      {pages > 1 && (
        <nav className={styles.pager} aria-label={`${caption}: stranice`}>
          <button
            type="button"
            className={styles.pageButton}
            disabled={current === 0}
            onClick={() => setPageIndex(current - 1)}
          >
            ← Prethodna
          </button>
          <span aria-live="polite" data-page="">
            Stranica {current + 1} od {pages} ({formatCount(current * PAGE_SIZE + 1)}–
            {formatCount(current * PAGE_SIZE + visible.length)} od {formatCount(sorted.length)})
          </span>
          <button
            type="button"
            className={styles.pageButton}
            disabled={current === pages - 1}
            onClick={() => setPageIndex(current + 1)}
          >
            Sljedeća →
          </button>
        </nav>
      )}
    </div>
  );
}
