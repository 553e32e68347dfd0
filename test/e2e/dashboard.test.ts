import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seededRandom } from '../../src/shared/seeded-random';
import type { HourlyStat, LyricStat } from '../../web/lib/stats';
import { type RunningBinary, startBinaryWithCatalogue } from '../support/binary';
import { launchBrowser, seriousViolations, watchConsole } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { recordPlays } from '../support/play';

// Real processes and a real browser on a shared 2-core machine: generous, never a measure of speed.
setDefaultTimeout(180_000);

const PASSWORD = 'test-password-123';
const CREDENTIALS = btoa(`admin:${PASSWORD}`);
/** The six widths, each in one theme: axe checks the contrast of both themes on phones and on desktops. */
const WIDTHS = [
  [320, 'dark'],
  [375, 'light'],
  [768, 'dark'],
  [1024, 'light'],
  [1280, 'dark'],
  [1920, 'light'],
] as const;
const TABS = [
  'Pregled',
  'Statistika stihova',
  'Statistika pjesama',
  'Statistika albuma',
  'Top liste',
  'Vremenska statistika',
  'Izvori',
  'Uživo',
];

/**
 * A catalogue that looks like a real one to the layout: Croatian words with diacritics, titles
 * from short to long, one line near the 300-character limit; about one line in nine has 'čuvar'.
 */
function croatianCatalogue() {
  const random = seededRandom(17);
  const words =
    `more vjetar kamen sunce noć zora brod luka kuća prozor škura žito ćup đurđevak šuma rijeka grad
    ulica srce ruka oko kiša snijeg ljeto zima jesen svjetlo sjena put most zvono polje vino kruh sol med lampa
    tišina pjesak galeb barka mreža konoba smokva maslina bura jugo`.split(/\s+/);
  const pick = () => words[Math.floor(random() * words.length)]!;
  const albums = [
    ['Sol na usnama', 1992],
    ['Đurđevak u kosi', 2001],
    ['Čuvari svjetionika na kraju svijeta i druge pjesme o moru', 2013],
  ] as const;
  const songs = [
    ['Žute škure', 'Ćup', 'Noćna smjena u luci', 'Balada o starom čuvaru'],
    ['Šuma', 'Jugo', 'Pismo koje nikad nisam poslao', 'Kiša'],
    ['Svjetionik', 'Galeb', 'Konoba kraj mora gdje smo pjevali do zore', 'Bura'],
  ];
  let n = 0;
  return {
    artist: 'Testni Izvođač',
    albums: albums.map(([title, year], a) => ({
      title,
      year,
      songs: songs[a]!.map((song) => ({
        title: song,
        lines: Array.from({ length: 20 }, () => {
          n += 1;
          const text = Array.from({ length: 4 + Math.floor(random() * 4) }, pick).join(' ');
          if (n === 5) return `${text} ${Array.from({ length: 36 }, pick).join(' ')}`.slice(0, 290);
          return n % 9 === 0 ? `Stari čuvar ${text} ${n}` : `${text} ${n}`;
        }),
      })),
    })),
  };
}

let server: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startBinaryWithCatalogue(croatianCatalogue(), { env: { ADMIN_PASSWORD: PASSWORD } }),
    launchBrowser(),
  ]);
  // 240 lines and 8 plays: most lines shown once or twice, a third of them never; and 6 plays of
  // the day's challenge, so that its 30 lines are shown often enough for the top lists (5 times).
  await recordPlays(server.url, 6, { daily: true });
  await recordPlays(server.url, 8);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const adminApi = async <T>(name: string) =>
  (await (
    await fetch(`${server.url}/api/admin/stats/${name}`, {
      headers: { authorization: `Basic ${CREDENTIALS}` },
    })
  ).json()) as T;

/** A browser context whose session already holds the admin credentials (as after signing in). */
async function adminContext(
  options: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
    isMobile: width < 500,
    hasTouch: width < 500,
    colorScheme: options.colorScheme ?? 'light',
  });
  await context.addInitScript(
    (credentials) => sessionStorage.setItem('kviz.adminCredentials', credentials),
    CREDENTIALS,
  );
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

async function openDashboard(page: Page, search = '') {
  await page.goto(`/admin/dashboard${search}`);
  await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
}

const lyricTable = (page: Page) => page.locator('[data-sortable-table="Statistika stihova"]');
const lyricTexts = (page: Page) => lyricTable(page).locator('tbody tr td:first-child').allTextContents();
/** Each row's line, song and album. */
const lyricRows = (page: Page) =>
  lyricTable(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')]
          .slice(0, 3)
          .map((td) => td.textContent)
          .join('\n'),
      ),
    );

/** Folds as a Croatian reader types: no diacritics, lower case, đ as d (independent of the app's code). */
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/đ/g, 'd')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * Whether a long title spills depends on where its lines wrap, and which lines reach the top lists
 * on the plays' random quizzes. So the worst case is written into every row of the top lists before
 * the layout is measured: a long song title, and an album title with no space to wrap at (its lines
 * fill the cell to the last pixel, so a bracket beside them on the line would spill).
 */
async function longestNamesInTopLists(page: Page) {
  const written = await page.locator('[data-top-table]').evaluateAll((tables) =>
    tables.map((table) => {
      const buttons = [...table.querySelectorAll('[data-filter-by]')];
      for (const button of buttons)
        button.textContent = button.getAttribute('data-filter-by')!.startsWith('song:')
          ? 'Konoba kraj mora gdje smo pjevali do zore'
          : 'Čuvarisvjetionikanakrajusvijetaidrugepjesmeomoru'.repeat(3);
      return buttons.length;
    }),
  );
  // The day's 30 lines fill both lyric lists (ten rows each); the 12 songs are split in two lists
  // of six; a song and its album in every row.
  expect(written).toEqual([20, 20, 12, 12]);
}

describe('layout at 320, 375, 768, 1024, 1280 and 1920 px: nothing overlaps, every number on screen', () => {
  test.each(WIDTHS)('%p px (%s), every tab and /statistics, with axe', async (width, colorScheme) => {
    const { context, page, problems } = await adminContext({ width, colorScheme });
    await openDashboard(page);
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab }).click();
      await page.locator(`[role="tab"][aria-selected="true"]`, { hasText: tab }).waitFor();
      await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
      if (tab === 'Vremenska statistika') {
        await page.locator('[data-chart="cumulative"][data-points="24"]').waitFor();
        // The data tables too.
        for (const summary of await page.locator('summary').all()) await summary.click();
      }
      if (tab === 'Top liste') await longestNamesInTopLists(page);
      if (tab === 'Uživo') {
        // The live games ignore the range and the filters, and say so; the tab opens a new game.
        const note = page.locator('[data-party-note]');
        expect(await note.textContent()).toContain('Razdoblje i filtri se ovdje ne primjenjuju');
        expect(await note.locator('a[href="/uzivo"]').count()).toBe(1);
      }
      expect(await layoutProblems(page), `${width} px, ${tab}`).toEqual([]);
      expect(await seriousViolations(page), `${width} px, ${tab}`).toEqual([]);
    }

    const tabs = await page.locator('[role="tab"]').evaluateAll((els) => {
      const scroller = els[0]!.closest('[role="tablist"]')!.parentElement!;
      const box = scroller.getBoundingClientRect();
      return {
        scrolls: scroller.scrollWidth > scroller.clientWidth,
        cut: els.filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < box.left - 0.5 || r.right > box.right + 0.5;
        }).length,
        selectedVisible: els
          .filter((el) => el.getAttribute('aria-selected') === 'true')
          .every((el) => {
            const r = el.getBoundingClientRect();
            return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
          }),
      };
    });
    // From 1024 px every tab is in view; narrower, the row scrolls and the selected tab is in view.
    if (width >= 1024) expect(tabs).toEqual({ scrolls: false, cut: 0, selectedVisible: true });
    else expect(tabs).toMatchObject({ scrolls: true, selectedVisible: true });

    await page.goto('/statistics');
    await page.locator('[data-top-table]').first().waitFor();
    expect(await layoutProblems(page), `${width} px, /statistics`).toEqual([]);
    expect(await seriousViolations(page), `${width} px, /statistics`).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the dashboard uses the width of a wide screen (up to 1400 px); /statistics keeps its reading width', async () => {
    const { context, page } = await adminContext({ width: 1920 });
    await openDashboard(page);
    expect(await page.locator('main').evaluate((el) => el.getBoundingClientRect().width)).toBe(1400);
    await page.goto('/statistics');
    expect(await page.locator('main').evaluate((el) => el.getBoundingClientRect().width)).toBe(960);
    await context.close();
  });

  test('on a phone every row is a card of label: value lines', async () => {
    const { context, page } = await adminContext({ width: 375 });
    await openDashboard(page, '?tab=stihovi');
    const row = lyricTable(page).locator('tbody tr').first();
    const cells = await row.locator('td').evaluateAll((tds) =>
      tds.map((td) => ({
        label: getComputedStyle(td, '::before').content === 'none' ? null : td.dataset.label,
        display: getComputedStyle(td).display,
      })),
    );
    // The line is the card's heading; every other value carries its column's name.
    expect(cells.map((c) => c.label)).toEqual([
      null,
      'Pjesma',
      'Album (godina)',
      'Prikazano',
      'Točno',
      'Postotak',
      null, // the 'Zamjene' toggle: a button that says what it opens
    ]);
    expect(cells.map((c) => c.display)).not.toContain('table-cell');
    // The column headers stay, as a row of sort buttons.
    expect(await lyricTable(page).locator('thead button').count()).toBe(6);
    await context.close();
  });
});

describe('sorting', () => {
  test('a click anywhere in a column header sorts, not only on its label', async () => {
    const { context, page } = await adminContext();
    await openDashboard(page, '?tab=pjesme');
    const header = page.locator('[data-sortable-table="Statistika pjesama"] th', {
      hasText: 'Pojavljivanja',
    });
    // Mouse clicks land at viewport coordinates: the header must be on screen (the filters above the tabs push it down).
    await header.scrollIntoViewIfNeeded();
    const box = (await header.boundingBox())!;
    // The corner farthest from the label.
    await page.mouse.click(box.x + 3, box.y + box.height - 3);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await page.mouse.click(box.x + box.width - 3, box.y + 3);
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    await context.close();
  });
});

describe('the address keeps the view', () => {
  test('tab, sorts and search are written to the address and restored by a reload or a shared link', async () => {
    const { context, page, problems } = await adminContext();
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Statistika pjesama' }).click();
    const songTable = page.locator('[data-sortable-table="Statistika pjesama"]');
    await songTable.locator('[data-sort="title"]').click();
    await songTable.locator('[data-sort="title"]').click();
    await page.getByRole('tab', { name: 'Statistika stihova' }).click();
    await lyricTable(page).locator('[data-sort="percentage"]').click();
    await page.getByLabel('Pretraži stihove').fill('cuvar');
    await page.waitForURL((url) => url.searchParams.get('q') === 'cuvar');
    expect(new URL(page.url()).search).toBe(
      '?tab=stihovi&sort-stihovi=percentage.asc&sort-pjesme=title.desc&q=cuvar',
    );

    // A tab change reloads the data but keeps each table's sort.
    await page.getByRole('tab', { name: 'Statistika pjesama' }).click();
    expect(await songTable.locator('th[aria-sort="descending"]').textContent()).toContain('Pjesma');

    // A shared link, in a new session.
    const shared = page.url();
    const other = await adminContext();
    await other.page.goto(shared);
    await other.page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    expect(await other.page.getByRole('tab', { selected: true }).textContent()).toBe('Statistika pjesama');
    await other.page.getByRole('tab', { name: 'Statistika stihova' }).click();
    expect(await lyricTable(other.page).locator('th[aria-sort="ascending"]').textContent()).toContain(
      'Postotak',
    );
    expect(await other.page.getByLabel('Pretraži stihove').inputValue()).toBe('cuvar');
    const rows = await lyricRows(other.page);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !fold(row).includes('cuvar'))).toEqual([]);
    await other.page.getByRole('tab', { name: 'Statistika pjesama' }).click();
    expect(
      await other.page
        .locator('[data-sortable-table="Statistika pjesama"] th[aria-sort="descending"]')
        .textContent(),
    ).toContain('Pjesma');

    // A reload.
    await page.reload();
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Statistika pjesama');
    expect(await songTable.locator('th[aria-sort="descending"]').textContent()).toContain('Pjesma');
    expect(problems).toEqual([]);
    await other.context.close();
    await context.close();
  });
});

describe('the lyric table', () => {
  test('search by line, song or album, with or without diacritics', async () => {
    const { context, page } = await adminContext();
    await openDashboard(page, '?tab=stihovi&size=250');
    const lyrics = await adminApi<LyricStat[]>('lyrics');
    // Every word of the query somewhere in the line, its song or its album (with the year).
    const expected = (query: string) =>
      lyrics
        .filter((l) => {
          const row = fold(`${l.text}\n${l.songTitle}\n${l.albumTitle} (${l.albumYear})`);
          return query.split(/\s+/).every((word) => row.includes(fold(word)));
        })
        .map((l) => l.text)
        .sort();
    const search = page.getByLabel('Pretraži stihove');
    const found = async (query: string) => {
      await search.fill(query);
      await page.waitForURL((url) => url.searchParams.get('q') === query);
      const count = expected(query).length;
      const matched = page.locator('[data-matched]');
      await matched
        .filter({ hasText: `Stihova: ${count} od` })
        .waitFor({ timeout: 10_000 })
        .catch(async () => {
          throw new Error(`'${query}': ${await matched.textContent()}, expected ${count}`);
        });
      return (await lyricTexts(page)).sort();
    };

    const withCuvar = expected('čuvar');
    expect(withCuvar.length).toBeGreaterThan(20); // 'čuvar' lines, and the song 'Balada o starom čuvaru'
    expect(await found('cuvar')).toEqual(withCuvar);
    expect(await found('čuvar')).toEqual(withCuvar);
    expect(await found('ČUVAR')).toEqual(withCuvar);
    // A song title, an album title (with its year), without diacritics.
    expect(await found('zute skure')).toEqual(expected('Žute škure'));
    expect(await found('durdevak u kosi')).toEqual(expected('Đurđevak u kosi'));
    const konoba = await found('2013 konoba');
    expect(konoba).toEqual(expected('2013 konoba'));
    for (const line of lyrics.filter((l) => l.songTitle.startsWith('Konoba kraj mora')))
      expect(konoba).toContain(line.text);
    await found('nema-takvog-stiha');
    expect(await lyricTable(page).locator('tbody').textContent()).toBe(
      'Nijedan stih ne odgovara pretraživanju.',
    );
    await context.close();
  });

  test('minimum occurrences, never-shown lines (hidden by default for a percentage sort), page size', async () => {
    const { context, page } = await adminContext();
    await openDashboard(page, '?tab=stihovi&size=250');
    const lyrics = await adminApi<LyricStat[]>('lyrics');
    const never = lyrics.filter((l) => l.occurrences === 0).length;
    expect(never).toBeGreaterThan(0);
    const matched = () => page.locator('[data-matched]').textContent();
    const occurrences = async () =>
      (await lyricTable(page).locator('tbody tr td:nth-child(4)').allTextContents()).map(Number);

    // Unsorted: every line listed, never-shown ones included.
    expect(await matched()).toBe(`Stihova: ${lyrics.length} od ${lyrics.length}`);
    const hide = page.getByLabel('Sakrij stihove koji još nisu prikazani');
    expect(await hide.isChecked()).toBe(false);

    // Sorted by percentage: never-shown lines (no percentage at all) are left out, the switch says so.
    await lyricTable(page).locator('[data-sort="percentage"]').click();
    expect(await hide.isChecked()).toBe(true);
    expect(await matched()).toBe(`Stihova: ${lyrics.length - never} od ${lyrics.length}`);
    expect(Math.min(...(await occurrences()))).toBeGreaterThan(0);
    // … unless the administrator lists them.
    await hide.uncheck();
    expect(await matched()).toBe(`Stihova: ${lyrics.length} od ${lyrics.length}`);
    expect((await occurrences()).filter((n) => n === 0)).toHaveLength(never);
    expect(new URL(page.url()).searchParams.get('unshown')).toBe('show');

    await page.getByLabel('Prikazano barem').fill('2');
    const atLeastTwo = lyrics.filter((l) => l.occurrences >= 2).length;
    await page.locator('[data-matched]', { hasText: `Stihova: ${atLeastTwo} od` }).waitFor();
    expect(Math.min(...(await occurrences()))).toBeGreaterThanOrEqual(2);

    await page.getByLabel('Prikazano barem').fill('0');
    await page.getByLabel('Redaka po stranici').selectOption('25');
    await page.locator('[data-page]').waitFor();
    expect(await lyricTable(page).locator('tbody tr').count()).toBe(25);
    expect(await page.locator('[data-page]').textContent()).toBe(
      `Stranica 1 od ${Math.ceil(lyrics.length / 25)} (1–25 od ${lyrics.length})`,
    );
    expect(new URL(page.url()).searchParams.get('size')).toBe('25');
    await context.close();
  });
});

describe('states', () => {
  test('a failed first load offers a retry instead of a spinner for ever', async () => {
    const { context, page } = await adminContext();
    let fail = true;
    await page.route('**/api/admin/stats/overview', (route) =>
      fail ? route.fulfill({ status: 500, body: 'down' }) : route.continue(),
    );
    page.on('console', () => {}); // the failure is logged (docs/product.md#calls-and-failures)
    await page.goto('/admin/dashboard');
    const notice = page.locator('[data-load-error]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Došlo je do pogreške prilikom učitavanja podataka.');
    expect(await page.locator('[role="status"]', { hasText: 'Učitavanje statistike' }).count()).toBe(0);
    fail = false;
    await page.getByRole('button', { name: 'Pokušaj ponovno' }).click();
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await context.close();
  });

  test("a 401 sends the administrator to /admin with 'Sesija je istekla, prijavite se ponovno.'", async () => {
    const { context, page } = await adminContext();
    await openDashboard(page);
    // The password changed while the dashboard was open: the next reload (a tab change) gets 401.
    await page.route('**/api/admin/stats/**', (route) =>
      route.fulfill({ status: 401, body: '{"error":{"code":"unauthorized","message":"x"}}' }),
    );
    await page.getByRole('tab', { name: 'Top liste' }).click();
    // Back to the same view after signing in again.
    await page.waitForURL(`**/admin?next=${encodeURIComponent('/admin/dashboard?tab=top')}`);
    await page.getByText('Sesija je istekla, prijavite se ponovno.').waitFor();
    await page.getByRole('heading', { name: 'Admin Prijava' }).waitFor();
    await context.close();
  });

  test('a refused section says so in its place, with a retry; the rest is shown', async () => {
    const { context, page } = await adminContext();
    let refuse = true;
    await page.route('**/api/admin/stats/lyrics', (route) =>
      refuse ? route.fulfill({ status: 503, body: 'busy' }) : route.continue(),
    );
    page.on('console', () => {});
    await openDashboard(page, '?tab=stihovi');
    const notice = page.locator('[data-unavailable="lyrics"]');
    expect(await notice.textContent()).toContain('Statistiku stihova nije moguće učitati.');
    expect(await notice.textContent()).toContain('503');
    expect(await lyricTable(page).count()).toBe(0);
    // The songs are there, and the lyric top lists say why they are missing.
    await page.getByRole('tab', { name: 'Top liste' }).click();
    await page.locator('[data-top-table="Pjesme s najvišim postotkom"]').waitFor();
    await page.locator('[data-unavailable="lyrics"]').waitFor();
    refuse = false;
    await page.getByRole('tab', { name: 'Statistika stihova' }).click();
    await lyricTable(page).waitFor();
    await context.close();
  });

  test("a reload shows that it is loading, then 'Zadnje ažurirano'", async () => {
    const { context, page } = await adminContext();
    await openDashboard(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/stats/overview', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('tab', { name: 'Statistika albuma' }).click();
    await page.locator('[data-updated]', { hasText: 'Učitavanje…' }).waitFor();
    expect(await page.locator('[role="tabpanel"]').getAttribute('aria-busy')).toBe('true');
    release();
    const updated = page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' });
    await updated.waitFor();
    expect(await updated.textContent()).toMatch(/^Zadnje ažurirano: \d\d:\d\d:\d\d$/);
    expect(await page.locator('[role="tabpanel"]').getAttribute('aria-busy')).toBe('false');
    await context.close();
  });
});

describe('hourly charts', () => {
  /** WCAG relative luminance and contrast of two CSS rgb() colours. */
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };

  test.each(['light', 'dark'] as const)(
    '%s theme: each chart has its data as a table, reachable by keyboard; the lines differ in colour and dash',
    async (colorScheme) => {
      const { context, page } = await adminContext({ colorScheme });
      await openDashboard(page, '?tab=vrijeme');
      await page.locator('[data-chart="cumulative"][data-points="24"]').waitFor();
      const hourly = await adminApi<HourlyStat[]>('hourly');

      // Keyboard: Tab reaches the first disclosure, Enter opens its table.
      const summary = page.locator('[data-chart-table="hourly"] summary');
      for (let i = 0; i < 30 && !(await summary.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const rows = await page
        .locator('[data-chart-table="hourly"] tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
      expect(rows).toEqual(
        hourly.map((h) => [
          `${String(h.hour).padStart(2, '0')}:00`,
          String(h.attempts),
          String(h.uniquePlayers),
        ]),
      );
      expect(
        await page.locator('[data-chart-table="hourly"] table').getAttribute('aria-labelledby'),
      ).toBeTruthy();

      // uPlot's legend markers, drawn like their lines: the last two are the two series.
      const [first, second] = (
        await page.locator('[data-chart="hourly"] .u-legend .u-marker').evaluateAll((els) =>
          els.map((el) => ({
            dash: getComputedStyle(el).borderTopStyle,
            colour: getComputedStyle(el).borderTopColor,
          })),
        )
      ).slice(-2) as [{ dash: string; colour: string }, { dash: string; colour: string }];
      expect([first.dash, second.dash]).toEqual(['solid', 'dashed']);
      expect(first.colour).not.toBe(second.colour);
      const card = await page
        .locator('[data-chart="hourly"]')
        .evaluate((el) => getComputedStyle(el.closest('section')!).backgroundColor);
      // Non-text contrast (WCAG 1.4.11): each line at least 3:1 against the card.
      expect(contrast(first.colour, card)).toBeGreaterThanOrEqual(3);
      expect(contrast(second.colour, card)).toBeGreaterThanOrEqual(3);
      await context.close();
    },
  );

  test("'Ukupno igrača' counts each player once: its 23 h point is the distinct players; the days in the title", async () => {
    const { context, page } = await adminContext();
    await openDashboard(page, '?tab=vrijeme');
    await page.locator('[data-chart="cumulative"][data-points="24"]').waitFor();
    const labels = await page.locator('[data-chart="cumulative"] .u-legend .u-label').allTextContents();
    expect(labels).toEqual(['Sat', 'Ukupno igranja', 'Ukupno igrača']);
    const distinct = (await adminApi<{ uniquePlayers: number }>('overview')).uniquePlayers;
    const through = (await adminApi<{ playersThrough: number[] }>('hourly-players')).playersThrough;
    expect(through[23]).toBe(distinct);
    // The chart's table holds the same line, hour by hour (its last column).
    const table = await page
      .locator('[data-chart-table="cumulative"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelector('td:last-child')?.textContent ?? ''));
    expect(table.map((t) => Number(t.replace(/\./g, '')))).toEqual(through);
    expect(await page.locator('[data-chart-note]').textContent()).toContain(`njih ${distinct}.`);
    // The days counted are in the title (all plays today: one day).
    expect(await page.locator('[data-chart="cumulative"]').getAttribute('aria-label')).toMatch(
      /^Kumulativno, \d{1,2}\. \d{1,2}\. \d{4}\.:/,
    );
    await context.close();
  });
});
