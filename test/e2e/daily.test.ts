/**
 * The daily challenge as a player meets it over several days (docs/decisions/021):
 * the app built from the sources with the client of the test build, served on 127.0.0.1 with
 * an injected clock (the binary runs on the real clock, and a streak needs days to pass), and
 * Debian chromium with its clock set to the same instant.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'bun';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadClientAssets } from '../../src/pages/client-assets';
import { closeDb } from '../../src/storage/sqlite/client';
import { buildBinary } from '../support/binary';
import { answerDailyLines, launchBrowser, seriousViolations, watchConsole } from '../support/browser';
import { createFileDb } from '../support/file-db';
import { createTestAppOver, type TestApp } from '../support/fixtures';
import { answerQuiz, type FetchedQuiz, submit } from '../support/play';

setDefaultTimeout(120_000);

let app: TestApp;
let server: Server<undefined>;
let browser: Browser;
let url: string;
/** The database's temporary directory, removed after the server stopped. */
let dir: string | undefined;
/** Set DAILY_SCREENSHOTS=dir to keep screenshots of every state at 1280, 375 and 320 px, light and dark. */
const shots = process.env.DAILY_SCREENSHOTS;

beforeAll(async () => {
  await buildBinary(); // builds dist/client too
  const assets = loadClientAssets();
  if (!assets) throw new Error('no client build');
  dir = mkdtempSync(join(tmpdir(), 'kviz-daily-e2e-'));
  const path = join(dir, 'kviz.db');
  app = await createTestAppOver(createFileDb(path), { assets });
  app.clock.ms = Date.UTC(2025, 3, 15, 10, 0, 0); // 12:00 in Zagreb
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => app.app.handle(request) });
  url = `http://127.0.0.1:${server.port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop(true);
  if (app) closeDb(app.db);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const DAY_MS = 86_400_000;

async function newPage(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({
    baseURL: url,
    permissions: ['clipboard-read', 'clipboard-write'],
    ...options,
  });
  await context.clock.setSystemTime(app.clock.ms);
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

/** Moves the server and the browser to `days` later, same time of day. */
async function nextDay(context: BrowserContext, days = 1) {
  app.clock.ms += days * DAY_MS;
  await context.clock.setSystemTime(app.clock.ms);
}

/** Plays the daily challenge on screen: line i right when `right(i)`. */
async function playDaily(page: Page, right: (line: number) => boolean) {
  await page.locator('[data-daily-start]').click();
  await answerDailyLines(page, right);
}

async function screenshots(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 375, 320]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 700 });
      await page.screenshot({ path: join(shots, `${name}-${width}-${scheme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the daily challenge over three days', () => {
  test('play, see the result, the streak and the countdown, copy the share text, come back to the finished state', async () => {
    const { context, page, problems } = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Dnevni izazov' }).click();
    await page.waitForURL('**/dnevni-izazov');
    await expect(page.locator('[data-daily-intro]').textContent()).resolves.toContain('Dnevni izazov #1');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'intro');

    // Day 1: 20 of 30.
    await page.locator('[data-daily-start]').waitFor();
    const started = page.locator('[data-daily-start]');
    await started.click();
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    await screenshots(page, 'playing');
    // Back to the intro is not needed: the play is kept; reload resumes it at line 1.
    await page.reload();
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    // Answer from here (the start button is gone: play the lines directly).
    for (let i = 1; i <= 30; i++) {
      await page.getByText(`Stih ${i}/30`, { exact: true }).waitFor();
      const index = await page.evaluate((want) => {
        const record = JSON.parse(localStorage.getItem('kviz.daily') ?? 'null') as {
          quiz: { currentIndex: number; questions: { correctSongId: number; options: { id: number }[] }[] };
        };
        const q = record.quiz.questions[record.quiz.currentIndex]!;
        return q.options.findIndex((o) => (o.id === q.correctSongId) === want);
      }, i <= 20);
      await page.locator(`[data-option="${'ABCDE'[index]}"]`).click();
      await page.getByRole('button', { name: i === 30 ? 'Završi kviz' : 'Sljedeći stih' }).click();
    }
    await page.locator('[data-daily-done]').waitFor();
    expect(await page.locator('[data-score]').textContent()).toBe('20/30');
    expect(await page.locator('[data-ranked]').getAttribute('data-ranked')).toBe('true');
    await page.getByText('Prvi ste odigrali današnji izazov!').waitFor();
    await page.locator('[data-streak="1"]').waitFor();
    expect(await page.locator('[data-streak]').textContent()).toContain('Niz: 1 dan');
    // 12:00 in Zagreb: twelve hours to the next challenge (the countdown ticks on the browser's clock).
    expect(await page.locator('[data-countdown]').textContent()).toMatch(/^1[12]:[0-5]\d:[0-5]\d$/);
    const shareText = await page.locator('[data-share-text]').getAttribute('data-share-text');
    const squares = `${'🟩'.repeat(20)}${'🟥'.repeat(10)}`;
    expect(shareText).toBe(
      `Testni Izvođač Kviz znanja #1 20/30\n${squares}\nhttp://localhost:3000/dnevni-izazov`,
    );
    await page.getByRole('button', { name: 'Kopiraj tekst' }).click();
    await page.getByText('Kopirano!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareText!);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'done');

    // Come back later the same day: the finished state, not a new play.
    await page.goto('/');
    await page.goto('/dnevni-izazov');
    await page.locator('[data-daily-done]').waitFor();
    expect(await page.locator('[data-score]').textContent()).toBe('20/30');

    // Day 2: a new challenge; 25 of 30; the streak is two days.
    await nextDay(context);
    await page.reload();
    await expect(page.locator('[data-daily-intro]').textContent()).resolves.toContain('Dnevni izazov #2');
    await playDaily(page, (i) => i <= 25);
    await page.locator('[data-streak="2"]').waitFor();
    expect(await page.locator('[data-streak]').textContent()).toContain('Niz: 2 dana');

    // Day 3: three days. Another player has played first (through the API).
    await nextDay(context);
    const other = await fetch(`${url}/api/daily`);
    const quiz: FetchedQuiz = {
      token: other.headers.get('x-quiz-token')!,
      questions: (await other.json()).questions,
    };
    expect((await submit(app, answerQuiz(quiz, 10, '00000000-0000-4000-8000-0000000000ff'))).status).toBe(
      200,
    );
    await page.reload();
    await playDaily(page, () => true);
    await page.locator('[data-streak="3"]').waitFor();
    expect(await page.locator('[data-share-text]').getAttribute('data-share-text')).toStartWith(
      'Testni Izvođač Kviz znanja #3 30/30',
    );
    // Two ranked plays today: the second player's place among them.
    await page
      .getByText(
        /^Bolji ste od 50,0% igrača današnjeg izazova; isti rezultat ima 50,0% igrača \(2 rangirane igre\)\.$/,
      )
      .waitFor();

    // A day missed: the streak starts again, the best stays.
    await nextDay(context, 2);
    await page.reload();
    await playDaily(page, (i) => i % 2 === 0);
    await page.locator('[data-streak="1"]').waitFor();
    expect(await page.locator('[data-best-streak]').textContent()).toContain('3 dana');

    // The streak is the server's: a browser that lost its storage gets it back.
    await page.evaluate(() => localStorage.removeItem('kviz.dailyDays'));
    await page.reload();
    await page.locator('[data-best-streak="3"]').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the statistics page shows the day’s challenge', async () => {
    const { context, page, problems } = await newPage();
    await page.goto('/statistics');
    const section = page.locator('[data-daily-stats]');
    await section.waitFor();
    expect(await section.textContent()).toContain('Dnevni izazov #');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'statistics');
    expect(problems).toEqual([]);
    await context.close();
  });
});
