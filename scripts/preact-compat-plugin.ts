/**
 * The player islands hydrate with Preact through `preact/compat` (docs/decisions/038-island-runtime.md):
 * the islands' code keeps importing `react`, and this plugin points those imports at Preact's
 * React-compatible modules in the browser build only. The server still renders with React.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BunPlugin } from 'bun';

const preact = dirname(createRequire(import.meta.url).resolve('preact/package.json'));
// The browser builds' files, the ones Preact's own `browser` export conditions name: Preact's
// modules import each other as `preact`, `preact/hooks`, `preact/compat`, which the bundler
// resolves to these same files, so the page has one Preact.
const compat = join(preact, 'compat/dist/compat.module.js');
const jsxRuntime = join(preact, 'jsx-runtime/dist/jsxRuntime.module.js');

/** React module → the preact/compat module that stands in for it. */
const aliases: Record<string, string> = {
  react: compat,
  'react-dom': compat,
  'react-dom/client': join(preact, 'compat/client.mjs'),
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxRuntime,
};

export const preactCompat: BunPlugin = {
  name: 'preact-compat',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
      const target = aliases[args.path];
      if (!target) throw new Error(`preact-compat: no Preact stand-in for ${args.path}`);
      return { path: target };
    });
  },
};
