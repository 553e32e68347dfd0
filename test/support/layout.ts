/**
 * Layout checks measured in the browser: what a screenshot would show as overprinted or cut off.
 * Every table row's cells and texts are measured with their bounding boxes (texts through a Range,
 * so text that spills out of its cell is measured where it is painted).
 */
import type { Page } from 'playwright-core';

/**
 * Problems, as sentences (none: an empty list), on the page as it is laid out now:
 * - the page scrolls sideways;
 * - in a table row, two cells overlap, two cells' texts overlap, or a text spills out of its cell;
 * - a number (a count or a percentage cell, a statistics card's value) is not wholly inside the viewport;
 * - a statistics card's value spills out of its card.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width} px`);

    type Box = { left: number; right: number; top: number; bottom: number };
    const round = (b: Box) =>
      `[${Math.round(b.left)}–${Math.round(b.right)} × ${Math.round(b.top)}–${Math.round(b.bottom)}]`;
    // Half a pixel of tolerance for sub-pixel layout.
    const overlap = (a: Box, b: Box) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const inside = (a: Box, b: Box) =>
      a.left >= b.left - 0.5 &&
      a.right <= b.right + 0.5 &&
      a.top >= b.top - 0.5 &&
      a.bottom <= b.bottom + 0.5;
    /** Where an element's text is painted (the union of its text's line boxes), or null without text. */
    const textBox = (el: Element): Box | null => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) return null;
      return {
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
        top: Math.min(...rects.map((r) => r.top)),
        bottom: Math.max(...rects.map((r) => r.bottom)),
      };
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    const name = (el: Element) => (el.textContent ?? '').trim().slice(0, 40);
    const viewport: Box = { left: 0, right: width, top: -Infinity, bottom: Infinity };

    for (const table of document.querySelectorAll('main table')) {
      if (!visible(table) || table.closest('details:not([open])')) continue;
      const caption =
        table.querySelector('caption')?.textContent ?? table.getAttribute('aria-labelledby') ?? '';
      for (const row of table.querySelectorAll('tr')) {
        if (!visible(row)) continue;
        const cells = [...row.children].filter(visible);
        const boxes = cells.map((cell) => ({ cell, box: cell.getBoundingClientRect(), text: textBox(cell) }));
        for (const { cell, box, text } of boxes) {
          if (text && !inside(text, box))
            problems.push(
              `${caption}: text "${name(cell)}" ${round(text)} spills out of its cell ${round(box)}`,
            );
          const isNumber = cell.matches('.num, [data-percent]') || cell.querySelector('[data-percent]');
          if (isNumber && text && !inside(text, viewport))
            problems.push(
              `${caption}: number "${name(cell)}" ${round(text)} is not inside the viewport (${width} px)`,
            );
        }
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]!;
            const b = boxes[j]!;
            if (overlap(a.box, b.box))
              problems.push(`${caption}: cells "${name(a.cell)}" and "${name(b.cell)}" overlap`);
            if (a.text && b.text && overlap(a.text, b.text))
              problems.push(`${caption}: texts "${name(a.cell)}" and "${name(b.cell)}" overlap`);
          }
      }
    }
    for (const value of document.querySelectorAll('[data-stat]')) {
      const text = textBox(value);
      const card = value.parentElement!.getBoundingClientRect();
      if (text && !inside(text, card)) problems.push(`card value "${name(value)}" spills out of its card`);
      if (text && !inside(text, viewport))
        problems.push(`card value "${name(value)}" is not inside the viewport`);
    }
    return problems;
  });
}
