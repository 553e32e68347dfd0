/**
 * vanilla-extract for Bun: `.css.ts` files become modules that export class
 * names; with `css: true` (the client build) each one also imports a virtual
 * `.vanilla.css` module whose CSS Bun's own CSS bundler collects.
 * The same compiler and root are used for the client build, the server build
 * and the runtime preload, so class names agree everywhere
 * (docs/decisions/008-pages-and-islands.md).
 */

import { type Compiler, createCompiler } from '@vanilla-extract/compiler';
import type { BunPlugin } from 'bun';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
let shared: Compiler | undefined;

function compiler(): Compiler {
  // Vite in middleware mode: otherwise it installs a SIGTERM listener that exits the process,
  // and `bun src/main.ts serve` would die in the middle of its graceful stop.
  shared ??= createCompiler({
    root,
    enableFileWatcher: false,
    identifiers: 'short',
    viteConfig: { server: { middlewareMode: true } },
  });
  return shared;
}

/** Ends the compiler's Vite server so a build script can exit. */
export async function closeVanillaExtract(): Promise<void> {
  await shared?.close();
  shared = undefined;
}

export function vanillaExtract({ css }: { css: boolean }): BunPlugin {
  return {
    name: 'vanilla-extract',
    setup(build) {
      build.onLoad({ filter: /\.css\.ts$/ }, async ({ path }) => ({
        contents: (await compiler().processVanillaFile(path, { outputCss: css })).source,
        loader: 'js',
      }));
      if (!css) return;
      build.onResolve({ filter: /\.vanilla\.css$/ }, ({ path }) => ({ path, namespace: 'vanilla-extract' }));
      build.onLoad({ filter: /.*/, namespace: 'vanilla-extract' }, ({ path }) => ({
        contents: compiler().getCssForFile(path.replace(/\.vanilla\.css$/, '')).css,
        loader: 'css',
      }));
    },
  };
}
