import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { type Column, SortableTable } from './SortableTable';

/** Issue 34, defect 4: counts in rows as in the totals, never-shown rows without a red 0 %. */
interface Row {
  id: number;
  name: string;
  occurrences: number;
  correctAnswers: number;
}
const columns: Column<Row>[] = [{ key: 'name', header: 'Stih', value: (r) => r.name }];

const render = (rows: Row[]) =>
  renderToStaticMarkup(
    <SortableTable
      caption="Statistika stihova"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      countHeaders={['Prikazano', 'Točno']}
      sort={{ column: null, direction: 'asc' }}
      onSort={() => {}}
      page={0}
      onPage={() => {}}
      pageSize={100}
      unshown="nije prikazan"
    />,
  );
/** The texts of the cells of each body row. */
const cells = (html: string) =>
  [...html.matchAll(/<tr class="[^"]*"><td[\s\S]*?<\/tr>/g)].map((row) =>
    [...row[0].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '')),
  );

describe('SortableTable', () => {
  test('counts are written with thousands separators in rows as in the totals row', () => {
    const html = render([{ id: 1, name: 'a', occurrences: 21_804, correctAnswers: 12_345 }]);
    expect(cells(html)[0]).toEqual(['a', '21.804', '12.345', '56,6%']);
    expect(html).toContain('>21.804</td>');
  });

  test("a row never shown has '—' and 'nije prikazan' as its percentage, no 0,0 %", () => {
    const html = render([
      { id: 1, name: 'shown', occurrences: 4, correctAnswers: 0 },
      { id: 2, name: 'never', occurrences: 0, correctAnswers: 0 },
    ]);
    const [shown, never] = cells(html);
    expect(shown!.at(-1)).toBe('0,0%');
    expect(never!.at(-1)).toBe('— nije prikazan');
  });
});
