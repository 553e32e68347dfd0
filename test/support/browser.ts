/**
 * Debian chromium driven by playwright-core (never a downloaded browser):
 * launch flags that keep it off the network, and axe-core for accessibility.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page and returns its serious and critical violations.
 * Evaluated through the DevTools protocol, which the page's CSP does not govern.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const violations = (await page.evaluate(
    `${axeSource}; axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
  )) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Collects console errors and CSP violations of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Answers the daily challenge's lines `from`..`to` on screen (already started), line i right when
 * `right(i)`; after line 30, waits for its result.
 */
export async function answerDailyLines(
  page: Page,
  right: (line: number) => boolean,
  from = 1,
  to = 30,
): Promise<void> {
  for (let i = from; i <= to; i++) {
    await page.getByText(`Stih ${i}/30`, { exact: true }).waitFor();
    const index = await page.evaluate((want) => {
      const record = JSON.parse(localStorage.getItem('kviz.daily') ?? 'null') as {
        quiz: { currentIndex: number; questions: { correctSongId: number; options: { id: number }[] }[] };
      };
      const q = record.quiz.questions[record.quiz.currentIndex]!;
      return q.options.findIndex((o) => (o.id === q.correctSongId) === want);
    }, right(i));
    await page.locator(`[data-option="${'ABCDE'[index]}"]`).click();
    await page.getByRole('button', { name: i === 30 ? 'Završi kviz' : 'Sljedeći stih' }).click();
  }
  if (to === 30) await page.locator('[data-daily-done]').waitFor();
}

/** Answers the free play's current line right or wrong on purpose (the play in the tab's storage names the right song). */
export async function answerFreeLine(page: Page, right: boolean): Promise<void> {
  // The first line is on screen from the server's HTML before the page has taken the play.
  await page.waitForFunction(() => sessionStorage.getItem('kviz.quiz') !== null);
  const index = await page.evaluate((want) => {
    const play = JSON.parse(sessionStorage.getItem('kviz.quiz') ?? 'null') as {
      currentIndex: number;
      questions: { correctSongId: number; options: { id: number }[] }[];
    };
    const q = play.questions[play.currentIndex]!;
    return q.options.findIndex((o) => (o.id === q.correctSongId) === want);
  }, right);
  await page.locator(`[data-option="${'ABCDE'[index]}"]`).click();
  await page.locator('[data-album]').waitFor();
}

/** Answers lines `from`..`to` of the free play on screen, line i right when `right(i)`, moving on between them. */
export async function answerFreeLines(
  page: Page,
  right: (line: number) => boolean,
  to = 30,
  from = 1,
): Promise<void> {
  for (let i = from; i <= to; i++) {
    await page.getByText(`Stih ${i}/30`, { exact: true }).waitFor();
    await answerFreeLine(page, right(i));
    if (i < to) await page.getByRole('button', { name: 'Sljedeći stih' }).click();
  }
}

/** 'Završi kviz' on the last line answered, then the results page. */
export async function finishFreePlay(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Završi kviz' }).click();
  await page.waitForURL('**/results');
}

/** Plays the free quiz on screen (already started) to its results page, line i right when `right(i)`. */
export async function playToResults(page: Page, right: (line: number) => boolean): Promise<void> {
  await answerFreeLines(page, right);
  await finishFreePlay(page);
}
