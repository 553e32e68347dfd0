/**
 * Difficulty modes in the browser (docs/decisions/022): the start page's choice, a hard play,
 * and a results page that says which plays its percentile compares with. The compiled binary
 * driven by Debian chromium; axe and the layout checks at 1280, 375 and 320 px, light and dark.
 * KVIZ_SCREENSHOTS=dir keeps the screenshots for a person to look at.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { seriousViolations, watchConsole } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { startSite } from '../support/site';

setDefaultTimeout(120_000);

const site = startSite();

const shots = process.env.KVIZ_SCREENSHOTS;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** Plays the 30 lines on screen, the first `right` of them right. */
async function play(page: Page, right: number) {
  for (let i = 1; i <= 30; i++) {
    await page.getByText(`Stih ${i}/30`, { exact: true }).waitFor();
    const index = await page.evaluate((good) => {
      const quiz = JSON.parse(sessionStorage.getItem('kviz.quiz') ?? 'null') as {
        currentIndex: number;
        questions: { correctSongId: number; options: { id: number }[] }[];
      };
      const q = quiz.questions[quiz.currentIndex]!;
      return q.options.findIndex((o) => (o.id === q.correctSongId) === good);
    }, i <= right);
    await page.locator(`[data-option="${'ABCDE'[index]}"]`).click();
    await page.getByRole('button', { name: i === 30 ? 'Završi kviz' : 'Sljedeći stih' }).click();
  }
  await page.waitForURL('**/results');
}

const sizes = [
  { width: 1280, height: 900, isMobile: false },
  { width: 375, height: 667, isMobile: true },
  { width: 320, height: 568, isMobile: true },
] as const;

describe('difficulty', () => {
  test('choose Teško on the start page, play, and the results compare with Teško plays', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/');
    const group = page.getByRole('group', { name: 'Težina' });
    expect(await group.getByRole('radio', { name: 'Normalno' }).isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Započni kviz' }).first().getAttribute('href')).toBe(
      '/quiz?nova',
    );
    await group.getByRole('radio', { name: 'Teško' }).click();
    expect(await group.getByRole('radio', { name: 'Teško' }).isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Započni kviz' }).first().getAttribute('href')).toBe(
      '/quiz?nova&difficulty=hard',
    );
    // The page carries its first play (docs/decisions/032): drawn at the difficulty of its address.
    const quizRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/quiz');
    await page.getByRole('link', { name: 'Započni kviz' }).first().click();
    expect((await quizRequest).url()).toContain('difficulty=hard');
    await page.locator('[data-difficulty="hard"]').waitFor();
    expect(await page.locator('[data-difficulty="hard"]').textContent()).toContain('Teško');
    await play(page, 12);
    const position = page.locator('[data-percentile]');
    await position.waitFor({ timeout: 30_000 });
    expect(await position.getAttribute('data-difficulty')).toBe('hard');
    expect(await position.textContent()).toContain('igrača na teškoj razini');
    // The server recorded it as hard: one hard play, scored 12.
    const hard = (await (
      await fetch(`${site.server.url}/api/score-percentile/12?difficulty=hard`)
    ).json()) as {
      totalPlayers: number;
    };
    expect(hard.totalPlayers).toBeGreaterThanOrEqual(1);
    expect(await seriousViolations(page)).toEqual([]);
    // The same results at every width, light and dark (the play is kept in the browser).
    for (const colorScheme of ['light', 'dark'] as const)
      for (const size of sizes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme });
        await page.reload();
        await page.locator('[data-percentile][data-difficulty="hard"]').waitFor({ timeout: 30_000 });
        expect(await seriousViolations(page)).toEqual([]);
        expect(await layoutProblems(page)).toEqual([]);
        await shoot(page, `results-hard-${size.width}-${colorScheme}`);
      }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a normal play names no level: the quiz and the position box read as without difficulties', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Započni kviz' }).first().click();
    await page.getByText('Stih 1/30', { exact: true }).waitFor();
    expect(await page.locator('[data-difficulty]').count()).toBe(0);
    await play(page, 20);
    const position = page.locator('[data-percentile]');
    await position.waitFor({ timeout: 30_000 });
    expect(await position.getAttribute('data-difficulty')).toBe('normal');
    expect(await position.textContent()).not.toContain('razini');
    expect(await position.textContent()).toContain('Bolje od');
    await context.close();
  });

  test('the finished quiz offers the choice for the next play', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url });
    const page = await context.newPage();
    await page.goto('/quiz?nova&difficulty=easy');
    await page.locator('[data-difficulty="easy"]').waitFor();
    await play(page, 30);
    await page.goto('/quiz');
    await page.locator('[data-finished-play]').waitFor();
    const group = page.getByRole('group', { name: 'Težina' });
    // The finished play's difficulty is preselected (issue 33: the choice is not forgotten).
    expect(await group.getByRole('radio', { name: 'Lagano' }).isChecked()).toBe(true);
    await group.getByRole('radio', { name: 'Teško' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'quiz-finished-1280-light');
    const quizRequest = page.waitForRequest((r) => r.url().includes('/api/quiz'));
    await page.getByRole('button', { name: 'Nova igra' }).click();
    expect((await quizRequest).url()).toContain('difficulty=hard');
    await page.locator('[data-difficulty="hard"]').waitFor();
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const)
    for (const size of sizes)
      test(`${size.width} px, ${colorScheme}: start page, a hard line, the finished card; axe and layout`, async () => {
        const context = await site.browser.newContext({
          baseURL: site.server.url,
          viewport: { width: size.width, height: size.height },
          isMobile: size.isMobile,
          hasTouch: size.isMobile,
          colorScheme,
        });
        const page = await context.newPage();
        await page.goto('/');
        await page.getByRole('group', { name: 'Težina' }).getByRole('radio', { name: 'Teško' }).click();
        expect(await seriousViolations(page)).toEqual([]);
        expect(await layoutProblems(page)).toEqual([]);
        await shoot(page, `landing-${size.width}-${colorScheme}`);
        await page.getByRole('link', { name: 'Započni kviz' }).first().click();
        await page.locator('[data-difficulty="hard"]').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        expect(await layoutProblems(page)).toEqual([]);
        await shoot(page, `quiz-hard-${size.width}-${colorScheme}`);
        await context.close();
      });
});
