/**
 * 'Izvori' in a browser on the compiled binary (issue 34; docs/decisions/040): a visit from a
 * referring site with campaign parameters, a play, two share buttons pressed (their beacons
 * arrive: 204), and the dashboard's funnel and lists move with them; a second play the same day
 * is a "ponovna igra". axe finds nothing on the tab in light and dark.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { AdminSources } from '../../src/shared/contracts/admin-sources';
import { type RunningBinary, startBinaryWithCatalogue } from '../support/binary';
import { launchBrowser, playToResults, seriousViolations, watchConsole } from '../support/browser';
import { makeCatalogue } from '../support/fixtures';

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
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sources = async (): Promise<AdminSources> =>
  (
    await fetch(`${server.url}/api/admin/stats/sources`, {
      headers: { authorization: `Basic ${CREDENTIALS}` },
    })
  ).json();

/** The server writes its source counts every 5 s: waits (at most 8 s) until `ready` holds. */
async function sourcesWhen(ready: (s: AdminSources) => boolean): Promise<AdminSources> {
  const deadline = Date.now() + 8_000;
  for (;;) {
    const read = await sources();
    if (ready(read) || Date.now() > deadline) return read;
    await Bun.sleep(250);
  }
}

async function dashboard(page: Page) {
  await page.goto('/admin/dashboard?tab=izvori');
  await page.locator('[data-view="funnel"]').waitFor();
  const step = async (key: string) =>
    Number(await page.locator(`[data-step="${key}"] [data-count]`).getAttribute('data-count'));
  return {
    quizzesIssued: await step('quizzesIssued'),
    playsFinished: await step('playsFinished'),
    shared: await step('shared'),
    playedAgain: await step('playedAgain'),
  };
}

describe('Izvori', () => {
  test('a landing visit, a play and two shares: the beacons arrive and the funnel moves', async () => {
    // Headless Chromium names itself HeadlessChrome, which counts as a crawler: the visit would not count.
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 700 },
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    });
    await context.addInitScript((c) => sessionStorage.setItem('kviz.adminCredentials', c), CREDENTIALS);
    // The share buttons open other sites: those windows are answered here, nothing leaves the machine.
    await context.route(/^https:\/\/(wa\.me|twitter\.com)\//, (route) => route.fulfill({ body: 'ok' }));
    const page = await context.newPage();
    const problems = watchConsole(page);

    await page.goto('/?utm_source=Radio&utm_medium=qr&utm_campaign=jesen', {
      referer: 'https://www.facebook.com/groups/kviz/posts/42?fbclid=abc',
    });
    await page.getByRole('link', { name: 'Započni kviz' }).first().click();
    await playToResults(page, (i) => i % 2 === 0);
    await page.locator('[data-percentile]').waitFor();

    for (const [button, target] of [
      ['WhatsApp', 'whatsapp'],
      ['X (Twitter)', 'x'],
    ] as const) {
      const beacon = page.waitForResponse(
        (r) => r.url().endsWith('/api/share') && r.request().method() === 'POST',
      );
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: button, exact: true }).click();
      const response = await beacon;
      expect(response.status()).toBe(204);
      expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({ target });
      await (await popup).close();
    }

    const after = await sourcesWhen((s) => s.funnel.shared === 2 && s.referrers.total > 0);
    expect(after.funnel).toEqual({ quizzesIssued: 1, playsFinished: 1, shared: 2, playedAgain: 0 });
    expect(after.referrers.rows).toContainEqual({ host: 'facebook.com', visits: 1 });
    expect(after.campaigns.rows).toEqual([{ source: 'radio', medium: 'qr', campaign: 'jesen', visits: 1 }]);
    expect(after.shares.filter((s) => s.shares > 0)).toEqual([
      { target: 'whatsapp', shares: 1 },
      { target: 'x', shares: 1 },
    ]);
    expect(await dashboard(page)).toEqual(after.funnel);
    const referrers = await page.locator('[data-view-table="referrers"]').textContent();
    expect(referrers).toContain('facebook.com');
    expect(referrers).not.toContain('groups');

    // 'Igraj ponovno': the same player again that day is a "ponovna igra".
    await page.goto('/results');
    await page
      .getByRole('link', { name: 'Igraj ponovno' })
      .or(page.getByRole('button', { name: 'Igraj ponovno' }))
      .first()
      .click();
    await page.getByRole('link', { name: 'Započni kviz' }).first().click();
    await playToResults(page, () => true);
    await page.locator('[data-percentile]').waitFor();
    const again = await sourcesWhen((s) => s.funnel.playsFinished === 2);
    expect(again.funnel).toMatchObject({ quizzesIssued: 2, playsFinished: 2, shared: 2, playedAgain: 1 });
    expect(await dashboard(page)).toEqual(again.funnel);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [320, 1280])
      test(`axe finds nothing on the tab at ${width} px, ${colorScheme}`, async () => {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width, height: 800 },
          colorScheme,
        });
        await context.addInitScript((c) => sessionStorage.setItem('kviz.adminCredentials', c), CREDENTIALS);
        const page = await context.newPage();
        await dashboard(page);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await context.close();
      });
});
