/**
 * Comments point at sections of docs/product.md (`docs/product.md#rating-bands`) instead of
 * documents outside the repository: every such pointer must name a heading that exists, so
 * renaming a section without its links fails here rather than leaving readers at a dead anchor.
 */
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dir, '..');
const SCANNED = ['src', 'web', 'test', 'bench', 'scripts', 'docs', 'README.md'];
const TEXT = /\.(ts|tsx|mjs|js|md)$/;

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return TEXT.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) =>
    name === 'node_modules' || name.startsWith('.') ? [] : filesUnder(join(path, name)),
  );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const product = readFileSync(join(root, 'docs', 'product.md'), 'utf8');
const anchors = new Set(
  product
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => anchorOf(line.replace(/^#+ /, ''))),
);

/** Every `product.md#<section>` (inside product.md also `(#<section>)`) with the file it is in. */
function pointers(): { file: string; anchor: string }[] {
  return SCANNED.flatMap((top) => filesUnder(join(root, top))).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const found = [...text.matchAll(/product\.md#([\w-]+)/g)].map((m) => m[1]!);
    if (file.endsWith(join('docs', 'product.md')))
      found.push(...[...text.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => m[1]!));
    return found.map((anchor) => ({ file: relative(root, file), anchor }));
  });
}

/** A section sign after "spec" or "DESIGN.md", written as an escape so that this file does not match itself. */
const OUTSIDE_SECTION = /(spec|DESIGN(\.md)?) \u00a7/i;

describe('docs/product.md anchors', () => {
  test('anchors are made as GitHub makes them', () => {
    expect(anchorOf('Texts that must stay exact')).toBe('texts-that-must-stay-exact');
    expect(anchorOf('Admin sign-in')).toBe('admin-sign-in');
    expect(anchorOf('Percentages and colours')).toBe('percentages-and-colours');
  });

  test('every pointer at a section of docs/product.md names a heading that exists', () => {
    const found = pointers();
    expect(found.length).toBeGreaterThan(40);
    expect(found.filter((p) => !anchors.has(p.anchor))).toEqual([]);
  });

  test('no code comment cites a section of a document outside the repository', () => {
    const cited = SCANNED.filter((top) => !['docs', 'README.md'].includes(top))
      .flatMap((top) => filesUnder(join(root, top)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${relative(root, file)}:${i + 1}`, line }))
          .filter(({ line }) => OUTSIDE_SECTION.test(line)),
      )
      .map(({ at }) => at);
    expect(cited).toEqual([]);
  });
});
