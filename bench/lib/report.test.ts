import { expect, test } from 'bun:test';
import { spliceResults } from './report';

test('a bench run replaces only the results of docs/performance.md, keeping what is written around them', () => {
  const existing = 'intro\n<!-- results -->\nold table\n<!-- /results -->\n\n## Why\nhand-written A/B\n';
  const rendered = 'head\n<!-- results -->\nnew table\n<!-- /results -->\n';
  expect(spliceResults(existing, rendered)).toBe(
    'intro\n<!-- results -->\nnew table\n<!-- /results -->\n\n## Why\nhand-written A/B\n',
  );
  // A file without the markers is replaced whole.
  expect(spliceResults('something else', rendered)).toBe(rendered);
});
