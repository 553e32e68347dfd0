import type { BunPlugin } from 'bun';

/**
 * The server build's rewrite of drizzle's `bun-sql` driver (docs/decisions/027): its
 * `import { SQL } from "bun"` is hoisted to the top of the single-file binary, so Bun's
 * PostgreSQL client (`bun:sql`) was loaded at every start, on SQLite too: time and memory for
 * nothing (docs/decisions/027, docs/performance.md#figures-behind-code-comments).
 * Read from the `Bun` global instead, the client loads only when the PostgreSQL engine's
 * modules are (they are imported dynamically, src/storage/sqlite/runtime.ts). The build fails if drizzle no
 * longer has the line, and (build.ts asks `lazyBunSqlRewrites`) if the driver was never seen —
 * rather than silently loading the client again.
 */
const IMPORT = 'import { SQL } from "bun";';
let rewrites = 0;

/** How many times the driver was rewritten in this process: 0 after a server build is a failure. */
export const lazyBunSqlRewrites = () => rewrites;

export const lazyBunSql: BunPlugin = {
  name: 'lazy-bun-sql',
  setup(build) {
    build.onLoad({ filter: /drizzle-orm[\\/]bun-sql[\\/]driver\.js$/ }, async ({ path }) => {
      const text = await Bun.file(path).text();
      if (!text.includes(IMPORT)) throw new Error(`lazy-bun-sql: ${path} no longer has ${IMPORT}`);
      rewrites++;
      return { contents: text.replace(IMPORT, 'const SQL = Bun.SQL;'), loader: 'js' };
    });
  },
};
