/**
 * The line rows as filters of the whole dashboard (issue 34; docs/decisions/039), in a browser on
 * the compiled binary: a line's song and album on 'Stihovi', a confused song in a line's
 * 'Zamjene', a song's album on 'Pjesme', and the song and album of a line in the 'Top' lists and
 * the overall confusions. Each click puts the filter in the address and as a chip, and the cards
 * then hold the figures recomputed here from the database the binary wrote: the plays shown the
 * song or album, and the accuracy of their answers to its lines.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { round } from '../../src/shared/round';
import { forEachAnswer } from '../../src/storage/encoding/answer-codec';
import { formatPercent } from '../../web/lib/format';
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

let server: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  // 4 albums of 6 songs of 5 lines: a play of 30 lines shows about 7 songs in 10, so a song
  // filter keeps some plays and not others; 20 plays show many lines the 5 times the 'Top' lists
  // ask for.
  [server, browser] = await Promise.all([
    startBinaryWithCatalogue(makeCatalogue(4, 6, 5), {
      env: {
        ADMIN_PASSWORD: PASSWORD,
        STATS_TIMEZONE: 'UTC',
        RATE_LIMIT_QUIZ_PER_MINUTE: '1000',
        RATE_LIMIT_SUBMIT_PER_MINUTE: '1000',
      },
    }),
    launchBrowser(),
  ]);
  await recordPlays(server.url, 12, { deviceInfo: IPHONE });
  await recordPlays(server.url, 8);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Filter = { song: number } | { album: number };

/**
 * The figures a song or album filter must give, from the database: the plays shown at least one of
 * its lines, and the answers (and right ones) to its lines in them (docs/decisions/039).
 */
function expected(filter: Filter) {
  const db = new Database(join(server.dir, 'data/kviz.db'), { readonly: true });
  try {
    const keys = new Map(
      db
        .query<{ id: number; song_id: number; album_id: number }, []>(
          'SELECT id, song_id, album_id FROM answer_keys',
        )
        .all()
        .map((k) => [k.id, k]),
    );
    let plays = 0;
    let answers = 0;
    let correct = 0;
    for (const row of db.query<{ answers: Uint8Array }, []>('SELECT answers FROM plays').all()) {
      let shown = 0;
      forEachAnswer(row.answers, (keyId, wrong) => {
        const key = keys.get(keyId)!;
        if ('song' in filter ? key.song_id !== filter.song : key.album_id !== filter.album) return;
        shown++;
        if (wrong === undefined) correct++;
      });
      if (shown > 0) plays++;
      answers += shown;
    }
    return { plays, accuracy: answers === 0 ? 0 : (correct / answers) * 100 };
  } finally {
    db.close();
  }
}

async function dashboard(width: number, search = '') {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: width < 500 ? 700 : 900 },
    isMobile: width < 500,
    hasTouch: width < 500,
  });
  await context.addInitScript(
    (credentials) => sessionStorage.setItem('kviz.adminCredentials', credentials),
    CREDENTIALS,
  );
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`/admin/dashboard${search}`);
  await loaded(page);
  return { context, page, problems };
}

const loaded = (page: Page) => page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
/** '1.234' → 1234; '58,3%' → 58.3 (a Croatian number back to a number). */
const number = (text: string | null) =>
  Number(
    (text ?? '')
      .replace(/\./g, '')
      .replace(',', '.')
      .replace(/[^\d.-]/g, ''),
  );
const card = async (page: Page, stat: string) =>
  number(await page.locator(`[data-stat="${stat}"]`).first().textContent());

/** The filter button's id ('song:12' → 12) and its text. */
async function target(page: Page, selector: string) {
  const button = page.locator(selector).first();
  await button.waitFor();
  const id = Number(((await button.getAttribute('data-filter-by')) ?? '').split(':')[1]);
  return { button, id, text: ((await button.textContent()) ?? '').trim() };
}

/**
 * Runs `act` (a click that sets or removes a filter) and waits for the data the new filters ask
 * for: the summary read with exactly `filter` (none: `null`) answered, then the panel no longer
 * busy. Until then the cards and tables are the previous view's, and may even show the figures
 * expected (an album's plays and accuracy can equal the whole's): a row read before the new data
 * is in may be gone a moment later, and a click on it lands on another.
 */
async function loadsAfter(page: Page, filter: Filter | null, act: () => Promise<unknown>) {
  const wanted = (name: 'song' | 'album') =>
    filter && name in filter ? String((filter as Record<string, number>)[name]) : null;
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/admin/stats/summary' &&
      url.searchParams.get('song') === wanted('song') &&
      url.searchParams.get('album') === wanted('album')
    );
  });
  // Together: a click that fails must not leave the wait for its answer unhandled.
  await Promise.all([answered, act()]);
  await page.locator('[role="tabpanel"][aria-busy="false"]').waitFor();
}

/**
 * After a click on a song or album: the address and the chip name it, and the cards (every tab's)
 * count the plays shown it and the accuracy of its lines' answers, as the database has them.
 */
async function expectFiltered(page: Page, filter: Filter, chip: string) {
  const [name, id] = Object.entries(filter)[0] as ['song' | 'album', number];
  await page.waitForFunction(([n, v]) => new URL(location.href).searchParams.get(n!) === v, [
    name,
    String(id),
  ] as const);
  await page.locator(`[data-chip="${name}"]`, { hasText: chip }).waitFor();
  const want = expected(filter);
  expect(want.plays).toBeGreaterThan(0);
  // The accuracy card: the summary's two decimals shown with one, as the dashboard formats them
  // ('58,3%'). Polled until both hold: the cards of the view before the click may show the same
  // number of plays for a moment.
  const accuracy = formatPercent(round(want.accuracy, 2));
  const shown = async () =>
    [
      await card(page, 'totalAttempts'),
      /^[\d.,]+%/.exec((await page.locator('[data-stat="averagePercentage"]').textContent()) ?? '')?.[0],
    ] as const;
  const holds = ([plays, percent]: readonly [number, string | undefined]) =>
    plays === want.plays && percent === accuracy;
  const deadline = Date.now() + 15_000;
  while (!holds(await shown()) && Date.now() < deadline) await Bun.sleep(100);
  expect(await shown()).toEqual([want.plays, accuracy]);
  return want;
}

/** The table's body rows, each as its cells' texts. */
const rows = (page: Page, selector: string) =>
  page
    .locator(`${selector} tbody tr`)
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));

describe('the line rows filter the whole dashboard', () => {
  test("1280 px, 'Stihovi': a line's song, then its album, filter every tab; a second click removes", async () => {
    const { context, page, problems } = await dashboard(1280, '?tab=stihovi');
    const table = '[data-sortable-table="Statistika stihova"]';
    const song = await target(page, `${table} [data-filter-by^="song:"]`);
    expect(await song.button.getAttribute('title')).toBe('Filtriraj cijeli pregled po ovoj pjesmi');
    await loadsAfter(page, { song: song.id }, () => song.button.click());
    const want = await expectFiltered(page, { song: song.id }, `Pjesma: ${song.text}`);
    // The table keeps that song's 5 lines, every one naming it.
    await page.waitForFunction((t) => document.querySelectorAll(`${t} tbody tr`).length === 5, table);
    for (const row of await rows(page, table)) expect(row[1]).toBe(song.text);
    // Another tab honours it: the score distribution counts the same plays.
    await page.getByRole('tab', { name: 'Pregled' }).click();
    await loaded(page);
    await page.locator('[data-scores-summary]').waitFor();
    expect(number(((await page.locator('[data-scores-summary]').textContent()) ?? '').split(' ')[0]!)).toBe(
      want.plays,
    );
    expect(new URL(page.url()).searchParams.get('song')).toBe(String(song.id));

    // Back on 'Stihovi': the active song is pressed; a second click removes the filter.
    await page.getByRole('tab', { name: 'Statistika stihova' }).click();
    await loaded(page);
    const active = page.locator(`${table} [data-filter-by="song:${song.id}"]`).first();
    expect(await active.getAttribute('aria-pressed')).toBe('true');
    await loadsAfter(page, null, () => active.click());
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('song'));
    await page.locator('[data-chip="song"]').waitFor({ state: 'detached' });

    // A line's album (its year in brackets), clicked: the album's plays and lines.
    const album = await target(page, `${table} [data-filter-by^="album:"]`);
    await loadsAfter(page, { album: album.id }, () => album.button.click());
    const title = album.text.replace(/ \(\d{4}\)$/, '');
    await expectFiltered(page, { album: album.id }, `Album: ${title}`);
    await page.waitForFunction((t) => document.querySelectorAll(`${t} tbody tr`).length === 30, table);
    for (const row of await rows(page, table)) expect(row[2]).toBe(album.text);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("375 px, 'Stihovi': a song in a line's 'Zamjene' filters the dashboard by that song", async () => {
    const { context, page, problems } = await dashboard(375, '?tab=stihovi');
    // The line most often answered wrong first: its 'Zamjene' lists the songs picked instead.
    await page.locator('[data-sort="percentage"]').click();
    await page.locator('[data-sortable-table="Statistika stihova"] [data-detail-toggle]').first().click();
    const picked = await target(page, '[data-confusion] [data-filter-by^="song:"]');
    await loadsAfter(page, { song: picked.id }, () => picked.button.click());
    await expectFiltered(page, { song: picked.id }, `Pjesma: ${picked.text}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("320 px, 'Pjesme': a song's album filters the dashboard; the table keeps its songs", async () => {
    const { context, page, problems } = await dashboard(320, '?tab=pjesme');
    const table = '[data-sortable-table="Statistika pjesama"]';
    // The last row's album: not the album of the first song, which the first rows share.
    const albums = page.locator(`${table} [data-filter-by^="album:"]`);
    const last = await target(page, `${table} tbody tr:last-child [data-filter-by^="album:"]`);
    expect(await albums.count()).toBeGreaterThan(6);
    await loadsAfter(page, { album: last.id }, () => last.button.click());
    await expectFiltered(page, { album: last.id }, `Album: ${last.text.replace(/ \(\d{4}\)$/, '')}`);
    await page.waitForFunction((t) => document.querySelectorAll(`${t} tbody tr`).length === 6, table);
    for (const row of await rows(page, table)) expect(row[1]).toBe(last.text);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // The export asks for the album too.
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/admin/export/songs.csv')),
      page.locator('[data-csv="songs"] button').click(),
    ]);
    expect(new URL(request.url()).searchParams.get('album')).toBe(String(last.id));
    expect(problems).toEqual([]);
    await context.close();
  });

  test("1280 px, 'Top': the hardest line's song and album, and a song of the overall confusions (replacing the album)", async () => {
    const { context, page, problems } = await dashboard(1280, '?tab=top');
    const hardest = '[data-top-table="Stihovi s najnižim postotkom"] tbody tr:first-child';
    const song = await target(page, `${hardest} [data-filter-by^="song:"]`);
    await loadsAfter(page, { song: song.id }, () => song.button.click());
    await expectFiltered(page, { song: song.id }, `Pjesma: ${song.text}`);
    // Removed by its chip; then the same line's album.
    await loadsAfter(page, null, () =>
      page.getByRole('button', { name: `Ukloni filtar: Pjesma: ${song.text}` }).click(),
    );
    expect(new URL(page.url()).searchParams.has('song')).toBe(false);
    const album = await target(page, `${hardest} [data-filter-by^="album:"]`);
    await loadsAfter(page, { album: album.id }, () => album.button.click());
    await expectFiltered(page, { album: album.id }, `Album: ${album.text}`);
    // The overall confusions of the album's lines: the song picked instead of the right one,
    // often of another album. It replaces the album filter (both would leave nothing).
    const confused = await target(
      page,
      '[data-view-table="confusions"] tbody tr:first-child td:nth-child(2) [data-filter-by^="song:"]',
    );
    await loadsAfter(page, { song: confused.id }, () => confused.button.click());
    await expectFiltered(page, { song: confused.id }, `Pjesma: ${confused.text}`);
    expect(new URL(page.url()).searchParams.has('album')).toBe(false);
    expect(await page.locator('[data-chip="album"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
