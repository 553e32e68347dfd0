/**
 * The dashboard on phones (issue 34, defects 2 and 3), in a browser on the compiled binary at 375
 * and 320 px: it opens at the top with the heading and 'Odjavi se' on screen, the first Tab goes
 * to the skip link, and a shared dashboard link survives signing in.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { type RunningBinary, startBinaryWithCatalogue } from '../support/binary';
import { launchBrowser, watchConsole } from '../support/browser';
import { makeCatalogue } from '../support/fixtures';
import { layoutProblems } from '../support/layout';
import { recordPlays } from '../support/play';

setDefaultTimeout(180_000);

const PASSWORD = 'test-password-123';
const CREDENTIALS = btoa(`admin:${PASSWORD}`);
const PHONES = [375, 320] as const;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A shared link: a tab whose button starts off-screen at 320 px, a range and a lyric search. */
const SHARED = `?tab=stihovi&from=${isoDay(Date.now() - 7 * 86_400_000)}&to=${isoDay(Date.now())}&q=sunce`;

/** A word of 120 letters: it must break, not widen a phone's page. */
const LONG_WORD = `Dugo${'o'.repeat(112)}riječ`;

/** The fixture catalogue with one line made of a very long word. */
function catalogue() {
  const file = makeCatalogue();
  file.albums[0]!.songs[0]!.lines[0] = `${LONG_WORD} na kraju`;
  return file;
}

let server: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startBinaryWithCatalogue(catalogue(), { env: { ADMIN_PASSWORD: PASSWORD, STATS_TIMEZONE: 'UTC' } }),
    launchBrowser(),
  ]);
  // Free plays of two difficulties: the cards count both.
  await recordPlays(server.url, 3);
  await recordPlays(server.url, 2, { difficulty: 'easy' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phone(width: number, signedIn: boolean) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: width < 500 ? 700 : 900 },
    isMobile: width < 500,
    hasTouch: width < 500,
  });
  if (signedIn)
    await context.addInitScript(
      (credentials) => sessionStorage.setItem('kviz.adminCredentials', credentials),
      CREDENTIALS,
    );
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

/** '1.234' → 1234 (a Croatian count back to a number). */
const number = (text: string | null) => Number((text ?? '').replace(/\./g, '').replace(/[^\d]/g, ''));

/** Whether the element is wholly inside the viewport (vertically and horizontally). */
const onScreen = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    });

describe('the dashboard on a phone', () => {
  for (const width of PHONES) {
    test(`${width} px: a restored tab opens at the top, heading and 'Odjavi se' on screen; the selected tab is scrolled into its row`, async () => {
      const { context, page, problems } = await phone(width, true);
      await page.goto(`/admin/dashboard${SHARED}`);
      await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
      expect(await page.evaluate(() => scrollY)).toBe(0);
      expect(await onScreen(page, 'h1')).toBe(true);
      expect(await onScreen(page, 'button:has-text("Odjavi se")')).toBe(true);
      // The selected tab is shown whole inside its row (the row scrolled sideways, not the page).
      const tab = page.getByRole('tab', { name: 'Statistika stihova' });
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      const inRow = await tab.evaluate((el) => {
        const row = el.closest('[role="tablist"]')!.parentElement!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return box.left >= row.left - 0.5 && box.right <= row.right + 0.5;
      });
      expect(inRow).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      expect(problems).toEqual([]);
      await context.close();
    });

    test(`${width} px: the first Tab goes to the skip link at the top of the page`, async () => {
      const { context, page } = await phone(width, true);
      await page.goto('/admin/dashboard?tab=vrijeme');
      await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Preskoči na sadržaj');
      expect(await page.evaluate(() => scrollY)).toBe(0);
      await context.close();
    });

    test(`${width} px: a shared dashboard link comes back after signing in, the sign-in toast off the heading`, async () => {
      const { context, page, problems } = await phone(width, false);
      await page.goto(`/admin/dashboard${SHARED}`);
      await page.waitForURL('**/admin?next=*');
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/admin/dashboard${SHARED}`);
      await page.getByLabel('Korisničko ime').fill('admin');
      await page.getByLabel('Lozinka').fill(PASSWORD);
      await page.getByRole('button', { name: 'Prijavi se' }).click();
      await page.waitForURL('**/admin/dashboard?*');
      await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
      const url = new URL(page.url());
      expect(url.pathname + url.search).toBe(`/admin/dashboard${SHARED}`);
      expect(await page.getByRole('tab', { name: 'Statistika stihova' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      expect(await page.getByRole('searchbox').inputValue()).toBe('sunce');
      expect(await page.evaluate(() => scrollY)).toBe(0);
      // 'Prijava uspješna' is shown, and leaves the heading and 'Odjavi se' uncovered.
      const toast = page.getByText('Prijava uspješna');
      await toast.waitFor();
      const covers = async (selector: string) => {
        const a = (await toast.boundingBox())!;
        const b = (await page.locator(selector).first().boundingBox())!;
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      };
      expect(await covers('h1')).toBe(false);
      expect(await covers('button:has-text("Odjavi se")')).toBe(false);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test("375 px: the score histogram counts the cards' plays, says which, and another choice is kept in the address", async () => {
    const { context, page, problems } = await phone(375, true);
    await page.goto('/admin/dashboard?range=danas');
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    const cards = number(await page.locator('[data-stat="totalAttempts"]').textContent());
    expect(cards).toBe(5);
    const summary = page.locator('[data-scores-summary]');
    expect(await summary.textContent()).toStartWith('5 igara');
    expect(await summary.textContent()).toContain('sva igranja');
    const bars = await page
      .locator('[data-histogram] [data-plays]')
      .evaluateAll((els) => els.reduce((sum, el) => sum + Number(el.getAttribute('data-plays')), 0));
    expect(bars).toBe(cards);
    await page.getByLabel('Način igre').selectOption('easy');
    await page.locator('[data-scores-summary]', { hasText: '2 igre' }).waitFor();
    expect(await summary.textContent()).toContain('„Lagano“');
    expect(new URL(page.url()).searchParams.get('mode')).toBe('easy');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("320 px: a 120-letter word breaks; 'Ukupno' sits at the left; a never-shown line reads '— nije prikazan'", async () => {
    const { context, page, problems } = await phone(320, true);
    await page.goto(`/admin/dashboard?tab=stihovi&q=${LONG_WORD.slice(0, 20)}`);
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    await page
      .locator('[data-sortable-table="Statistika stihova"] tbody tr', { hasText: 'na kraju' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    expect(await layoutProblems(page)).toEqual([]);
    await page.goto('/admin/dashboard?tab=stihovi');
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    const total = page.locator('[data-sortable-table="Statistika stihova"] [data-totals] th');
    expect(await total.evaluate((el) => getComputedStyle(el).textAlign)).toBe('left');
    // 5 plays × 30 answers over 120 lines: some lines were never shown.
    const unshown = page.locator('[data-sortable-table="Statistika stihova"] [data-unshown]');
    expect(await unshown.count()).toBeGreaterThan(0);
    expect(await unshown.first().textContent()).toBe('— nije prikazan');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("1280 px: 'Ukupno' sits at the left of the text columns", async () => {
    const { context, page } = await phone(1280, true);
    await page.goto('/admin/dashboard?tab=pjesme');
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    const total = page.locator('[data-sortable-table="Statistika pjesama"] [data-totals] th');
    const [label, cell] = await total.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [range.getBoundingClientRect().left, el.getBoundingClientRect().left];
    });
    expect(label! - cell!).toBeLessThan(20);
    await context.close();
  });

  test('a sign-in link that names another page or site goes to the dashboard', async () => {
    const { context, page } = await phone(375, false);
    await page.goto(`/admin?next=${encodeURIComponent('https://example.org/admin/dashboard?x=1')}`);
    await page.getByLabel('Korisničko ime').fill('admin');
    await page.getByLabel('Lozinka').fill(PASSWORD);
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect(new URL(page.url()).origin).toBe(server.url);
    await context.close();
  });
});
