/**
 * `bun bench/player-speed.ts [binary]`: the quiz page as a phone meets it (issue 33), with Debian
 * chromium on loopback: 375×667, CPU 4× slower and DevTools' "Slow 4G" (562.5 ms latency,
 * 1.47 Mbit/s down, 0.68 Mbit/s up) through the DevTools protocol; median of 3 cold loads of
 * `/quiz?nova` (the 'Započni kviz' link):
 * - first contentful paint, and whether the first line was in the HTML (so in that paint);
 * - when the first line can be answered (the island has taken the play: it is in sessionStorage);
 * - the JavaScript the page loaded, gzip bytes as sent (plain HTTP: no brotli), and its files.
 * Without an argument it builds the binary into a temporary directory first.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../test/support/browser';
import { startServer } from './lib/server';

const root = resolve(import.meta.dir, '..');
const work = mkdtempSync(join(tmpdir(), 'kviz-player-speed-'));
let binary = process.argv[2];
if (!binary) {
  binary = join(work, 'kviz.bin');
  const built = Bun.spawnSync(['node_modules/.bin/bun', 'build.ts', binary], {
    cwd: root,
    stdout: 'inherit',
  });
  if (built.exitCode !== 0) process.exit(1);
}

const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const RUNS = 3;

interface Run {
  fcpMs: number;
  lineInHtml: boolean;
  clickableMs: number;
  jsGzipBytes: number;
  scripts: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startServer(binary, work);
const browser = await launchBrowser();
const runs: Run[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 667 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block', // a cold first visit
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const response = await page.goto('/quiz?nova', { waitUntil: 'commit' });
    const html = (await response?.text()) ?? '';
    await page.waitForFunction(
      () => {
        const play = JSON.parse(sessionStorage.getItem('kviz.quiz') ?? 'null') as {
          fetchedAt?: number;
        } | null;
        return Boolean(play?.fetchedAt);
      },
      undefined,
      { timeout: 60_000, polling: 16 },
    );
    // The moment the play was taken (Date.now() in the page) relative to the navigation's start.
    const measured = await page.evaluate(() => {
      const play = JSON.parse(sessionStorage.getItem('kviz.quiz') ?? 'null') as { fetchedAt: number };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js')) as PerformanceResourceTiming[];
      return {
        fcpMs: fcp,
        clickableMs: play.fetchedAt - performance.timeOrigin,
        jsGzipBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
        scripts: scripts.map((r) => `${new URL(r.name).pathname} ${r.encodedBodySize}`),
      };
    });
    runs.push({ ...measured, lineInHtml: /data-lyric[^>]*>[^<]+/.test(html) });
    console.log(`run ${i + 1}:`, JSON.stringify(runs.at(-1)));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  JSON.stringify(
    {
      fcpMs: Math.round(median(runs.map((r) => r.fcpMs))),
      clickableMs: Math.round(median(runs.map((r) => r.clickableMs))),
      lineInHtml: runs.every((r) => r.lineInHtml),
      jsGzipKB: +(median(runs.map((r) => r.jsGzipBytes)) / 1024).toFixed(1),
    },
    null,
    2,
  ),
);
