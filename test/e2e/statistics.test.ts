import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { formatCount, formatPercent } from '../../web/lib/format';
import {
  type AlbumStat,
  type LyricStat,
  type Overview,
  percentage,
  type SongStat,
} from '../../web/lib/stats';
import { type RunningBinary, startBinaryWithCatalogue } from '../support/binary';
import { launchBrowser, seriousViolations, watchConsole } from '../support/browser';
import { makeCatalogue } from '../support/fixtures';
import { recordPlays } from '../support/play';

// Real processes and a real browser on a shared 2-core machine: generous, never a measure of speed.
setDefaultTimeout(60_000);

const PASSWORD = 'test-password-123';
const auth = { authorization: `Basic ${btoa(`admin:${PASSWORD}`)}` };
let server: RunningBinary;
let browser: Browser;

const api = async <T>(path: string, headers: Record<string, string> = {}) =>
  (await (await fetch(`${server.url}${path}`, { headers })).json()) as T;

beforeAll(async () => {
  // A small catalogue (120 lines) so that 20 plays show most lines 3+ times.
  [server, browser] = await Promise.all([
    startBinaryWithCatalogue(makeCatalogue(3, 4, 10), { env: { ADMIN_PASSWORD: PASSWORD } }),
    launchBrowser(),
  ]);
  await recordPlays(server.url, 20);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: server.url,
    ...(viewport ? { viewport, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(path);
  return { context, page, problems };
}

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Korisničko ime').fill('admin');
  await page.getByLabel('Lozinka').fill(PASSWORD);
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await page.waitForURL('**/admin/dashboard');
  await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
}

describe('/statistics', () => {
  test('shows the numbers of the API, top lists of items shown at least 3 times, ordered, with no JavaScript of its own', async () => {
    const { context, page, problems } = await open('/statistics');
    const overview = await api<Overview>('/api/stats/overview');
    expect(overview.totalAttempts).toBe(20);
    expect(await page.locator('[data-stat="totalAttempts"]').textContent()).toBe(
      formatCount(overview.totalAttempts),
    );
    expect(await page.locator('[data-stat="uniquePlayers"]').textContent()).toBe(
      formatCount(overview.uniquePlayers),
    );
    expect(await page.locator('[data-stat="averagePercentage"]').textContent()).toBe(
      formatPercent(overview.averagePercentage),
    );
    expect(await page.locator('[data-stat="averageScore"]').textContent()).toContain(' / 30');
    await page.getByRole('tab', { name: 'Top liste' }).waitFor();

    const lyrics = new Map((await api<LyricStat[]>('/api/stats/lyrics')).map((l) => [l.text, l]));
    const songs = new Map((await api<SongStat[]>('/api/stats/songs')).map((s) => [s.title, s]));
    const albums = new Map((await api<AlbumStat[]>('/api/stats/albums')).map((a) => [a.title, a]));
    const tables: [string, Map<string, LyricStat | SongStat | AlbumStat>, 'desc' | 'asc'][] = [
      ['Najlakši stihovi', lyrics, 'desc'],
      ['Najteži stihovi', lyrics, 'asc'],
      ['Najlakše pjesme', songs, 'desc'],
      ['Najteže pjesme', songs, 'asc'],
      ['Najlakši albumi', albums, 'desc'],
      ['Najteži albumi', albums, 'asc'],
    ];
    // The easiest lists' percentages are green and the hardest lists' red, whatever their value
    // (docs/product.md#public-statistics; issue 33 found a 76,0% green in 'Najteži albumi').
    const listColour = { desc: 'rgb(22, 101, 52)', asc: 'rgb(185, 28, 28)' };
    for (const [caption, items, order] of tables) {
      const rows = await page.locator(`[data-top-table="${caption}"] tbody tr`).evaluateAll((trs) =>
        trs.map((tr) => {
          const percent = tr.querySelector('[data-percent]');
          return {
            cells: [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
            percent: percent?.textContent,
            colour: percent && getComputedStyle(percent).color,
            answers: tr.querySelector('[data-answers]')?.textContent,
          };
        }),
      );
      expect(rows.length, caption).toBeGreaterThan(0);
      expect(rows.length, caption).toBeLessThanOrEqual(10);
      const percents = rows.map((row) => {
        const item = items.get(row.cells[1]!)!;
        expect(item.occurrences, `${caption}: ${row.cells[1]}`).toBeGreaterThanOrEqual(3);
        // Each percentage with the answers it comes from.
        expect(row.percent).toBe(formatPercent(percentage(item)));
        expect(row.answers).toBe(`${formatCount(item.correctAnswers)} od ${formatCount(item.occurrences)}`);
        expect(row.colour, `${caption}: ${row.cells[1]}`).toBe(listColour[order]);
        return percentage(item);
      });
      const sorted = [...percents].sort((a, b) => (order === 'desc' ? b - a : a - b));
      expect(percents, caption).toEqual(sorted);
    }
    // No item in both lists of a kind (issue 33: with little data they showed the same songs).
    for (const kind of [
      ['Najlakši stihovi', 'Najteži stihovi'],
      ['Najlakše pjesme', 'Najteže pjesme'],
      ['Najlakši albumi', 'Najteži albumi'],
    ]) {
      const [easy, hard] = await Promise.all(
        kind.map((caption) =>
          page.locator(`[data-top-table="${caption}"] tbody tr td:nth-child(2)`).allTextContents(),
        ),
      );
      expect(
        easy!.filter((name) => hard!.includes(name)),
        kind[0],
      ).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('admin', () => {
  test('a wrong password shows the error toast and stays on /admin', async () => {
    const { context, page } = await open('/admin');
    await page.getByRole('heading', { name: 'Admin Prijava' }).waitFor();
    await page.getByLabel('Korisničko ime').fill('admin');
    await page.getByLabel('Lozinka').fill('wrong-password');
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await page.getByText('Greška prilikom prijave').waitFor();
    await page.getByText('Pogrešno korisničko ime ili lozinka.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await context.close();
  });

  test('a network failure shows its own toast', async () => {
    const { context, page } = await open('/admin');
    await page.route('**/api/admin/**', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Korisničko ime').fill('admin');
    await page.getByLabel('Lozinka').fill(PASSWORD);
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await page.getByText('Došlo je do pogreške pri povezivanju s poslužiteljem.').waitFor();
    await context.close();
  });

  test('the dashboard without stored credentials goes to /admin', async () => {
    const { context, page } = await open('/admin/dashboard');
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Prijava' }).waitFor();
    await context.close();
  });

  test('sign in, every tab, sorting, totals, charts, sign out', async () => {
    const { context, page, problems } = await open('/admin');
    await signIn(page);
    await page.getByText('Prijava uspješna').waitFor();
    const overview = await api<Overview>('/api/admin/stats/overview', auth);
    expect(await page.locator('[data-stat="totalAttempts"]').textContent()).toBe(
      formatCount(overview.totalAttempts),
    );
    await page.getByText('Dobrodošli u administratorski panel', { exact: true }).waitFor();

    // Lyrics: sort by percentage ascending, then descending; the totals row equals the column sums.
    await page.getByRole('tab', { name: 'Statistika stihova' }).click();
    const lyrics = await api<LyricStat[]>('/api/admin/stats/lyrics', auth);
    const table = page.locator('[data-sortable-table="Statistika stihova"]');
    await table.waitFor();
    // 120 lines: a first page of 100 rows, then 20.
    expect(await table.locator('tbody tr').count()).toBe(100);
    expect(await page.locator('[data-page]').textContent()).toBe('Stranica 1 od 2 (1–100 od 120)');
    await page.getByRole('button', { name: 'Sljedeća →' }).click();
    expect(await table.locator('tbody tr').count()).toBe(lyrics.length - 100);
    // The next page is read from its top: the table's first row is on screen, not its last.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-sortable-table="Statistika stihova"]')!.getBoundingClientRect().top >=
        0,
    );
    const firstPercent = () =>
      table.locator('tbody tr').first().locator('td[data-label="Postotak"]').textContent();
    await table.locator('[data-sort="percentage"]').click();
    // A sort goes back to the first page and sorts all rows, not only the page shown; sorted by
    // percentage, lines never shown (no percentage at all) are left out by default.
    expect(await page.locator('[data-page]').textContent()).toStartWith('Stranica 1 od 2');
    const shown = lyrics.filter((l) => l.occurrences > 0);
    expect(await firstPercent()).toBe(formatPercent(Math.min(...shown.map(percentage))));
    expect(await table.locator('th[aria-sort="ascending"]').textContent()).toContain('Postotak');
    await table.locator('[data-sort="percentage"]').click();
    expect(await firstPercent()).toBe(formatPercent(Math.max(...shown.map(percentage))));
    await table.locator('[data-sort="occurrences"]').click();
    expect(await table.locator('tbody tr').first().locator('td').nth(3).textContent()).toBe(
      formatCount(Math.min(...lyrics.map((l) => l.occurrences))),
    );
    const totals = await table.locator('[data-totals] td[data-label]').allTextContents();
    const occurrences = lyrics.reduce((n, l) => n + l.occurrences, 0);
    const correct = lyrics.reduce((n, l) => n + l.correctAnswers, 0);
    expect(totals).toEqual([
      formatCount(occurrences),
      formatCount(correct),
      formatPercent((correct / occurrences) * 100),
    ]);
    expect(await table.locator('[data-totals] th').textContent()).toBe('Ukupno');

    // Songs: sorting by title puts the first title in Croatian order first; a second click reverses.
    await page.getByRole('tab', { name: 'Statistika pjesama' }).click();
    const songTable = page.locator('[data-sortable-table="Statistika pjesama"]');
    await songTable.waitFor();
    const titles = (await api<SongStat[]>('/api/admin/stats/songs', auth))
      .map((s) => s.title)
      .sort((a, b) => a.localeCompare(b, 'hr', { numeric: true }));
    await songTable.locator('[data-sort="title"]').click();
    expect(await songTable.locator('tbody tr').first().locator('td').first().textContent()).toBe(titles[0]!);
    await songTable.locator('[data-sort="title"]').click();
    expect(await songTable.locator('tbody tr').first().locator('td').first().textContent()).toBe(
      titles.at(-1)!,
    );

    await page.getByRole('tab', { name: 'Statistika albuma' }).click();
    await page.locator('[data-sortable-table="Statistika albuma"] tbody tr').first().waitFor();
    expect(await page.locator('[data-sortable-table="Statistika albuma"] tbody tr').count()).toBe(3);

    await page.getByRole('tab', { name: 'Top liste' }).click();
    for (const caption of [
      'Stihovi s najvišim postotkom',
      'Stihovi s najnižim postotkom',
      'Pjesme s najvišim postotkom',
      'Pjesme s najnižim postotkom',
    ])
      await page.locator(`[data-top-table="${caption}"]`).waitFor();

    await page.getByRole('tab', { name: 'Vremenska statistika' }).click();
    for (const chart of ['hourly', 'cumulative']) {
      const box = page.locator(`[data-chart="${chart}"][data-points="24"]`);
      await box.waitFor();
      expect(await box.locator('canvas').count()).toBe(1);
    }
    const legends = await page.locator('.u-legend .u-label').allTextContents();
    // 'Ukupno igrača' counts each player once, at the earliest hour they played (docs/decisions/033).
    for (const label of ['Broj igranja', 'Jedinstveni igrači', 'Ukupno igranja', 'Ukupno igrača'])
      expect(legends).toContain(label);

    await page.getByRole('button', { name: 'Odjavi se' }).click();
    await page.waitForURL('**/admin');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the tab list scrolls sideways on a phone instead of squeezing', async () => {
    const { context, page } = await open('/admin', { width: 375, height: 667 });
    await signIn(page);
    const widths = await page
      .locator('[role="tablist"]')
      .evaluate((el) => ({ list: el.scrollWidth, box: el.parentElement!.clientWidth }));
    expect(widths.list).toBeGreaterThanOrEqual(750);
    expect(widths.box).toBeLessThan(750);
    await context.close();
  });
});

describe('accessibility (axe-core): no serious or critical violations', () => {
  test.each(['/statistics', '/admin'])('%s', async (path) => {
    const { context, page } = await open(path);
    await page.locator('h1').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test('/admin/dashboard, every tab', async () => {
    const { context, page } = await open('/admin');
    await signIn(page);
    for (const tab of [
      'Pregled',
      'Statistika stihova',
      'Statistika pjesama',
      'Statistika albuma',
      'Top liste',
      'Vremenska statistika',
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.locator('[role="tabpanel"] >> nth=0').waitFor();
      if (tab === 'Vremenska statistika')
        await page.locator('[data-chart="cumulative"][data-points="24"]').waitFor();
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    await context.close();
  });
});
