/**
 * `npm run build` → dist/kviz, one executable with the server, the migrations,
 * the demo catalogue and the API docs assets embedded.
 *
 * Flags (docs/decisions/005-single-binary.md): never --minify / --minify-identifiers /
 * --production — with renamed identifiers Elysia silently stops enforcing numeric
 * bounds on query and path params. NODE_ENV is defined explicitly, or React and
 * Elysia run their development builds.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { embeddedAssets } from './src/assets';

const outfile = process.argv[2] ?? 'dist/kviz';

rmSync(outfile, { force: true });
mkdirSync('dist', { recursive: true });

const started = performance.now();
const args = [
  'build',
  '--compile',
  '--minify-syntax',
  '--minify-whitespace',
  '--bytecode',
  '--format=esm',
  '--no-compile-autoload-dotenv',
  '--no-compile-autoload-bunfig',
  '--define',
  'process.env.NODE_ENV="production"',
  ...embeddedAssets.map((asset) => `--asset=${asset}`),
  'src/main.ts',
  '--outfile',
  outfile,
];
const result = Bun.spawnSync([process.execPath, ...args], { stdout: 'inherit', stderr: 'inherit' });
if (result.exitCode !== 0) {
  console.error(`build failed (bun build exited ${result.exitCode})`);
  process.exit(1);
}
const size = statSync(outfile).size;
console.log(
  `built ${outfile}: ${(size / 1024 / 1024).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
