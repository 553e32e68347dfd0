import { Fragment, memo, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { formatCount, formatPercent } from '../../lib/format';
import {
  type Counted,
  colourBand,
  pageOf,
  percentage,
  type SortState,
  sortRows,
  totals,
} from '../../lib/stats';
import * as styles from './Tables.css';

export interface Column<T> {
  key: string;
  header: string;
  /** The sort key of a row in this column. */
  value: (row: T) => string | number;
  render?: (row: T) => ReactNode;
  numeric?: boolean;
}

const icon = { none: '↕', asc: '▲', desc: '▼' } as const;

const cellClass = (column: Column<never>, index: number) =>
  [
    styles.td,
    column.numeric ? `${styles.num} ${styles.stat}` : styles.across,
    index === 0 ? styles.primary : !column.numeric && styles.title,
  ]
    .filter(Boolean)
    .join(' ');
const statCell = `${styles.td} ${styles.num} ${styles.stat}`;

/**
 * One row, memoized: sorting only reorders rows whose content does not change, so
 * React moves the existing DOM rows instead of re-rendering every cell.
 */
const Row = memo(function Row({
  row,
  columns,
  detail,
}: {
  row: Counted;
  columns: Column<Counted>[];
  /** An expandable detail of the row: its toggle's label and the id of its row, and whether it is open. */
  detail?: { label: string; id: string; open: boolean; onToggle: () => void };
}) {
  return (
    <tr className={`${styles.row} ${styles.statRow}`}>
      {columns.map((c, i) => (
        <td key={c.key} className={cellClass(c, i)} data-label={c.header}>
          {c.render ? c.render(row) : c.value(row)}
        </td>
      ))}
      {detail && (
        <td className={`${styles.td} ${styles.detailCell}`}>
          <button
            type="button"
            className={styles.detailButton}
            aria-expanded={detail.open}
            aria-controls={detail.id}
            onClick={detail.onToggle}
            data-detail-toggle=""
          >
            <span aria-hidden="true">{detail.open ? '▾' : '▸'}</span> {detail.label}
          </button>
        </td>
      )}
    </tr>
  );
});

/** The header row: every column sorts (the caller applies nextSort), the active one says its direction. */
function SortHead<T>({
  columns,
  column,
  direction,
  onSort,
  detail,
}: {
  columns: Column<T>[];
  column: string | null;
  direction: SortState<string>['direction'];
  onSort: (column: string) => void;
  /** The detail column's header, when rows have a detail. */
  detail: string | undefined;
}) {
  return (
    <thead className={styles.sortHead}>
      <tr className={styles.sortHeadRow}>
        {columns.map((c) => {
          const on = column === c.key;
          return (
            <th
              key={c.key}
              className={styles.sortTh}
              scope="col"
              aria-sort={on ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <button
                type="button"
                className={[
                  styles.sortButton,
                  c.numeric && styles.sortButtonNum,
                  on && styles.sortButtonActive,
                ]
                  .filter(Boolean)
                  .join(' ')}
                onClick={() => onSort(c.key)}
                data-sort={c.key}
              >
                {c.header}
                <span aria-hidden="true">{on ? icon[direction] : icon.none}</span>
              </button>
            </th>
          );
        })}
        {detail !== undefined && (
          <th className={`${styles.th} ${styles.detailHead}`} scope="col">
            {detail}
          </th>
        )}
      </tr>
    </thead>
  );
}

/** The pages of a long table: previous, next, and which rows of how many are shown. */
function Pager({
  caption,
  shown,
  total,
  onPage,
}: {
  caption: string;
  shown: ReturnType<typeof pageOf>;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className={styles.pager} aria-label={`${caption}: stranice`}>
      <button
        type="button"
        className={styles.pageButton}
        disabled={shown.index === 0}
        onClick={() => onPage(shown.index - 1)}
      >
        ← Prethodna
      </button>
      <span aria-live="polite" data-page="">
        Stranica {shown.index + 1} od {shown.pages} ({formatCount(shown.first + 1)}–
        {formatCount(shown.first + shown.rows.length)} od {formatCount(total)})
      </span>
      <button
        type="button"
        className={styles.pageButton}
        disabled={shown.index === shown.pages - 1}
        onClick={() => onPage(shown.index + 1)}
      >
        Sljedeća →
      </button>
    </nav>
  );
}

/** The table's own columns, then the two counts and the percentage every statistics table has. */
function withCountColumns<T extends Counted>(
  columns: Column<T>[],
  countHeaders: [string, string],
  unshown: string,
): Column<T>[] {
  return [
    ...columns,
    // Counts as the totals row writes them ('21.804'), not as bare digits.
    {
      key: 'occurrences',
      header: countHeaders[0],
      value: (r) => r.occurrences,
      numeric: true,
      render: (r) => formatCount(r.occurrences),
    },
    {
      key: 'correctAnswers',
      header: countHeaders[1],
      value: (r) => r.correctAnswers,
      numeric: true,
      render: (r) => formatCount(r.correctAnswers),
    },
    {
      key: 'percentage',
      header: 'Postotak',
      value: (r) => percentage(r),
      numeric: true,
      render: (r) => {
        // Never shown: no answers to take a share of, so no (red) 0 %.
        if (r.occurrences === 0)
          return (
            <span className={styles.unshown} data-unshown="">
              — <span className={styles.unshownNote}>{unshown}</span>
            </span>
          );
        const pct = percentage(r);
        return <span className={styles.percent[colourBand(pct)]}>{formatPercent(pct)}</span>;
      },
    },
  ];
}

/**
 * An admin statistics table: every header sorts (none → ascending, the same header toggles,
 * another header starts ascending), the computed percentage included; a totals row 'Ukupno'
 * over the rows given; percentages coloured by band; pages of `pageSize` rows.
 * Sort and page are the caller's (they live in the address), the rows come filtered.
 */
export function SortableTable<T extends Counted>({
  caption,
  columns,
  rows,
  rowKey,
  countHeaders,
  sort,
  onSort,
  page,
  onPage,
  pageSize,
  empty = 'Nema podataka.',
  unshown = 'nije prikazano',
  detail,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /**
   * Headers of the two count columns: each table names its counts its own way
   * (docs/product.md#admin-dashboard).
   */
  countHeaders: [occurrences: string, correct: string];
  sort: SortState<string>;
  /** A header was clicked: the caller applies nextSort and goes back to the first page. */
  onSort: (column: string) => void;
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  /** Shown instead of rows when there are none (e.g. nothing matches a search). */
  empty?: string;
  /** The percentage of a row never shown, after '—' ('nije prikazan' for a line). */
  unshown?: string;
  /** Each row's expandable detail ('Zamjene'): the toggle's label and the content, rendered when opened. */
  detail?: { label: string; render: (row: T) => ReactNode };
}) {
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());
  const toggle = useCallback(
    (key: string | number) =>
      setOpen((was) => {
        const next = new Set(was);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const allColumns = useMemo(
    () => withCountColumns(columns, countHeaders, unshown),
    [columns, countHeaders, unshown],
  );
  const byKey = useMemo(() => new Map(allColumns.map((c) => [c.key, c])), [allColumns]);
  // A sort by a column this table does not have (an old or edited link) leaves the rows unsorted.
  const column = sort.column && byKey.has(sort.column) ? sort.column : null;
  const { direction } = sort;
  const sorted = useMemo(
    () => sortRows(rows, { column, direction }, (row, key) => byKey.get(key)!.value(row)),
    [rows, column, direction, byKey],
  );
  const sum = useMemo(() => totals(rows), [rows]);
  // Pages of rows: re-laying-out all ~2,000 rows made every sort a visible pause in chromium
  // (docs/performance.md#figures-behind-code-comments); sorting and the totals still cover every row.
  const shown = pageOf(sorted, page, pageSize);
  // 'Sljedeća' under a long page of rows: the next page starts at the table's top, not where the
  // old one ended (the reader was left at the new page's last rows).
  const box = useRef<HTMLDivElement>(null);
  const turnPage = (next: number) => {
    onPage(next);
    requestAnimationFrame(() => {
      if (box.current && box.current.getBoundingClientRect().top < 0) box.current.scrollIntoView();
    });
  };

  return (
    <div className={detail ? styles.detailWrapper : styles.sortableWrapper} ref={box}>
      <table className={styles.table} data-sortable-table={caption}>
        <caption className={styles.caption}>{caption}</caption>
        <SortHead
          columns={allColumns}
          column={column}
          direction={direction}
          onSort={onSort}
          detail={detail?.label}
        />
        <tbody className={styles.body}>
          {shown.rows.length === 0 && (
            <tr>
              <td className={styles.empty} colSpan={allColumns.length + (detail ? 1 : 0)}>
                {empty}
              </td>
            </tr>
          )}
          {shown.rows.map((row) => {
            const key = rowKey(row);
            const columnsOfRow = allColumns as unknown as Column<Counted>[];
            if (!detail) return <Row key={key} row={row} columns={columnsOfRow} />;
            const id = `detail-${caption.replace(/\W+/g, '-')}-${key}`;
            const isOpen = open.has(key);
            return (
              <Fragment key={key}>
                <Row
                  row={row}
                  columns={columnsOfRow}
                  detail={{ label: detail.label, id, open: isOpen, onToggle: () => toggle(key) }}
                />
                {isOpen && (
                  <tr id={id} className={styles.detailRow}>
                    <td className={styles.detailContent} colSpan={allColumns.length + 1}>
                      {detail.render(row)}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
        <tfoot className={styles.foot}>
          <tr className={`${styles.totalRow} ${styles.statRow}`} data-totals="">
            <th className={`${styles.totalLabel} ${styles.across}`} scope="row" colSpan={columns.length}>
              Ukupno
            </th>
            <td className={statCell} data-label={countHeaders[0]}>
              {formatCount(sum.occurrences)}
            </td>
            <td className={statCell} data-label={countHeaders[1]}>
              {formatCount(sum.correctAnswers)}
            </td>
            <td className={statCell} data-label="Postotak">
              {formatPercent(sum.percentage)}
            </td>
            {detail && <td className={`${styles.td} ${styles.detailCell}`} />}
          </tr>
        </tfoot>
      </table>
      {shown.pages > 1 && <Pager caption={caption} shown={shown} total={sorted.length} onPage={turnPage} />}
    </div>
  );
}
