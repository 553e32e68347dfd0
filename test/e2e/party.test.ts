/**
 * Kviz uživo in Debian chromium (issue 32, docs/decisions/031-live-game.md): one host screen
 * and three phones (one at 320 px) play three lines; a phone reloads mid-game and keeps its
 * points, a late answer is refused, the host ends the game on the podium. The app is built from
 * the sources with the client of the test build and the demo catalogue, listening on 127.0.0.1;
 * the game runs on a clock the test moves, so timing is exact.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { createApp } from '../../src/app';
import type { CatalogueFile } from '../../src/catalogue/openapi';
import { loadClientAssets } from '../../src/pages/client-assets';
import { createManualClock, type ManualClock } from '../../src/party/manual-clock';
import { buildBinary } from '../support/binary';
import { launchBrowser, seriousViolations, watchConsole } from '../support/browser';
import { createTestApp } from '../support/fixtures';

setDefaultTimeout(180_000);

/** Set PARTY_SCREENSHOTS=dir to keep screenshots of every screen (host 1920×1080 and 1280×720, phones 375 and 320, light and dark). */
const shots = process.env.PARTY_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });

let browser: Browser;
let url: string;
let clock: ManualClock;
let stop: () => unknown;
let titleOf: (lyric: string) => string;

beforeAll(async () => {
  await buildBinary(); // builds dist/client too
  const assets = loadClientAssets();
  if (!assets) throw new Error('no client build');
  const catalogue = JSON.parse(
    readFileSync(join(import.meta.dir, '../../data/catalogue.json'), 'utf8'),
  ) as CatalogueFile;
  const { deps } = await createTestApp({ catalogue, assets });
  clock = createManualClock(Date.now());
  const app = createApp({ ...deps, partyClock: clock }).listen({ port: 0, hostname: '127.0.0.1' });
  stop = () => app.stop(true);
  url = `http://127.0.0.1:${app.server!.port}`;
  const index = deps.catalogue();
  titleOf = (lyric) => index.askable.find((l) => l.text === lyric)!.song.title;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stop?.();
});

interface Screen {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function open(
  path: string,
  width: number,
  height: number,
  before?: (page: Page) => Promise<unknown>,
): Promise<Screen> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await before?.(page);
  const problems = watchConsole(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${url}${path}`);
  return { context, page, problems };
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Screenshots in light and dark at the page's size and, for the host, at 1280×720 too. */
async function shoot(screen: Screen, name: string, host = false): Promise<void> {
  if (!shots) return;
  const { page } = screen;
  const size = page.viewportSize()!;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.screenshot({ path: join(shots, `${name}-${size.width}-${scheme}.png`) });
    if (host) {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.screenshot({ path: join(shots, `${name}-1280-${scheme}.png`) });
      await page.setViewportSize(size);
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
}

/** Lets the lobby's throttled updates go out (the phones' count goes once a second). */
const flush = () => clock.advance(1_000);

async function lyricOnHost(host: Page): Promise<string> {
  const text = await host.locator('p', { hasText: '„' }).first().textContent();
  return text!.replace(/^„|“$/g, '');
}

async function answer(phone: Page, title: string | 'wrong', options: string[], right: string) {
  const pick = title === 'wrong' ? options.findIndex((o) => o !== right) : options.indexOf(title);
  await phone.locator(`button[data-option="${pick}"]`).click();
  // The last to answer ends the line: the result replaces the lock at once.
  await phone
    .getByText(/je zaključan|Točno!|Netočno/)
    .first()
    .waitFor();
}

describe('Kviz uživo', () => {
  test('a host and three phones play three lines, one reloads, one answers late, the podium ends it', async () => {
    const host = await open('/uzivo', 1920, 1080);
    await expectAccessible(host.page);
    await shoot(host, 'host-setup', true);
    await host.page.getByLabel('30 s').check();
    await host.page.getByRole('button', { name: 'Otvori sobu' }).click();
    const codeElement = host.page.locator('[data-room-code]');
    await codeElement.waitFor();
    const code = (await codeElement.getAttribute('data-room-code'))!;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{7}$/);
    expect(await host.page.locator('svg[data-qr-text]').getAttribute('data-qr-text')).toBe(
      `${url}/uzivo/pridruzi?kod=${code}`,
    );
    await host.page.getByText('Čekamo igrače…').waitFor();

    // Three phones: two at 375 px, Boris at 320 px.
    const phones: Record<string, Screen> = {};
    let cecaSocket: Awaited<ReturnType<typeof interceptable>> | undefined;
    for (const [nickname, width] of [
      ['Ana', 375],
      ['Boris', 320],
      ['Ceca', 375],
    ] as const) {
      const phone = await open(`/uzivo/pridruzi?kod=${code}`, width, 740, async (page) => {
        if (nickname === 'Ceca') cecaSocket = await interceptable(page);
      });
      if (nickname === 'Ana') {
        await expectAccessible(phone.page);
        await shoot(phone, 'phone-join');
      }
      expect(await phone.page.getByLabel('Kod sobe').inputValue()).toBe(code);
      await phone.page.getByLabel('Nadimak').fill(nickname);
      await phone.page.getByRole('button', { name: 'Uđi u sobu' }).click();
      await phone.page.getByText(`Bok, ${nickname}!`).waitFor();
      phones[nickname] = phone;
    }
    const { Ana: ana, Boris: boris, Ceca: ceca } = phones as Record<'Ana' | 'Boris' | 'Ceca', Screen>;

    // A taken nickname is refused in Croatian.
    const copycat = await open(`/uzivo/pridruzi?kod=${code}`, 375, 740);
    await copycat.page.getByLabel('Nadimak').fill('ana');
    await copycat.page.getByRole('button', { name: 'Uđi u sobu' }).click();
    await copycat.page.getByText('Taj nadimak već netko koristi u ovoj sobi. Odaberi drugi.').waitFor();
    await copycat.context.close();

    flush();
    await host.page.locator('[data-player-count="3"]').getByText('3 igrača').waitFor();
    // The lobby says the game's settings and the room once (the line under the screen is for later).
    expect(await host.page.getByText('30 sekundi po stihu').count()).toBe(1);
    expect(await ana.page.getByText(code).count()).toBe(1);
    await expectAccessible(host.page);
    await shoot(host, 'host-lobby', true);
    await shoot(ana, 'phone-lobby');

    // Line 1: Ana right after 6 s (of 30: 900 points), Boris right after 15 s (750), Ceca wrong.
    await host.page.getByRole('button', { name: 'Pokreni igru' }).click();
    await host.page.getByText('Stih 1 / 10').waitFor();
    const lyric1 = await lyricOnHost(host.page);
    const options1 = await host.page.locator('ol li span:nth-child(2)').allTextContents();
    const right1 = titleOf(lyric1);
    await ana.page.locator('button[data-option]').first().waitFor();
    for (const phone of [ana, boris]) {
      const box = await phone.page.locator('button[data-option]').first().boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(48);
      expect(box!.width).toBeLessThanOrEqual(phone.page.viewportSize()!.width);
    }
    await expectAccessible(ana.page);
    await expectAccessible(host.page);
    await shoot(host, 'host-line', true);
    await shoot(ana, 'phone-line');
    await shoot(boris, 'phone-line');
    clock.advance(6_000);
    await answer(ana.page, right1, options1, right1);
    clock.advance(9_000);
    await answer(boris.page, right1, options1, right1);
    await answer(ceca.page, 'wrong', options1, right1);
    await host.page.locator('[data-reveal]').getByText(right1).waitFor();
    await ana.page.getByText('Točno! +900').waitFor();
    await boris.page.getByText('Točno! +750').waitFor();
    await ceca.page.getByText('Netočno').waitFor();
    expect(await ana.page.locator('[data-rank]').getAttribute('data-rank')).toBe('1');
    await expectAccessible(host.page);
    await expectAccessible(ceca.page);
    await shoot(host, 'host-reveal', true);
    await shoot(ana, 'phone-right');
    await shoot(ceca, 'phone-wrong');
    await shoot(boris, 'phone-right');

    await host.page.getByRole('button', { name: 'Dalje' }).click();
    await host.page.getByText('Poredak nakon 1. stiha').waitFor();
    await expectAccessible(host.page);
    await shoot(host, 'host-scoreboard', true);

    // Line 2: Boris reloads before answering and comes back with his 750 points.
    await host.page.getByRole('button', { name: 'Dalje' }).click();
    await host.page.getByText('Stih 2 / 10').waitFor();
    const lyric2 = await lyricOnHost(host.page);
    const options2 = await host.page.locator('ol li span:nth-child(2)').allTextContents();
    const right2 = titleOf(lyric2);
    await boris.page.reload();
    await boris.page.getByText('Stih 2 / 10').waitFor();
    clock.advance(3_000); // 1000 × (1 − 0.1 / 2) = 950
    await answer(boris.page, right2, options2, right2);
    await answer(ana.page, 'wrong', options2, right2);
    await answer(ceca.page, right2, options2, right2);
    await boris.page.getByText('Točno! +950').waitFor();
    expect(await boris.page.locator('[data-total-points]').getAttribute('data-total-points')).toBe('1700');

    // Line 3: Ceca's answer reaches the server after the time is up and is refused.
    await host.page.getByRole('button', { name: 'Dalje' }).click();
    await host.page.getByRole('button', { name: 'Dalje' }).click();
    await host.page.getByText('Stih 3 / 10').waitFor();
    const lyric3 = await lyricOnHost(host.page);
    const options3 = await host.page.locator('ol li span:nth-child(2)').allTextContents();
    const right3 = titleOf(lyric3);
    await answer(ana.page, right3, options3, right3);
    // Ceca's socket is held: what the server sends her waits until she has clicked.
    cecaSocket!.hold();
    clock.advance(30_000);
    await host.page.locator('[data-reveal]').waitFor();
    await ceca.page.locator(`button[data-option="${options3.indexOf(right3)}"]`).click();
    await cecaSocket!.release(/"type":"refused"/);
    await ceca.page.getByText('Vrijeme je isteklo: odgovor nije primljen.').waitFor();
    await ceca.page.getByText('Bez odgovora').waitFor();
    await shoot(ceca, 'phone-late');

    // The host ends the game: the podium on the big screen, each phone its place.
    await host.page.getByRole('button', { name: 'Završi igru' }).click();
    await host.page.getByRole('heading', { name: 'Pobjednici' }).waitFor();
    const ranking = await host.page.locator('[tabindex="0"] li').allTextContents();
    expect(ranking).toHaveLength(3);
    expect(ranking[0]).toContain('Ana'); // 900 + 0 + 1000 (answered at once)
    expect(ranking[0]).toContain('1.900');
    expect(ranking[1]).toContain('Boris');
    expect(ranking[1]).toContain('1.700');
    await ana.page.locator('[data-final-place="1"]').waitFor();
    await boris.page.locator('[data-final-place="2"]').getByText('od 3 igrača', { exact: true }).waitFor();
    await ceca.page.locator('[data-final-place="3"]').waitFor();
    await expectAccessible(host.page);
    await expectAccessible(boris.page);
    await shoot(host, 'host-podium', true);
    await shoot(ana, 'phone-final');
    await shoot(boris, 'phone-final');

    for (const screen of [host, ana, boris, ceca]) {
      expect(screen.problems.filter((p) => !p.includes('WebSocket'))).toEqual([]);
      await screen.context.close();
    }
  });
});

/**
 * Routes a page's Kviz uživo socket through the test (before the page opens it), so that what the
 * server sends can be held: `hold()` queues it, `release(until)` waits for a message matching
 * `until` to arrive, then delivers the queue. The page's own messages always go out at once.
 */
async function interceptable(page: Page) {
  const queue: string[] = [];
  let route: WebSocketRoute | undefined;
  let holding = false;
  await page.routeWebSocket(/\/api\/uzivo\/ws(\?kod=[A-Z0-9]+)?$/, (ws) => {
    route = ws;
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (holding) queue.push(String(m));
      else ws.send(m);
    });
  });
  return {
    hold() {
      holding = true;
    },
    async release(until: RegExp) {
      const deadline = Date.now() + 5_000;
      while (!queue.some((m) => until.test(m))) {
        if (Date.now() > deadline) throw new Error(`no ${until} among ${queue.join('\n')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      holding = false;
      for (const m of queue.splice(0)) route!.send(m);
    },
  };
}
