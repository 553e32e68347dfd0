/**
 * Comments point at sections of the repository's documents (`docs/product.md#rating-bands`,
 * `docs/performance.md#figures-behind-code-comments`) instead of documents outside it: every such
 * pointer must name a heading that exists, so renaming a section without its links fails here
 * rather than leaving readers at a dead anchor.
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

/** The anchors of a markdown file's headings. */
const anchorsOf = (file: string) =>
  new Set(
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ''))),
  );

/**
 * Every `docs/<file>.md#<section>` (inside docs/product.md also `(#<section>)`) with the file it
 * is in.
 */
function pointers(): { file: string; doc: string; anchor: string }[] {
  return SCANNED.flatMap((top) => filesUnder(join(root, top))).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const found = [...text.matchAll(/(docs\/[\w./-]+\.md)#([\w-]+)/g)].map((m) => ({
      doc: m[1]!,
      anchor: m[2]!,
    }));
    if (file.endsWith(join('docs', 'product.md')))
      found.push(
        ...[...text.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => ({ doc: 'docs/product.md', anchor: m[1]! })),
      );
    return found.map((p) => ({ file: relative(root, file), ...p }));
  });
}

/** A section sign after "spec" or "DESIGN.md", written as an escape so that this file does not match itself. */
const OUTSIDE_SECTION = /(spec|DESIGN(\.md)?) \u00a7/i;

describe('pointers at sections of docs/', () => {
  test('anchors are made as GitHub makes them', () => {
    expect(anchorOf('Texts that must stay exact')).toBe('texts-that-must-stay-exact');
    expect(anchorOf('Admin sign-in')).toBe('admin-sign-in');
    expect(anchorOf('Percentages and colours')).toBe('percentages-and-colours');
  });

  test('every pointer at a section of a document in docs/ names a heading that exists', () => {
    const found = pointers();
    expect(found.filter((p) => p.doc === 'docs/product.md').length).toBeGreaterThan(40);
    expect(found.filter((p) => p.doc === 'docs/performance.md').length).toBeGreaterThan(10);
    const anchors = new Map<string, Set<string>>();
    const missing = found.filter((p) => {
      if (!anchors.has(p.doc)) anchors.set(p.doc, anchorsOf(p.doc));
      return !anchors.get(p.doc)!.has(p.anchor);
    });
    expect(missing).toEqual([]);
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
