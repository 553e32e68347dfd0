import { type Counted, topLists } from '../../lib/stats';
import { Card } from '../Card/Card';
import { type TopColumn, TopTable } from './TopTable';

/**
 * The two top-10 tables of one kind of item: highest percentage first and lowest first,
 * among items shown at least `minOccurrences` times, no item in both.
 * Used by the public statistics page and the dashboard's 'Top liste'.
 */
export function TopListPair<T extends Counted>({
  items,
  minOccurrences,
  columns,
  rowKey,
  captions,
  colourBy = 'band',
}: {
  items: T[];
  minOccurrences: number;
  columns: TopColumn<T>[];
  rowKey: (row: T) => string | number;
  captions: [easiest: string, hardest: string];
  /**
   * 'list': the easiest list's percentages green and the hardest's red, whatever their value (the
   * public statistics, docs/product.md#public-statistics); 'band': by the value's colour band.
   */
  colourBy?: 'list' | 'band';
}) {
  const { easiest, hardest } = topLists(items, minOccurrences);
  return (
    <>
      <Card>
        <TopTable
          caption={captions[0]}
          columns={columns}
          rows={easiest}
          rowKey={rowKey}
          {...(colourBy === 'list' ? { tone: 'easiest' as const } : {})}
        />
      </Card>
      <Card>
        <TopTable
          caption={captions[1]}
          columns={columns}
          rows={hardest}
          rowKey={rowKey}
          {...(colourBy === 'list' ? { tone: 'hardest' as const } : {})}
        />
      </Card>
    </>
  );
}
