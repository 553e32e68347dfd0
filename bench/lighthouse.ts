/**
 * `npm run bench:lighthouse`: the measurements that need a browser, with Debian's
 * chromium against the built binary on loopback, offline:
 * - Lighthouse performance scores of `/`, `/quiz` and `/statistics` (Lighthouse's
 *   default: mobile, simulated slow 4G and a 4× slower CPU);
 * - the time to sort the 2,002-row lyric table of the admin dashboard.
 * Writes bench/results/lighthouse.json; `npm run bench` puts it in docs/performance.md.
 * Lighthouse and chrome-launcher are installed on first use into node_modules/.cache/
 * (bench/lib/lighthouse-deps.ts), pinned by bench/lighthouse-deps/.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../test/support/browser';
import { loadLighthouse } from './lib/lighthouse-deps';
import { startServer } from './lib/server';

const root = resolve(import.meta.dir, '..');
// Not dev dependencies (they declare Node.js ≥ 22): installed on first use (bench/lib/lighthouse-deps.ts).
const { lighthouse, chromeLauncher } = await loadLighthouse();
const work = mkdtempSync(join(tmpdir(), 'kviz-lighthouse-'));
const binary = join(work, 'kviz.bin');
const built = Bun.spawnSync(['node_modules/.bin/bun', 'build.ts', binary], {
  cwd: root,
  stdout: 'inherit',
  stderr: 'inherit',
});
if (built.exitCode !== 0) process.exit(1);

const server = await startServer(binary, work);
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const scores: Record<string, number> = {};
const details: Record<string, Record<string, string | undefined>> = {};
try {
  for (const page of ['/', '/quiz', '/statistics']) {
    const result = await lighthouse(`${server.url}${page}`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
    });
    if (!result) throw new Error(`no Lighthouse result for ${page}`);
    const lhr = result.lhr;
    scores[page] = lhr.categories.performance?.score ?? 0;
    details[page] = Object.fromEntries(
      [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ].map((id) => [id, lhr.audits[id]?.displayValue]),
    );
    console.log(`${page}: ${scores[page]!.toFixed(2)}`, details[page]);
  }
} finally {
  chrome.kill();
}

/** Click to re-rendered table: React re-renders synchronously on a click; the next frame shows it. */
async function lyricSortTimes(): Promise<number[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ baseURL: server.url });
    await page.goto('/admin');
    await page.getByLabel('Korisničko ime').fill('admin');
    await page.getByLabel('Lozinka').fill('bench-password-1');
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await page.getByRole('tab', { name: 'Statistika stihova' }).click();
    await page.locator('[data-page]').waitFor(); // the table is loaded (2,002 rows, shown 100 a page)
    const times: number[] = [];
    for (const column of ['percentage', 'percentage', 'text', 'occurrences', 'song', 'percentage', 'text']) {
      times.push(
        await page.evaluate(
          (key) =>
            new Promise<number>((resolve) => {
              const started = performance.now();
              (document.querySelector(`[data-sort="${key}"]`) as HTMLButtonElement).click();
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
            }),
          column,
        ),
      );
    }
    return times;
  } finally {
    await browser.close();
  }
}

const sortMs = await lyricSortTimes();
await server.stop();
const medianSortMs = [...sortMs].sort((a, b) => a - b)[Math.floor(sortMs.length / 2)]!;
console.log(
  `lyric table (2,002 rows) sort, click to next frame: median ${medianSortMs.toFixed(0)} ms of ${sortMs.map((t) => t.toFixed(0)).join(', ')}`,
);
writeFileSync(
  join(root, 'bench/results/lighthouse.json'),
  `${JSON.stringify({ date: new Date().toISOString(), scores, details, lyricSortMs: { median: medianSortMs, samples: sortMs } }, null, 2)}\n`,
);
