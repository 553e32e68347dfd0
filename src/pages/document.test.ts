import { describe, expect, test } from 'bun:test';
import { escapeHtml } from './document';

describe('escapeHtml', () => {
  test.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['" onload="x', '&quot; onload=&quot;x'],
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['&lt; stays text', '&amp;lt; stays text'],
    ['Čćđšž Kviz znanja', 'Čćđšž Kviz znanja'],
  ])('%s', (input, escaped) => {
    expect(escapeHtml(input)).toBe(escaped);
  });
});
