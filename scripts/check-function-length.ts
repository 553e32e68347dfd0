/**
 * Fails `npm run check` when a function in the product code is longer than 150 lines.
 *
 * Why: a factory that grows into an object of twenty inner functions is a class in disguise
 * (STYLE.md point 12); a limit the build enforces keeps each part small enough to read on a screen.
 * The TypeScript compiler API parses each file (no type checking, so the whole walk takes a moment)
 * and every function-like node is measured from its first to its last line, inner functions
 * included in their parent's length. Tests and generated migrations are not product code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 150;

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

const ROOTS = ['src', 'web'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'migrations', 'pg-migrations']);

function isProductSource(name: string): boolean {
  return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');
}

function listSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) files.push(...listSources(path));
    } else if (entry.isFile() && isProductSource(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

function describe(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return '(anonymous)';
}

/** Every function-like node of one file's text longer than `maxLines` lines. */
export function findLongFunctions(
  fileName: string,
  text: string,
  maxLines: number = MAX_FUNCTION_LINES,
): LongFunction[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines)
        found.push({ file: fileName, line: first + 1, name: describe(fn, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every product function over the limit under the given roots, longest first. */
export function checkTree(root: string, roots: string[] = ROOTS): LongFunction[] {
  const found: LongFunction[] = [];
  for (const dir of roots) {
    for (const path of listSources(join(root, dir))) {
      found.push(...findLongFunctions(relative(root, path), readFileSync(path, 'utf8')));
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

if (import.meta.main) {
  const found = checkTree(process.cwd());
  for (const fn of found) {
    console.error(
      `${fn.file}:${fn.line} ${fn.name} is ${fn.lines} lines long (at most ${MAX_FUNCTION_LINES}); split it by concern`,
    );
  }
  if (found.length > 0) process.exit(1);
  console.log(
    `function length: no function under ${ROOTS.join(', ')} is longer than ${MAX_FUNCTION_LINES} lines`,
  );
}
