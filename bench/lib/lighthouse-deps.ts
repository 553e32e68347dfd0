/**
 * Lighthouse and chrome-launcher for `npm run bench:lighthouse`, installed on first use into
 * node_modules/.cache/kviz-bench-lighthouse/, outside the project's lockfile.
 *
 * They are not dev dependencies: Lighthouse 13 (and its puppeteer-core 25) declares Node.js
 * ≥ 22.19, so on the Node.js 20 the README names every `npm install` printed EBADENGINE
 * warnings for a tool nothing but this benchmark uses. The benchmark runs under Bun, so Bun
 * installs them (its installer checks no Node.js engines), pinned by bench/lighthouse-deps/
 * (package.json and bun.lock, installed frozen) and with no install scripts run: the project's
 * allow-list of install scripts (package.json `allowScripts`) stays the only one.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '../..');
const pinned = join(root, 'bench/lighthouse-deps');
const LIGHTHOUSE_CACHE = join(root, 'node_modules/.cache/kviz-bench-lighthouse');
const PINNED_FILES = ['package.json', 'bun.lock'];

/** What the benchmark uses of Lighthouse's API (lighthouse/types/externs). */
export type Lighthouse = (
  url: string,
  flags: { port: number; onlyCategories: string[]; logLevel: string; output: string },
) => Promise<
  | {
      lhr: {
        categories: Record<string, { score: number | null } | undefined>;
        audits: Record<string, { displayValue?: string } | undefined>;
      };
    }
  | undefined
>;

/** What the benchmark uses of chrome-launcher's API. */
export interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

const fingerprint = () =>
  String(Bun.hash(PINNED_FILES.map((f) => readFileSync(join(pinned, f), 'utf8')).join('\0')));

/** Installs the pinned packages when the cache lacks them or holds another pin. */
function ensureLighthouseDeps(): void {
  const stamp = join(LIGHTHOUSE_CACHE, '.installed');
  const wanted = fingerprint();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log(`installing Lighthouse for the benchmark (first use) into ${LIGHTHOUSE_CACHE}`);
  mkdirSync(LIGHTHOUSE_CACHE, { recursive: true });
  for (const file of PINNED_FILES) cpSync(join(pinned, file), join(LIGHTHOUSE_CACHE, file));
  const install = Bun.spawnSync(
    [process.execPath, 'install', '--frozen-lockfile', '--ignore-scripts', '--no-progress'],
    { cwd: LIGHTHOUSE_CACHE, stdout: 'inherit', stderr: 'inherit' },
  );
  if (install.exitCode !== 0) throw new Error(`installing Lighthouse into ${LIGHTHOUSE_CACHE} failed`);
  writeFileSync(stamp, wanted);
}

/** The two modules, from the cache (installed first when needed). */
export async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; chromeLauncher: ChromeLauncher }> {
  ensureLighthouseDeps();
  // Resolved from the cache folder, not from the project (which no longer has them).
  const [lighthouse, chromeLauncher] = await Promise.all([
    import(Bun.resolveSync('lighthouse', LIGHTHOUSE_CACHE)),
    import(Bun.resolveSync('chrome-launcher', LIGHTHOUSE_CACHE)),
  ]);
  return { lighthouse: lighthouse.default as Lighthouse, chromeLauncher: chromeLauncher as ChromeLauncher };
}
