import { describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTree, findLongFunctions, MAX_FUNCTION_LINES } from './check-function-length.ts';

/** A function whose text spans exactly `lines` lines, its first and last included. */
function functionOf(lines: number, open: string, close = '}'): string {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`);
  return [open, ...body, close].join('\n');
}

describe('check-function-length', () => {
  test('the limit is 150 lines', () => {
    expect(MAX_FUNCTION_LINES).toBe(150);
  });

  test('flags a 151-line function declaration and passes a 150-line one', () => {
    const long = functionOf(151, 'export function tooLong() {');
    const fits = functionOf(150, 'export function fits() {');
    expect(findLongFunctions('a.ts', `// header\n${long}\n`)).toEqual([
      { file: 'a.ts', line: 2, name: 'tooLong', lines: 151 },
    ]);
    expect(findLongFunctions('b.ts', `// header\n${fits}\n`)).toEqual([]);
  });

  test('flags arrow functions, function expressions, methods and TSX components', () => {
    const text = [
      functionOf(151, 'const arrow = () => {', '};'),
      functionOf(151, 'const expression = function () {', '};'),
      functionOf(151, 'class Store {\n  method() {', '  }\n}'),
      functionOf(151, 'export function Island() {', '  return <div />;\n}'),
    ].join('\n');
    const names = findLongFunctions('c.tsx', text).map((fn) => [fn.name, fn.lines]);
    expect(names).toEqual([
      ['arrow', 151],
      ['expression', 151],
      ['method', 151],
      ['Island', 152],
    ]);
  });

  test('an inner function counts in its factory: the factory is flagged, the short inner one is not', () => {
    const inner = functionOf(10, '  function inner() {', '  }');
    const filler = functionOf(141, '  const object = {', '  };');
    const text = `export function factory() {\n${inner}\n${filler}\n  return { inner, object };\n}`;
    const found = findLongFunctions('d.ts', text);
    expect(found.map((fn) => [fn.name, fn.lines])).toEqual([['factory', 154]]);
  });

  test('walks src and web, skipping tests and generated migrations', () => {
    const root = mkdtempSync(join(tmpdir(), 'fnlen-'));
    try {
      for (const dir of ['src/a', 'web/b', 'src/storage/sqlite/migrations'])
        mkdirSync(join(root, dir), { recursive: true });
      const long = functionOf(151, 'export function long() {');
      writeFileSync(join(root, 'src/a/store.ts'), long);
      writeFileSync(join(root, 'src/a/store.test.ts'), long);
      writeFileSync(join(root, 'web/b/View.tsx'), functionOf(160, 'export function View() {'));
      writeFileSync(join(root, 'web/b/Short.tsx'), functionOf(150, 'export function Short() {'));
      writeFileSync(join(root, 'src/storage/sqlite/migrations/0000.ts'), long);
      expect(checkTree(root).map((fn) => `${fn.file}:${fn.line} ${fn.lines}`)).toEqual([
        'web/b/View.tsx:1 160',
        'src/a/store.ts:1 151',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
