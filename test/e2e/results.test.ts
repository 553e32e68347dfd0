/**
 * The player experience's second layer (docs/decisions/015): a play that is never lost
 * or faked, the review of the 30 lines, fair ranking texts, phone pacing and sharing that
 * travels. The compiled binary driven by Debian chromium.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  answerFreeLine,
  answerFreeLines,
  finishFreePlay,
  seriousViolations,
  watchConsole,
} from '../support/browser';
import { startSite } from '../support/site';

setDefaultTimeout(90_000);

const site = startSite();

const phone = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const smallPhone = { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true };

async function newContext(options: Parameters<Browser['newContext']>[0] = {}) {
  return site.browser.newContext({ baseURL: site.server.url, ...options });
}

async function newPage(
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await newContext(options);
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

/** Plays lines `from`..`to` of the play on screen, line i right when `right(i)`; finishing goes to /results. */
async function play(page: Page, right: (line: number) => boolean, to = 30, from = 1) {
  await answerFreeLines(page, right, to, from);
  if (to === 30) await finishFreePlay(page);
}

const score = async (page: Page) => (await page.locator('[data-score]').textContent()) ?? '';
const plays = async () =>
  ((await (await fetch(`${site.server.url}/api/stats/overview`)).json()) as { totalAttempts: number })
    .totalAttempts;

describe('a play is never lost or faked', () => {
  test('after finishing: reload, Back (the finished play is offered, not replaced), Forward and a new tab keep the same score', async () => {
    const { context, page, problems } = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Započni kviz' }).first().click();
    await play(page, (i) => i % 3 !== 0); // 20 right
    await page.locator('[data-percentile]').waitFor();
    expect(await score(page)).toBe('20/30');
    const recorded = await plays();

    await page.reload();
    await page.locator('[data-percentile]').waitFor();
    expect(await score(page)).toBe('20/30');

    await page.goBack();
    await page.waitForURL('**/quiz');
    const finished = page.locator('[data-finished-play]');
    await finished.waitFor();
    expect(await finished.textContent()).toContain('Vaš rezultat: 20/30 (Dobro)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goForward();
    await page.waitForURL('**/results');
    await page.locator('[data-percentile]').waitFor();
    expect(await score(page)).toBe('20/30');

    // A new tab of the same browser: the same result, not sent again.
    const other = await context.newPage();
    await other.goto('/results');
    await other.locator('[data-percentile]').waitFor();
    expect(await score(other)).toBe('20/30');
    // The finished play's "Pogledaj rezultat" leads back to it too.
    await other.goto('/quiz');
    await other.getByRole('link', { name: 'Pogledaj rezultat' }).click();
    await other.waitForURL('**/results');
    expect(await score(other)).toBe('20/30');
    expect(await plays()).toBe(recorded);

    // "Nova igra" starts a new play; the old result is gone from /results only then.
    await other.goto('/quiz');
    await other.getByRole('button', { name: 'Nova igra' }).click();
    await other.getByText('Stih 1/30', { exact: true }).waitFor();
    expect(await other.locator('[data-option]:not([disabled])').count()).toBe(5);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('/results mid-quiz goes back to the line the player was on; the start page offers "Nastavi kviz"', async () => {
    const { context, page } = await newPage();
    await page.goto('/quiz');
    await play(page, () => true, 7);
    await page.getByRole('button', { name: 'Sljedeći stih' }).click();
    await page.getByText('Stih 8/30', { exact: true }).waitFor();
    const lyric = await page.locator('[data-lyric]').textContent();
    await page.goto('/results');
    await page.waitForURL('**/quiz');
    await page.getByText('Stih 8/30', { exact: true }).waitFor();
    expect(await page.locator('[data-lyric]').textContent()).toBe(lyric);
    expect(await page.locator('[data-score]').count()).toBe(0);

    await page.goto('/');
    const resume = page.getByRole('link', { name: /^Nastavi kviz/ });
    await resume.waitFor();
    expect(await resume.textContent()).toBe('Nastavi kviz (stih 8/30)');
    expect(await seriousViolations(page)).toEqual([]);
    // A new tab takes the play up too.
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('link', { name: /^Nastavi kviz/ }).click();
    await other.getByText('Stih 8/30', { exact: true }).waitFor();
    expect(await other.locator('[data-lyric]').textContent()).toBe(lyric);
    // 'Započni kviz' starts a new play instead.
    await page.getByRole('link', { name: 'Započni kviz' }).first().click();
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  test('a copy of the play answered differently (a duplicated tab) is never shown with a percentile', async () => {
    const { context, page } = await newPage();
    await page.goto('/quiz');
    await play(page, (i) => i <= 25);
    await page.locator('[data-percentile]').waitFor();
    // The same play (same token) as another tab left it, with one more line right, never submitted.
    const copy = await page.evaluate(() => {
      const p = JSON.parse(localStorage.getItem('kviz.play')!) as {
        answers: { isCorrect: boolean; selectedSongId: number; correctSongId: number }[];
        correctCount: number;
        submitted: boolean;
        submission?: unknown;
      };
      const last = p.answers[29]!;
      p.answers[29] = { ...last, selectedSongId: last.correctSongId, isCorrect: true };
      p.correctCount += 1;
      p.submitted = false;
      delete p.submission;
      return JSON.stringify(p);
    });
    const duplicate = await context.newPage();
    await duplicate.goto('/statistics');
    await duplicate.evaluate((copy) => sessionStorage.setItem('kviz.quiz', copy), copy);
    await duplicate.goto('/results');
    await duplicate.locator('[data-not-ranked]').waitFor();
    expect(await score(duplicate)).toBe('26/30');
    expect(await duplicate.locator('[data-not-ranked]').textContent()).toContain('25/30');
    expect(await duplicate.locator('[data-percentile]').count()).toBe(0);
    expect(await duplicate.locator('[data-line-share]').count()).toBe(0);
    expect(await seriousViolations(duplicate)).toEqual([]);
    await context.close();
  });
});

describe('the results page', () => {
  test('reviews the 30 lines, missed first, with the shares of all players equal to the API’s', async () => {
    const { context, page } = await newPage();
    await page.goto('/quiz');
    const rightLines = new Set([2, 3, 5, 8, 13, 21]);
    await play(page, (i) => rightLines.has(i));
    await page.locator('[data-percentile]').waitFor();
    await page.locator('[data-line-share]').first().waitFor();
    const items = page.locator('[data-review-line]');
    expect(await items.count()).toBe(30);
    const rows = await items.evaluateAll((els) =>
      els.map((el) => ({
        lyricId: Number(el.getAttribute('data-review-line')),
        correct: el.getAttribute('data-correct') === 'true',
        share: el.querySelector('[data-line-share]')?.getAttribute('data-line-share'),
        text: el.textContent ?? '',
      })),
    );
    // Missed lines first.
    expect(rows.map((r) => r.correct)).toEqual([...Array(24).fill(false), ...Array(6).fill(true)]);
    const lyrics = (await (await fetch(`${site.server.url}/api/stats/lyrics`)).json()) as {
      lyricId: number;
      occurrences: number;
      correctAnswers: number;
      songTitle: string;
      albumTitle: string;
      albumYear: number;
    }[];
    const byId = new Map(lyrics.map((l) => [l.lyricId, l]));
    const percent = (n: number) =>
      `${new Intl.NumberFormat('hr-HR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n)}%`;
    for (const row of rows) {
      const line = byId.get(row.lyricId)!;
      expect(line.occurrences).toBeGreaterThan(0); // this play is counted
      expect(row.share).toBe(percent((line.correctAnswers / line.occurrences) * 100));
      expect(row.text).toContain(line.songTitle);
      expect(row.text).toContain(`Album: ${line.albumTitle}, ${line.albumYear}.`);
      if (!row.correct) expect(row.text).toContain('Vaš odgovor:');
    }
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test('the most confused song is shown for a missed line when the API sends it', async () => {
    const { context, page } = await newPage();
    await page.route('**/api/stats/lines?*', async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as Record<string, unknown>[];
      await route.fulfill({
        response,
        json: rows.map((r) => ({ ...r, confusedWith: { songId: 1, title: 'Pjesma zabune', times: 3 } })),
      });
    });
    await page.goto('/quiz');
    await play(page, (i) => i > 1); // line 1 missed
    const confused = page.locator('[data-confused-with]');
    await confused.first().waitFor();
    expect(await confused.count()).toBe(1); // missed lines only
    expect(await confused.textContent()).toBe('Najčešći pogrešan odgovor igrača: „Pjesma zabune“');
    await context.close();
  });

  test('at 375×667: score, rating, position, share and "Igraj ponovno" above the fold, the scale shown with the band marked, nothing shifts when the percentile arrives; the score is in the server\'s HTML', async () => {
    const { context, page, problems } = await newPage(phone);
    await context.addInitScript(() => {
      const w = window as unknown as { shifts: { at: number; value: number }[]; percentileAt?: number };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number })[])
          w.shifts.push({ at: e.startTime, value: e.value });
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver(() => {
        if (w.percentileAt === undefined && document.querySelector('[data-percentile]'))
          w.percentileAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/quiz');
    await play(page, (i) => i % 2 === 0);
    await page.locator('[data-percentile]').waitFor();
    await page.locator('[data-line-share]').first().waitFor();
    const { shifted, percentileAt } = await page.evaluate(() => {
      const w = window as unknown as { shifts: { at: number; value: number }[]; percentileAt: number };
      return {
        percentileAt: w.percentileAt,
        shifted: w.shifts.filter((s) => s.at >= w.percentileAt - 50).reduce((sum, s) => sum + s.value, 0),
      };
    });
    expect(percentileAt).toBeGreaterThan(0);
    expect(shifted).toBe(0);
    const bottom = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => el.getBoundingClientRect().bottom);
    for (const selector of ['[data-score]', '[data-rating]', '[data-percentile]'])
      expect(await bottom(selector)).toBeLessThanOrEqual(667);
    for (const name of [
      'Igraj ponovno',
      'Facebook',
      'Instagram',
      'WhatsApp',
      'X (Twitter)',
      'Kopiraj tekst',
    ]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box!.y + box!.height, name).toBeLessThanOrEqual(667);
    }
    // The rating scale is a table on the page, not a closed section (issue 33, defect 6).
    expect(await page.locator('details').count()).toBe(0);
    const band = page.locator('[data-rating-scale] tr[aria-current="true"]');
    expect(await band.textContent()).toContain(await page.locator('[data-rating]').textContent());
    expect(await band.isVisible()).toBe(true);
    // The score is drawn by the server: a reload's HTML, before any script, already has it.
    const score = await page.locator('[data-score]').textContent();
    const served = await (await page.request.get('/results')).text();
    expect(served.replaceAll('<!-- -->', '')).toContain(`data-score="">${score}</p>`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('30/30 is celebrated; a first play is welcomed; a second shows the personal best and the earlier plays', async () => {
    const { context, page } = await newPage();
    await page.goto('/quiz');
    await play(page, (i) => i !== 4); // 29
    await page.locator('[data-percentile]').waitFor();
    expect(await page.locator('[data-score-note]').textContent()).toContain('Vaša prva igra!');
    expect(await page.locator('[data-same-percent]').textContent()).toMatch(
      /^Isti rezultat ima \d+,\d% igrača$/,
    );
    expect(await page.locator('[data-personal-record]').count()).toBe(0);

    await page.getByRole('button', { name: 'Igraj ponovno' }).click();
    await page.waitForURL(`${site.server.url}/`);
    await page.getByRole('link', { name: 'Započni kviz' }).first().click();
    await play(page, () => true);
    await page.locator('[data-percentile]').waitFor();
    expect(await score(page)).toBe('30/30');
    expect(await page.locator('[data-score-note]').textContent()).toBe(
      'Savršeno! Svih 30 stihova pogođeno – čestitamo!',
    );
    const record = page.locator('[data-personal-record]');
    await record.waitFor();
    expect(await record.textContent()).toContain('Najbolji rezultat: 30/30');
    expect(await record.textContent()).toContain('Novi osobni rekord!');
    expect(await record.textContent()).toContain('29/30');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('sharing that travels', () => {
  test('/?r=25 serves an og:image and twitter:image that exist: a 1200×630 PNG', async () => {
    const html = await (await fetch(`${site.server.url}/?r=25&v=12345`)).text();
    const image = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
    expect(image).toBeString();
    expect(html).toContain(`<meta name="twitter:image" content="${image}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const response = await fetch(image!.replace(/^https?:\/\/[^/]+/, site.server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await response.arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const ihdr = new DataView(png.buffer, 16, 8);
    expect([ihdr.getUint32(0), ihdr.getUint32(4)]).toEqual([1200, 630]);
    // Each score its own picture.
    const other = await (await fetch(`${site.server.url}/?r=3`)).text();
    expect(other.match(/<meta property="og:image" content="([^"]+)">/)?.[1]).not.toBe(image);

    const { context, page } = await newPage(phone);
    await page.goto('/?r=25&v=12345');
    expect(await page.locator('[data-shared-score]').textContent()).toContain('25/30 (Vrlo dobro)');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test('a toast swipes away past 50 px and springs back short of it', async () => {
    const { context, page } = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/quiz');
    await play(page, () => false);
    const drag = async (dx: number) => {
      await page.getByRole('button', { name: 'Kopiraj tekst' }).click();
      const toast = page.locator('[data-toast]');
      await toast.waitFor();
      const box = (await toast.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2, { steps: 6 });
      await page.mouse.up();
      return toast.count();
    };
    expect(await drag(30)).toBe(1);
    expect(await drag(-80)).toBe(0);
    expect(await drag(80)).toBe(0);
    await context.close();
  });
});

describe('phone pacing and small things', () => {
  test("at 320×568 a wrong answer keeps the right option, the player's pick and the album line in view, the next button at the bottom; no keyboard hint on touch", async () => {
    const { context, page } = await newPage(smallPhone);
    await page.goto('/quiz');
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    expect(await page.getByText(/^Tipkovnica:/).isVisible()).toBe(false);
    for (let i = 1; i <= 5; i++) {
      // The pick furthest from the right song is the hardest case (the bar covered option E at
      // 320 px): the lowest wrong option when the right one is above it, else the highest.
      await page.waitForFunction(() => sessionStorage.getItem('kviz.quiz') !== null);
      const pick = await page.evaluate(() => {
        const play = JSON.parse(sessionStorage.getItem('kviz.quiz')!) as {
          currentIndex: number;
          questions: { correctSongId: number; options: { id: number }[] }[];
        };
        const q = play.questions[play.currentIndex]!;
        const right = q.options.findIndex((o) => o.id === q.correctSongId);
        return right < 2 ? 4 : 0;
      });
      await page.locator(`[data-option="${'ABCDE'[pick]}"]`).click();
      await page.locator('[data-album]').waitFor();
      await page.waitForFunction(() => {
        const bar = document.querySelector('[data-answer-bar]')!.getBoundingClientRect();
        return ['correct', 'wrong'].every((state) => {
          const el = document.querySelector(`[data-state="${state}"]`)!.getBoundingClientRect();
          return el.top >= 0 && el.bottom <= Math.min(bar.top, innerHeight);
        });
      });
      const bar = await page.locator('[data-answer-bar]').boundingBox();
      const album = await page.locator('[data-album]').boundingBox();
      const next = await page.getByRole('button', { name: 'Sljedeći stih' }).boundingBox();
      expect(album!.y + album!.height).toBeLessThanOrEqual(568);
      expect(next!.y + next!.height).toBeLessThanOrEqual(568);
      expect(next!.y).toBeGreaterThan(568 / 2); // the thumb's half
      expect(bar!.y).toBeGreaterThanOrEqual(0);
      if (i === 1) expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Sljedeći stih' }).click();
      await page.getByText(`Stih ${i + 1}/30`, { exact: true }).waitFor();
    }
    await context.close();
  });

  test('the keyboard hint stays on a desktop', async () => {
    const { context, page } = await newPage();
    await page.goto('/quiz');
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    expect(await page.getByText(/^Tipkovnica:/).isVisible()).toBe(true);
    await context.close();
  });

  test('loading and error screens have a level-1 heading; the focus stays on "Pokušaj ponovno" after a failed retry', async () => {
    const { context, page } = await newPage();
    // The first two fetches are held until released, so each screen is awaited in turn (a
    // retry's error heading is otherwise already on screen before the retry shows 'loading').
    const releases: (() => void)[] = [];
    const held = [0, 1].map((i) => new Promise<void>((resolve) => (releases[i] = resolve)));
    let calls = 0;
    await page.route('**/api/quiz*', async (route) => {
      const call = calls++;
      if (call < 2) {
        await held[call];
        return route.fulfill({ status: 500, body: 'boom' });
      }
      return route.continue();
    });
    const loading = page.getByRole('heading', { level: 1, name: 'Učitavanje pitanja...' });
    const failed = page.getByRole('heading', { level: 1, name: 'Pogreška pri učitavanju pitanja.' });
    await page.goto('/quiz');
    await loading.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    releases[0]!();
    await failed.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pokušaj ponovno' }).click();
    await loading.waitFor();
    releases[1]!();
    await failed.waitFor();
    // The focus moves to the re-created button in an effect after the render: wait for it (a
    // timeout here is the failure).
    await page.waitForFunction(() => document.activeElement?.textContent === 'Pokušaj ponovno', null, {
      timeout: 5000,
    });
    await page.keyboard.press('Enter');
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    await context.close();
  });

  test('long words break inside the option buttons; counts use Croatian plurals', async () => {
    const { context, page } = await newPage(smallPhone);
    const long = 'Nadalekopoznatapjesmasnajduljomriječiuhrvatskomjeziku';
    await page.route('**/api/quiz*', async (route) => {
      const response = await route.fetch();
      const questions = (await response.json()) as { options: { title: string }[] }[];
      questions[0]!.options[0]!.title = long;
      await route.fulfill({ response, json: questions });
    });
    await page.goto('/quiz');
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const option = await page.locator('[data-option="A"]').boundingBox();
    expect(option!.x + option!.width).toBeLessThanOrEqual(320);
    await answerFreeLine(page, true);
    expect(await page.locator('[data-correct-count]').textContent()).toBe('1 točan odgovor');
    await page.getByRole('button', { name: 'Sljedeći stih' }).click();
    await answerFreeLine(page, true);
    expect(await page.locator('[data-correct-count]').textContent()).toBe('2 točna odgovora');
    await context.close();
  });
});
