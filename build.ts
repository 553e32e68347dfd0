/**
 * `npm run build` → dist/client (hashed, precompressed browser assets and their
 * manifest) and dist/kviz, one executable with the server, the migrations, the
 * demo catalogue, the API docs and dist/client embedded.
 * `bun build.ts --client` builds only the browser assets (used by `npm start`).
 *
 * Server flags (docs/decisions/005-single-binary.md): never minify identifiers —
 * with renamed identifiers Elysia silently stops enforcing numeric bounds on
 * query parameters. NODE_ENV is defined explicitly, or React and Elysia run
 * their development builds.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lazyBunSql, lazyBunSqlRewrites } from './scripts/lazy-bun-sql-plugin';
import { preactCompat } from './scripts/preact-compat-plugin';
import { renderShareImages } from './scripts/share-images';
import { closeVanillaExtract, vanillaExtract } from './scripts/vanilla-extract-plugin';
import { embeddedAssets } from './src/assets';
import type { ClientManifest } from './src/pages/client-assets';
import { WORKER_SOURCES } from './src/storage/sqlite/writer/entry';
import { islands, pageScript } from './web/islands/registry';

const root = import.meta.dir;
const clientOut = join(root, 'dist/client');
const production = { 'process.env.NODE_ENV': '"production"' };

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(dir, name))
    .sort();
}

function check(result: Awaited<ReturnType<typeof Bun.build>>, what: string) {
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error(`${what} build failed`);
  }
  return result;
}

/** One site-wide stylesheet from every `.css.ts` file: the theme first, then the rest. */
async function buildStyles(): Promise<string> {
  const styleFiles = filesUnder(join(root, 'web'), '.css.ts');
  const first = ['web/styles/theme.css.ts', 'web/styles/global.css.ts'].map((f) => join(root, f));
  const ordered = [...first, ...styleFiles.filter((f) => !first.includes(f))];
  const entry = join(root, 'dist/.build/site.ts');
  mkdirSync(join(root, 'dist/.build'), { recursive: true });
  // uPlot's own small stylesheet rides along; its script is loaded by the dashboard only.
  const imports = [...ordered, join(root, 'node_modules/uplot/dist/uPlot.min.css')];
  writeFileSync(entry, imports.map((f) => `import ${JSON.stringify(f)};`).join('\n'));
  const result = check(
    await Bun.build({
      entrypoints: [entry],
      outdir: clientOut,
      target: 'browser',
      minify: true,
      naming: { entry: '[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
      plugins: [vanillaExtract({ css: true })],
    }),
    'stylesheet',
  );
  const css = result.outputs.find((o) => o.path.endsWith('.css'));
  if (!css) throw new Error('the stylesheet build produced no CSS');
  for (const o of result.outputs) if (!o.path.endsWith('.css')) rmSync(o.path); // the entry's empty JS
  return `/assets/${basename(css.path)}`;
}

/**
 * One generated entry per island of web/islands/registry.ts, hydrating the island's component
 * under its name; the build fails if the island's module is missing or does not export it.
 */
async function islandEntries(): Promise<Record<string, string>> {
  const dir = join(root, 'dist/.build/islands');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entries: Record<string, string> = {};
  for (const [name, { module, component }] of Object.entries(islands)) {
    const path = join(root, module);
    const exports: Record<string, unknown> = await import(path).catch((error: unknown) => {
      throw new Error(`island ${name}: cannot load ${module} (${error})`, { cause: error });
    });
    const exported = Object.keys(exports).find((key) => exports[key] === component);
    if (!exported) throw new Error(`island ${name}: ${module} does not export the island's component`);
    const entry = join(dir, `${name}.ts`);
    writeFileSync(
      entry,
      [
        `import { hydrateIsland } from ${JSON.stringify(join(root, 'web/islands/hydrate.tsx'))};`,
        `import { ${exported} } from ${JSON.stringify(path)};`,
        `hydrateIsland(${JSON.stringify(name)}, ${exported});`,
      ].join('\n'),
    );
    entries[name] = entry;
  }
  return entries;
}

/** Client entries: one per island, plus the small script every page loads. */
async function clientEntries(): Promise<Record<string, string>> {
  const entries = await islandEntries();
  if (pageScript.name in entries) throw new Error(`an island may not be named ${pageScript.name}`);
  return { [pageScript.name]: join(root, pageScript.module), ...entries };
}

/**
 * The islands that hydrate with React itself; every other entry is built with preact/compat
 * (docs/decisions/038-island-runtime.md). The dashboard relies on React's `useId` (ids that must
 * equal the server's) and `useSyncExternalStore`'s server snapshot, which preact/compat does not
 * reproduce; the sign-in goes with it: only the operator downloads either.
 */
const hydratesWithReact = new Set(['dashboard', 'admin-login']);

async function buildScripts(): Promise<ClientManifest['entries']> {
  const sources = await clientEntries();
  // One build per entry (docs/decisions/032): a page loads its entry as one file (plus what it
  // imports later with `import()`), not a dozen shared chunks — on a phone's connection every
  // further request waits for a free connection and a round trip (562 ms on slow 4G), which cost
  // the quiz page more than React's bytes do. Code shared by two pages is sent to each; the service
  // worker keeps every player page's files after the first visit.
  const outputs: Awaited<ReturnType<typeof Bun.build>>['outputs'][number][] = [];
  for (const [name, source] of Object.entries(sources)) {
    const result = check(
      await Bun.build({
        entrypoints: [source],
        outdir: clientOut,
        target: 'browser',
        format: 'esm',
        splitting: true,
        minify: true,
        define: production,
        naming: { entry: '[name]-[hash].[ext]', chunk: 'chunk-[hash].[ext]', asset: '[name]-[hash].[ext]' },
        plugins: [vanillaExtract({ css: false }), ...(hydratesWithReact.has(name) ? [] : [preactCompat])],
      }),
      `client script ${name}`,
    );
    outputs.push(...result.outputs);
  }
  const result = { outputs };
  const byFile = new Map(result.outputs.map((o) => [basename(o.path), o.path]));
  /** Every chunk an output imports, directly or not (for modulepreload). */
  const importsOf = (file: string, seen = new Set<string>()): string[] => {
    const code = readFileSync(byFile.get(file)!, 'utf8');
    for (const [, dep] of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+)["']/g)) {
      if (dep && !seen.has(dep) && byFile.has(dep)) {
        seen.add(dep);
        importsOf(dep, seen);
      }
    }
    return [...seen];
  };
  const entries: ClientManifest['entries'] = {};
  for (const [name, source] of Object.entries(sources)) {
    const stem = basename(source).replace(/\.tsx?$/, '');
    const output = result.outputs.find(
      (o) => o.kind === 'entry-point' && basename(o.path).replace(/-[a-z0-9]+\.js$/, '') === stem,
    );
    if (!output) throw new Error(`no output for client entry ${name}`);
    const file = basename(output.path);
    const imports = importsOf(file);
    // Chunks the entry or its imports fetch later (`import("./x")`): the service worker keeps them too.
    const lazy = new Set<string>();
    for (const loaded of [file, ...imports])
      for (const [, dep] of readFileSync(byFile.get(loaded)!, 'utf8').matchAll(
        /import\(\s*["']\.\/([^"']+)["']\s*\)/g,
      ))
        if (dep && byFile.has(dep))
          for (const f of [dep, ...importsOf(dep)]) if (!imports.includes(f)) lazy.add(f);
    entries[name] = {
      file: `/assets/${file}`,
      imports: imports.map((f) => `/assets/${f}`),
      ...(lazy.size > 0 ? { lazy: [...lazy].map((f) => `/assets/${f}`) } : {}),
    };
  }
  return entries;
}

/** .br and .gz beside every text asset, so the server never compresses at request time. */
function precompress(dir: string) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg)$/.test(name)) continue;
    const data = readFileSync(join(dir, name));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(data, { level: 9 }));
    writeFileSync(
      join(dir, `${name}.br`),
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/** The share preview images (scripts/share-images.tsx) of the embedded catalogue's artist. */
async function buildShareImages(): Promise<NonNullable<ClientManifest['shareImages']>> {
  const { artist } = JSON.parse(readFileSync(join(root, 'data/catalogue.json'), 'utf8')) as {
    artist: string;
  };
  const set = await renderShareImages(clientOut, artist, join(root, 'dist/.cache/share-images'));
  const url = (name: string) => `/assets/${name}`;
  const urls = (pages: typeof set.pages) => ({
    start: url(pages.start),
    statistics: url(pages.statistics),
    daily: url(pages.daily),
  });
  return {
    artist,
    scores: set.scores.map(url),
    generic: set.generic.map(url),
    pages: urls(set.pages),
    genericPages: urls(set.genericPages),
  };
}

export async function buildClient(): Promise<ClientManifest> {
  rmSync(clientOut, { recursive: true, force: true });
  mkdirSync(clientOut, { recursive: true });
  const manifest: ClientManifest = {
    css: [await buildStyles()],
    entries: await buildScripts(),
    shareImages: await buildShareImages(),
  };
  writeFileSync(join(clientOut, 'manifest.json'), JSON.stringify(manifest, null, 2));
  precompress(clientOut);
  return manifest;
}

async function buildServer(outfile: string) {
  rmSync(outfile, { force: true });
  mkdirSync(resolve(outfile, '..'), { recursive: true });
  check(
    await Bun.build({
      // The SQLite writer's and checkpointer's Workers are entry points too: Bun embeds a worker's
      // file only when it is listed (docs/decisions/035, 042; src/storage/sqlite/writer/entry.ts
      // finds them inside).
      entrypoints: [join(root, 'src/binary.ts'), ...Object.values(WORKER_SOURCES).map((s) => join(root, s))],
      target: 'bun',
      format: 'esm',
      bytecode: true,
      minify: { syntax: true, whitespace: true, identifiers: false },
      define: production,
      plugins: [vanillaExtract({ css: false }), lazyBunSql],
      compile: {
        outfile,
        assets: embeddedAssets.map((asset) => relative(process.cwd(), join(root, asset))),
        autoloadDotenv: false,
        autoloadBunfig: false,
      },
    }),
    'server',
  );
  if (lazyBunSqlRewrites() === 0)
    throw new Error("lazy-bun-sql: drizzle's bun-sql driver was not rewritten (moved or renamed?)");
}

if (import.meta.main) {
  const started = performance.now();
  try {
    const manifest = await buildClient();
    console.log(
      `built dist/client: ${manifest.css.length} stylesheet, ${Object.keys(manifest.entries).length} entries`,
    );
    if (!process.argv.includes('--client')) {
      const outfile = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'dist/kviz';
      await buildServer(outfile);
      console.log(`built ${outfile}: ${(statSync(outfile).size / 1024 / 1024).toFixed(1)} MiB`);
    }
    console.log(`in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await closeVanillaExtract();
  }
}
