import type { ReactNode } from 'react';
import { formatCount, formatPercent } from '../../lib/format';
import { type Counted, colourBand, percentage } from '../../lib/stats';
import * as styles from './Tables.css';

/** A list's colour, as the band of the same colour. */
const TONE_BAND = { easiest: 'good', hardest: 'poor' } as const;

export interface TopColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * A ranked top-10 table. The last column is the percentage, followed by the answers it comes
 * from ('5 od 7'), so a 100% of one answer is not mistaken for a 100% of fifty. With a `tone` the
 * percentages take the list's colour (easiest green, hardest red); without, their value's band
 * (the admin tables' bands).
 */
export function TopTable<T extends Counted>({
  caption,
  columns,
  rows,
  rowKey,
  tone,
}: {
  tone?: 'easiest' | 'hardest';
  caption: string;
  columns: TopColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
}) {
  return (
    <div className={styles.topWrapper}>
      <table className={styles.table} data-top-table={caption}>
        <caption className={styles.caption}>{caption}</caption>
        <thead className={styles.topHead}>
          <tr>
            <th className={`${styles.th} ${styles.num}`} scope="col">
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
        <tbody className={styles.body}>
          {rows.length === 0 && (
            <tr>
              <td className={styles.empty} colSpan={columns.length + 2}>
                Još nema dovoljno podataka.
              </td>
            </tr>
          )}
          {rows.map((row, i) => {
            const pct = percentage(row);
            return (
              <tr key={rowKey(row)} className={`${styles.row} ${styles.rankedRow}`}>
                <td className={styles.rank}>{i + 1}.</td>
                {columns.map((c, n) => (
                  <td
                    key={c.header}
                    className={n === 0 ? `${styles.td} ${styles.primary}` : styles.td}
                    data-label={c.header}
                  >
                    {c.cell(row)}
                  </td>
                ))}
                <td className={`${styles.td} ${styles.num}`} data-label="Točnost">
                  <span>
                    <span
                      className={styles.percent[tone ? TONE_BAND[tone] : colourBand(pct)]}
                      data-percent=""
                      data-tone={tone}
                    >
                      {formatPercent(pct)}
                    </span>
                    <span className={styles.answers} data-answers="">
                      {formatCount(row.correctAnswers)} od {formatCount(row.occurrences)}
                    </span>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
