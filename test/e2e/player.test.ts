import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { embeddedCataloguePath, readCatalogueFile } from '../../src/catalogue/load-file';
import { lineKey } from '../../src/catalogue/normalize';
import { countOf, fromAllAlbums, LINES, linesHeading, SONGS_GENITIVE } from '../../web/lib/plural';
import { startBinary } from '../support/binary';
import { seriousViolations, watchConsole } from '../support/browser';
import { startSite } from '../support/site';

// Real processes and a real browser on a shared 2-core machine: generous, never a measure of speed.
setDefaultTimeout(60_000);

const site = startSite();

async function newPage(
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await site.browser.newContext({ baseURL: site.server.url, ...options });
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

/**
 * The landing page's counts for the demo catalogue the binary embeds, read from
 * data/catalogue.json: askable lines (a chorus once, never an ambiguous line), songs, albums, years.
 */
function embeddedCatalogue() {
  const { catalogue } = readCatalogueFile(embeddedCataloguePath);
  if (!catalogue) throw new Error('data/catalogue.json is invalid');
  const songs = catalogue.albums.flatMap((album) => album.songs);
  const lines = songs
    .flatMap((song) => song.lines)
    .filter((line) => !catalogue.ambiguousKeys.has(lineKey(line)));
  return { catalogue, songs, lines };
}

/** The askable lines of the embedded catalogue (the lines card's title is rounded from them). */
const embeddedLineCount = () => embeddedCatalogue().lines.length;

function embeddedCatalogueCounts(): string {
  const { catalogue, songs, lines } = embeddedCatalogue();
  const years = catalogue.albums.map((album) => album.year);
  return (
    `${countOf(lines.length, LINES)} iz ${countOf(songs.length, SONGS_GENITIVE)} ` +
    `${fromAllAlbums(catalogue.albums.length)}, od ${Math.min(...years)}. do ${Math.max(...years)}.`
  );
}

const overview = async () =>
  (await (await fetch(`${site.server.url}/api/stats/overview`)).json()) as { totalAttempts: number };

/** Plays all 30 questions, always picking option `letter`; returns how many were right, the colours seen and 🟩/🟥 per line. */
async function playQuiz(page: Page, mode: 'click' | 'keyboard') {
  let correct = 0;
  let sawWrong = false;
  let squares = '';
  for (let i = 1; i <= 30; i++) {
    await page.getByText(`Stih ${i}/30`, { exact: true }).waitFor();
    const letter = 'ABCDE'[i % 5]!;
    if (mode === 'click') await page.locator(`[data-option="${letter}"]`).click();
    else await page.keyboard.press(i % 2 ? String('ABCDE'.indexOf(letter) + 1) : letter.toLowerCase());
    const chosen = page.locator(`[data-option="${letter}"]`);
    await page.locator('[data-option][data-state="correct"]').waitFor();
    const state = await chosen.getAttribute('data-state');
    squares += state === 'correct' ? '🟩' : '🟥';
    if (state === 'correct') correct++;
    else {
      expect(state).toBe('wrong');
      if (!sawWrong) {
        sawWrong = true;
        // Red on the wrong pick, green on the right song, and marks that do not rely on colour.
        const colours = await page.evaluate(() => {
          const bg = (el: Element | null) => (el ? getComputedStyle(el).backgroundColor : null);
          return {
            wrong: bg(document.querySelector('[data-state="wrong"]')),
            correct: bg(document.querySelector('[data-state="correct"]')),
            idle: bg(document.querySelector('[data-state="dimmed"]')),
          };
        });
        expect(colours.wrong).toBe('rgb(254, 226, 226)');
        expect(colours.correct).toBe('rgb(220, 252, 231)');
        expect(colours.idle).not.toBe(colours.wrong);
        expect(await page.locator('[data-state="wrong"]').textContent()).toContain('✗');
        expect(await page.locator('[data-state="correct"]').textContent()).toContain('✓');
      }
    }
    // Answers are locked once given.
    expect(await page.locator('[data-option]:not([disabled])').count()).toBe(0);
    await expect(await page.locator('[data-album]').textContent()).toMatch(/^Album: .+, (19|20)\d\d\.$/);
    const next = page.getByRole('button', { name: i === 30 ? 'Završi kviz' : 'Sljedeći stih' });
    if (mode === 'click') await next.click();
    else await page.keyboard.press('Enter');
  }
  await page.waitForURL('**/results');
  return { correct, sawWrong, squares };
}

describe('a player', () => {
  test('plays 30 questions by clicking: score, rating, percentile, recorded play, no console or CSP errors', async () => {
    const { context, page, problems } = await newPage();
    const before = (await overview()).totalAttempts;
    await page.goto('/');
    await page.getByRole('link', { name: 'Započni kviz' }).first().click();
    await page.waitForURL('**/quiz');
    const { correct, sawWrong } = await playQuiz(page, 'click');
    expect(sawWrong).toBe(true);
    await expect(await page.locator('[data-score]').textContent()).toBe(`${correct}/30`);
    await page.locator('[data-percentile]').waitFor();
    expect(await page.locator('[data-percentile]').textContent()).toMatch(
      /Vaša pozicija.*Bolje od \d+,\d% igrača.*\(od ukupno \d+ igranja\)/,
    );
    expect(await page.title()).toBe(`Lovro Lanterna Kviz znanja - Rezultat: ${correct}/30`);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
      'Lovro Lanterna Kviz znanja',
    );
    expect(await page.locator('meta[name="twitter:title"]').getAttribute('content')).toBe(
      'Lovro Lanterna Kviz znanja',
    );
    expect((await overview()).totalAttempts).toBe(before + 1);
    // A reload of the results does not record the play twice.
    await page.reload();
    await page.locator('[data-percentile]').waitFor();
    expect((await overview()).totalAttempts).toBe(before + 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('plays 30 questions by keyboard only', async () => {
    const { context, page, problems } = await newPage();
    const before = (await overview()).totalAttempts;
    await page.goto('/quiz');
    const { correct } = await playQuiz(page, 'keyboard');
    await expect(await page.locator('[data-score]').textContent()).toBe(`${correct}/30`);
    await page.locator('[data-percentile]').waitFor();
    expect((await overview()).totalAttempts).toBe(before + 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a reload mid-quiz resumes the same play', async () => {
    const { context, page } = await newPage();
    await page.goto('/quiz');
    for (let i = 1; i <= 3; i++) {
      await page.getByText(`Stih ${i}/30`, { exact: true }).waitFor();
      await page.locator('[data-option="B"]').click();
      await page.getByRole('button', { name: 'Sljedeći stih' }).click();
    }
    await page.getByText('Stih 4/30', { exact: true }).waitFor();
    const lyric = await page.locator('[data-lyric]').textContent();
    const correctText = await page.locator('[data-correct-count]').textContent();
    await page.reload();
    await page.getByText('Stih 4/30', { exact: true }).waitFor();
    expect(await page.locator('[data-lyric]').textContent()).toBe(lyric);
    expect(await page.locator('[data-correct-count]').textContent()).toBe(correctText);
    await context.close();
  });

  test('a failed quiz fetch shows the error and "Pokušaj ponovno" loads again', async () => {
    const { context, page } = await newPage();
    let failures = 1;
    await page.route('**/api/quiz*', (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
    );
    await page.goto('/quiz');
    await page.getByText('Pogreška pri učitavanju pitanja.').waitFor();
    await page.getByRole('button', { name: 'Pokušaj ponovno' }).click();
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    await context.close();
  });

  test('"Kopiraj tekst" copies the share sentence with the squares and the link, and shows its toast; a failing clipboard shows "Greška!"', async () => {
    const { context, page } = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/quiz');
    const { correct, squares } = await playQuiz(page, 'click');
    await page.getByRole('button', { name: 'Kopiraj tekst' }).click();
    await page.getByText('Kopirano!').waitFor();
    await page.getByText('Rezultat kopiran u međuspremnik.').waitFor();
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
    expect(copied.slice(0, 2)).toEqual([`Imam ${correct}/30 bodova u Lovro Lanterna Kvizu znanja!`, squares]);
    // The squares match the answers: one per line, 🟩 for each right one, in the order played.
    expect([...squares]).toHaveLength(30);
    expect([...squares].filter((s) => s === '🟩')).toHaveLength(correct);
    // SITE_URL (the test binary's default) with the score and the cache-busting v.
    expect(copied[2]).toMatch(new RegExp(`^http://[^/]+/\\?r=${correct}&v=\\d{5}$`));
    // Only one toast at a time.
    await page.getByRole('button', { name: 'Kopiraj tekst' }).click();
    expect(await page.locator('[data-toast]').count()).toBe(1);

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await page.getByRole('button', { name: 'Kopiraj tekst' }).click();
    await page.getByText('Greška!').waitFor();
    await page.getByText('Nije moguće kopirati u međuspremnik.').waitFor();
    await page.getByRole('button', { name: 'Zatvori obavijest' }).click();
    expect(await page.locator('[data-toast]').count()).toBe(0);
    await context.close();
  });

  test('/results without a quiz goes to /', async () => {
    const { context, page } = await newPage();
    await page.goto('/results');
    await page.waitForURL(`${site.server.url}/`);
    await page.getByRole('heading', { name: 'Lovro Lanterna Kviz znanja' }).waitFor();
    await context.close();
  });

  test('an unknown path shows the 404 texts with status 404', async () => {
    const { context, page } = await newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await context.close();
  });

  test('the landing page shows the catalogue counts and loads no React', async () => {
    const { context, page } = await newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text());
    });
    await page.goto('/');
    for (const text of [
      'Statistika za sve igrače',
      'Kako igrati',
      linesHeading(embeddedLineCount()),
      'Prepoznaj pjesmu',
      'Ocjena znanja',
      'Beskonačna zabava',
    ])
      await page.getByText(text, { exact: true }).first().waitFor();
    expect(await page.locator('[data-counts]').textContent()).toBe(embeddedCatalogueCounts());
    expect(await page.locator('footer').textContent()).toContain('© 2025');
    expect(await page.locator('footer a[href="/statistics"]').textContent()).toBe('Statistika');
    expect(await page.locator('footer a[href="/uzivo"]').textContent()).toBe('Kviz uživo');
    // No React on this page, and at most 5 KB of JavaScript in all: players arrive from a shared
    // link on a phone (docs/decisions/008); the outbox's sender is fetched only while a play
    // waits (docs/decisions/032).
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThanOrEqual(1);
    expect(bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0)).toBeLessThanOrEqual(5 * 1024);
    for (const body of bodies) expect(body).not.toMatch(/Symbol\.for\("react\./); // React's element markers survive minification
    await context.close();
  });
});

describe('accessibility (axe-core): no serious or critical violations', () => {
  const pages: [string, (page: Page) => Promise<void>][] = [
    ['/', async (page) => void (await page.goto('/'))],
    [
      '/quiz (a question, then answered)',
      async (page) => {
        await page.goto('/quiz');
        await page.getByText('Stih 1/30', { exact: true }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.locator('[data-option="A"]').click();
        await page.locator('[data-album]').waitFor();
      },
    ],
    [
      '/results',
      async (page) => {
        await page.goto('/quiz');
        await playQuiz(page, 'click');
        await page.locator('[data-percentile]').waitFor();
      },
    ],
    ['/nope (404)', async (page) => void (await page.goto('/nope'))],
  ];

  for (const viewport of [undefined, { width: 375, height: 667 }, { width: 320, height: 568 }]) {
    test.each(pages)(`%s${viewport ? ` at ${viewport.width}×${viewport.height}` : ''}`, async (_, open) => {
      const { context, page } = await newPage(viewport ? { viewport, isMobile: true, hasTouch: true } : {});
      await open(page);
      expect(await seriousViolations(page)).toEqual([]);
      if (viewport) {
        // Nothing wider than the phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }
      await context.close();
    });
  }
});

describe('after a play', () => {
  test('"Započni kviz" from the start page begins a new play, not the finished one', async () => {
    const { context, page } = await newPage();
    await page.goto('/quiz');
    await playQuiz(page, 'click');
    await page.locator('[data-percentile]').waitFor();
    const before = (await overview()).totalAttempts;
    await page.goto('/');
    await page.getByRole('link', { name: 'Započni kviz' }).first().click();
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/quiz');
    expect(await page.locator('[data-option]:not([disabled])').count()).toBe(5);
    expect((await overview()).totalAttempts).toBe(before);
    await context.close();
  });
});

describe('a player faster than PLAY_MIN_SECONDS', () => {
  test('sees the result and the position at once; the play is recorded at once, no error shown or logged (docs/decisions/032)', async () => {
    const slow = await startBinary({ env: { PLAY_MIN_SECONDS: '60' } });
    try {
      const context = await site.browser.newContext({ baseURL: slow.url });
      const page = await context.newPage();
      const problems = watchConsole(page);
      const plays = async () =>
        ((await (await fetch(`${slow.url}/api/stats/overview`)).json()) as { totalAttempts: number })
          .totalAttempts;
      await page.goto('/quiz');
      const fetchedAt = Date.now();
      const { correct } = await playQuiz(page, 'keyboard');
      expect(await page.locator('[data-score]').textContent()).toBe(`${correct}/30`);
      await page.locator('[data-percentile]').waitFor({ timeout: 30_000 });
      // Long before the 60 s the server counts the play from: nothing waited for the minimum.
      expect(Date.now() - fetchedAt).toBeLessThan(60_000);
      expect(await plays()).toBe(1);
      // The server never saw a submission it had to refuse.
      expect(slow.logs.filter((line) => line.includes('"status":422'))).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await slow.stop();
    }
  });
});
