import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { Glob } from 'bun';

/**
 * What the build's rewrite of drizzle's driver (lazy-bun-sql-plugin.ts) relies on: no module of
 * the server imports a value from 'bun' (the build would hoist it and load Bun's PostgreSQL client
 * at every start, docs/decisions/027). dependency-cruiser cannot tell a type-only import of the
 * unresolvable 'bun' from a value one, so the source is read here.
 */
describe("imports from 'bun' in the server", () => {
  test('are type-only', () => {
    const root = new URL('..', import.meta.url).pathname;
    const valueImports: string[] = [];
    for (const file of new Glob('src/**/*.{ts,tsx}').scanSync(root)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const source = readFileSync(`${root}${file}`, 'utf8');
      for (const match of source.matchAll(/^import\s+(?!type\s)[^;]*?\sfrom\s+['"]bun['"]/gm))
        valueImports.push(`${file}: ${match[0].replace(/\s+/g, ' ')}`);
    }
    expect(valueImports).toEqual([]);
  });
});
