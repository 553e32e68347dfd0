import { describe, expect, test } from 'bun:test';
import { serializeProps } from './serialize-props';

describe('serializeProps', () => {
  test.each([
    ['a closing script tag', { title: '</script><script>alert(1)</script>' }],
    ['a comment opener', { text: '<!-- x' }],
    ['U+2028 and U+2029', { text: 'line\u2028separator\u2029paragraph' }],
    ['nested values', { page: { title: '<b>', list: ['</SCRIPT>', '<!--', 1, null, true] } }],
  ])('%s round-trips through JSON.parse and leaves no "<" in the block', (_, props) => {
    const block = serializeProps(props);
    expect(block).not.toContain('<');
    expect(block).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(block)).toEqual(props);
  });
});
