import type { BunPlugin } from 'bun';

/**
 * The server build's rewrite of drizzle's `bun-sql` driver (docs/decisions/027): its
 * `import { SQL } from "bun"` is hoisted to the top of the single-file binary, so Bun's
 * PostgreSQL client (`bun:sql`, ~4 ms and ~1 MiB) was loaded at every start, on SQLite too.
 * Read from the `Bun` global instead, the client loads only when the PostgreSQL engine's
 * modules are (they are imported dynamically, src/runtime.ts). Fails the build if drizzle no
 * longer has the line, rather than silently loading it again.
 */
const IMPORT = 'import { SQL } from "bun";';

export const lazyBunSql: BunPlugin = {
  name: 'lazy-bun-sql',
  setup(build) {
    build.onLoad({ filter: /drizzle-orm[\\/]bun-sql[\\/]driver\.js$/ }, async ({ path }) => {
      const text = await Bun.file(path).text();
      if (!text.includes(IMPORT)) throw new Error(`lazy-bun-sql: ${path} no longer has ${IMPORT}`);
      return { contents: text.replace(IMPORT, 'const SQL = Bun.SQL;'), loader: 'js' };
    });
  },
};
