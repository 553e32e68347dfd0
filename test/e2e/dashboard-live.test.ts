/**
 * "Igra sada" in a browser on the compiled binary (issue 34; docs/decisions/037): the card
 * updates within 5 seconds of a play without a reload, and comes back after its stream fails.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { type RunningBinary, startBinaryWithCatalogue } from '../support/binary';
import { launchBrowser, watchConsole } from '../support/browser';
import { makeCatalogue } from '../support/fixtures';
import { recordPlays } from '../support/play';

setDefaultTimeout(180_000);

const PASSWORD = 'test-password-123';
const CREDENTIALS = btoa(`admin:${PASSWORD}`);

let server: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startBinaryWithCatalogue(makeCatalogue(), { env: { ADMIN_PASSWORD: PASSWORD, STATS_TIMEZONE: 'UTC' } }),
    launchBrowser(),
  ]);
  await recordPlays(server.url, 2);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function dashboard(width: number) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
  await context.addInitScript(
    (credentials) => sessionStorage.setItem('kviz.adminCredentials', credentials),
    CREDENTIALS,
  );
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

const figure = async (page: Page, name: string) =>
  Number((await page.locator(`[data-figure="${name}"]`).first().textContent())?.replace(/\./g, ''));

describe('Igra sada', () => {
  test('updates within 5 s of a play, without a reload', async () => {
    const { context, page, problems } = await dashboard(1280);
    await page.goto('/admin/dashboard');
    await page.locator('[data-live="live"]').waitFor();
    expect(await figure(page, 'playsLast30Minutes')).toBe(2);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    const started = Date.now();
    await recordPlays(server.url, 1);
    await page.waitForFunction(
      () => document.querySelector('[data-figure="playsLast30Minutes"]')?.textContent?.startsWith('3'),
      undefined,
      { timeout: 5_000 },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(navigations).toEqual([]);
    // recordPlays plays its i-th play as player i: players 0 and 1, then 0 again; no quiz left open.
    expect(await figure(page, 'playersNow')).toBe(2);
    expect(await page.locator('[data-live-card]').textContent()).toContain('2 igrača sa završenom igrom');
    expect(await page.locator('[data-live-card]').textContent()).toContain('0 otvorenih kvizova');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a failed stream says so and connects again by itself', async () => {
    const { context, page } = await dashboard(375);
    let refused = 0;
    await page.route('**/api/admin/live', (route) => {
      if (refused++ === 0) return route.fulfill({ status: 503, body: 'busy' });
      return route.continue();
    });
    await page.goto('/admin/dashboard');
    await page.locator('[data-live="retrying"]', { hasText: 'Veza je prekinuta, ponovno za 1 s' }).waitFor();
    await page.locator('[data-live="live"]').waitFor({ timeout: 5_000 });
    expect(refused).toBe(2);
    await context.close();
  });

  test('the trend: a note added in the form is drawn on the chart and listed; deleted again', async () => {
    const { context, page, problems } = await dashboard(320);
    await page.goto('/admin/dashboard?tab=vrijeme&group=week');
    await page.locator('[data-chart="daily"] canvas').waitFor();
    expect(await page.locator('[data-trend-group]').inputValue()).toBe('week');
    await page
      .getByLabel('Bilješka (npr. radijska emisija, novi katalog)')
      .fill('Radijska emisija — šum, žar, đak');
    await page.getByRole('button', { name: 'Dodaj bilješku' }).click();
    await page.locator('[data-note]', { hasText: 'Radijska emisija — šum, žar, đak' }).waitFor();
    await page.locator('[data-chart="daily"][data-markers="1"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    await page.getByRole('button', { name: 'Obriši bilješku 1' }).click();
    await page.getByText('Nema bilježaka u ovom razdoblju.').waitFor();
    await page.locator('[data-chart="daily"][data-markers="0"]').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
