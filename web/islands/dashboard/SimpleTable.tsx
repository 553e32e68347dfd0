import type { ReactNode } from 'react';
import * as tables from '../../components/Tables/Tables.css';

export interface SimpleColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/**
 * A small table of a dashboard view (devices, rating bands, confusions): columns size to content,
 * and in a narrow box each row becomes a card of 'label: value' lines, as the statistics tables do.
 */
export function SimpleTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty = 'Nema podataka za odabrano razdoblje.',
  testId,
}: {
  caption: ReactNode;
  columns: SimpleColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  empty?: string;
  testId: string;
}) {
  return (
    <div className={tables.topWrapper}>
      <table className={tables.table} data-view-table={testId}>
        <caption className={tables.caption}>{caption}</caption>
        <thead className={tables.topHead}>
          <tr>
            {columns.map((c) => (
              <th key={c.header} className={c.numeric ? `${tables.th} ${tables.num}` : tables.th} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={tables.body}>
          {rows.length === 0 && (
            <tr>
              <td className={tables.empty} colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)} className={tables.row}>
              {columns.map((c, n) => (
                <td
                  key={c.header}
                  className={[tables.td, c.numeric && tables.num, n === 0 && tables.primary]
                    .filter(Boolean)
                    .join(' ')}
                  data-label={c.header}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
