import { type Counted, topList } from '../../lib/stats';
import { Card } from '../Card/Card';
import { type TopColumn, TopTable } from './TopTable';

/**
 * The two top-10 tables of one kind of item: highest percentage first and lowest first,
 * among items shown at least `minOccurrences` times.
 * Used by the public statistics page and the dashboard's 'Top liste'.
 */
export function TopListPair<T extends Counted>({
  items,
  minOccurrences,
  columns,
  rowKey,
  captions,
}: {
  items: T[];
  minOccurrences: number;
  columns: TopColumn<T>[];
  rowKey: (row: T) => string | number;
  captions: [easiest: string, hardest: string];
}) {
  return (
    <>
      <Card>
        <TopTable
          caption={captions[0]}
          columns={columns}
          rows={topList(items, 'easiest', minOccurrences)}
          rowKey={rowKey}
        />
      </Card>
      <Card>
        <TopTable
          caption={captions[1]}
          columns={columns}
          rows={topList(items, 'hardest', minOccurrences)}
          rowKey={rowKey}
        />
      </Card>
    </>
  );
}
