import type { ReactNode } from 'react';
import { formatPercent } from '../../lib/format';
import * as styles from './Tables.css';

export interface TopColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** A ranked top-10 table with a final percentage column coloured by the list's kind. */
export function TopTable<T>({
  caption,
  columns,
  rows,
  percent,
  tone,
  rowKey,
}: {
  caption: string;
  columns: TopColumn<T>[];
  rows: T[];
  percent: (row: T) => number;
  tone: 'good' | 'poor';
  rowKey: (row: T) => string | number;
}) {
  return (
    <div className={styles.wrapper}>
      <table className={styles.table} data-top-table={caption}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th className={styles.th} scope="col">
              #
            </th>
            {columns.map((c) => (
              <th key={c.header} className={styles.th} scope="col">
                {c.header}
              </th>
            ))}
            <th className={`${styles.th} ${styles.num}`} scope="col">
              %
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td className={styles.empty} colSpan={columns.length + 2}>
                Još nema dovoljno podataka.
              </td>
            </tr>
          )}
          {rows.map((row, i) => (
            <tr key={rowKey(row)}>
              <td className={`${styles.td} ${styles.num}`}>{i + 1}.</td>
              {columns.map((c) => (
                <td key={c.header} className={styles.td}>
                  {c.cell(row)}
                </td>
              ))}
              <td className={`${styles.td} ${styles.num} ${styles.percent[tone]}`} data-percent="">
                {formatPercent(percent(row))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
