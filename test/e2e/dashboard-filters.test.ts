/**
 * The dashboard's filters (issue 34; docs/decisions/039) in a browser on the compiled binary at 375
 * and 320 px: a click on a device, then on an album, filters every view; the filters show as
 * removable chips, live in the address (a reload keeps them), reach the CSV exports, and the
 * filtered dashboard has no serious axe violation and nothing wider than the phone.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { type RunningBinary, startBinaryWithCatalogue } from '../support/binary';
import { launchBrowser, seriousViolations, watchConsole } from '../support/browser';
import { makeCatalogue } from '../support/fixtures';
import { layoutProblems } from '../support/layout';
import { recordPlays } from '../support/play';

setDefaultTimeout(180_000);

const PASSWORD = 'test-password-123';
const CREDENTIALS = btoa(`admin:${PASSWORD}`);
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

let server: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startBinaryWithCatalogue(makeCatalogue(), { env: { ADMIN_PASSWORD: PASSWORD, STATS_TIMEZONE: 'UTC' } }),
    launchBrowser(),
  ]);
  await recordPlays(server.url, 3, { deviceInfo: IPHONE });
  await recordPlays(server.url, 2, { difficulty: 'easy', deviceInfo: FIREFOX });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phone(width: number, signedIn = true) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 700 },
    isMobile: true,
    hasTouch: true,
    acceptDownloads: true,
  });
  if (signedIn)
    await context.addInitScript(
      (credentials) => sessionStorage.setItem('kviz.adminCredentials', credentials),
      CREDENTIALS,
    );
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

const loaded = (page: Page) => page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
const plays = async (page: Page) =>
  Number(((await page.locator('[data-stat="totalAttempts"]').textContent()) ?? '').replace(/[^\d]/g, ''));
/** Polls `ok` for up to 15 s; fails with `say()` when it never holds. */
async function until(ok: () => Promise<boolean>, say: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(await say());
    await Bun.sleep(100);
  }
}
const search = (page: Page) => new URL(page.url()).searchParams;

describe('filters on a phone', () => {
  for (const width of [375, 320] as const) {
    test(`${width} px: a device and an album clicked filter the dashboard, as chips, in the address and the exports`, async () => {
      const { context, page, problems } = await phone(width);
      await page.goto('/admin/dashboard');
      await loaded(page);
      expect(await plays(page)).toBe(5);

      // The device, clicked in the devices view: the cards count the phone's 3 plays.
      await page.locator('[data-filter-by="device:phone"]').click();
      await page.locator('[data-chip="device"]', { hasText: 'Uređaj: Mobitel' }).waitFor();
      await until(
        async () => (await plays(page)) === 3,
        async () => `cards: ${await plays(page)}`,
      );
      expect(search(page).get('device')).toBe('phone');
      expect(await page.locator('[data-scores-summary]').textContent()).toStartWith('3 igre');
      await page.locator('[data-figure="completionRate"]', { hasText: '—' }).waitFor();

      // The filtered dashboard: no serious axe violation, nothing wider than the phone.
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      expect(await layoutProblems(page)).toEqual([]);

      // An album, clicked in the albums table: the table keeps that album's row only.
      await page.getByRole('tab', { name: 'Statistika albuma' }).click();
      await loaded(page);
      const first = page.locator('[data-filter-by^="album:"]').first();
      const album = ((await first.getAttribute('data-filter-by')) ?? '').split(':')[1]!;
      const title = ((await first.textContent()) ?? '').trim();
      await first.click();
      await page.locator('[data-chip="album"]', { hasText: `Album: ${title}` }).waitFor();
      expect(search(page).get('album')).toBe(album);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-sortable-table="Statistika albuma"] tbody tr').length === 1,
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

      // The export asks for the filters and holds the one album.
      const [request, download] = await Promise.all([
        page.waitForRequest((r) => r.url().includes('/api/admin/export/albums.csv')),
        page.waitForEvent('download'),
        page.locator('[data-csv="albums"] button').click(),
      ]);
      const asked = new URL(request.url()).searchParams;
      expect(asked.get('device')).toBe('phone');
      expect(asked.get('album')).toBe(album);
      const rows = readFileSync((await download.path())!, 'utf8')
        .trim()
        .split(/\r\n/);
      expect(rows).toHaveLength(2);
      expect(rows[1]!.split(';')[0]).toBe(album);

      // A reload keeps both (the address), a chip's ✕ removes its filter.
      await page.reload();
      await loaded(page);
      await page.locator('[data-chip="album"]').waitFor();
      expect(await page.locator('[data-chip]').count()).toBe(2);
      await page.getByRole('button', { name: 'Ukloni filtar: Uređaj: Mobitel' }).click();
      await page.waitForFunction(() => !new URL(location.href).searchParams.has('device'));
      expect(await page.locator('[data-chip="device"]').count()).toBe(0);
      expect(search(page).get('album')).toBe(album);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test('375 px: a shared filtered link survives signing in, its filters shown as chips', async () => {
    const { context, page, problems } = await phone(375, false);
    const shared = '/admin/dashboard?tab=albumi&mode=normal&device=phone&browser=safari';
    await page.goto(shared);
    await page.waitForURL('**/admin?next=*');
    await page.getByLabel('Korisničko ime').fill('admin');
    await page.getByLabel('Lozinka').fill(PASSWORD);
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await page.waitForURL('**/admin/dashboard?*');
    await loaded(page);
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe(shared);
    expect(await page.locator('[data-chip]').allTextContents()).toEqual([
      'Način igre: Normalno✕',
      'Uređaj: Mobitel✕',
      'Preglednik: Safari✕',
    ]);
    await until(
      async () => (await plays(page)) === 3,
      async () => `cards: ${await plays(page)}`,
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
