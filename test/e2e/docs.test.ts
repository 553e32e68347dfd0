import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { type RunningBinary, startBinary } from '../support/binary';
import { launchBrowser, watchConsole } from '../support/browser';

// Real processes and a real browser on a shared 2-core machine: generous, never a measure of speed.
setDefaultTimeout(60_000);

let server: RunningBinary;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startBinary(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the API docs render every operation from the binary alone, under the Content-Security-Policy', async () => {
  const page = await browser.newPage();
  const problems = watchConsole(page);
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:'))
      outside.push(request.url());
  });
  await page.goto(`${server.url}/openapi`);
  for (const summary of ['Start a play', 'Submit a play', 'Percentile of a score', 'Plays per hour of day'])
    await page.getByText(summary, { exact: true }).first().waitFor();
  expect(outside).toEqual([]);
  expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
  await page.close();
});

test('"Try it out" on an admin call without Authorize shows the JSON 401 instead of hanging', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/openapi#/Admin/getAdminOverview`);
  const operation = page.locator('#operations-Admin-getAdminOverview');
  await operation.locator('.try-out__btn').click();
  await operation.locator('button.execute').click();
  const status = operation.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor();
  expect((await status.textContent())?.trim()).toStartWith('401');
  expect(await operation.locator('.live-responses-table').textContent()).toContain('unauthorized');
  await page.close();
});
