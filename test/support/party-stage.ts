/**
 * The stage of Kviz uživo's browser tests: the app built from the sources with the client of the
 * test build and the demo catalogue, on 127.0.0.1, its games on a clock the test moves (so timing
 * is exact), and Debian chromium with one context per screen.
 */
import { expect } from 'bun:test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page, WebSocketRoute } from 'playwright-core';
import { createApp } from '../../src/app';
import type { CatalogueFile } from '../../src/catalogue/openapi';
import { loadClientAssets } from '../../src/pages/client-assets';
import { createManualClock, type ManualClock } from '../../src/party/manual-clock';
import { PARTY_SOCKET_PATH } from '../../src/shared/contracts/party';
import { buildBinary } from './binary';
import { launchBrowser, seriousViolations, watchConsole } from './browser';
import { createTestApp } from './fixtures';
import { PartyClient } from './party-client';

/** Set PARTY_SCREENSHOTS=dir to keep screenshots of every screen (light and dark). */
const shots = process.env.PARTY_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });

export interface Screen {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

export interface PartyStage {
  browser: Browser;
  url: string;
  clock: ManualClock;
  /** The right title of a lyric of the demo catalogue. */
  titleOf: (lyric: string) => string;
  stop: () => Promise<void>;
}

export async function startPartyStage(): Promise<PartyStage> {
  await buildBinary(); // builds dist/client too
  const assets = loadClientAssets();
  if (!assets) throw new Error('no client build');
  const catalogue = JSON.parse(
    readFileSync(join(import.meta.dir, '../../data/catalogue.json'), 'utf8'),
  ) as CatalogueFile;
  const { deps } = await createTestApp({ catalogue, assets });
  const clock = createManualClock(Date.now());
  const app = createApp({ ...deps, partyClock: clock }).listen({ port: 0, hostname: '127.0.0.1' });
  const index = deps.catalogue();
  const browser = await launchBrowser();
  return {
    browser,
    url: `http://127.0.0.1:${app.server!.port}`,
    clock,
    titleOf: (lyric) => index.askable.find((l) => l.text === lyric)!.song.title,
    stop: async () => {
      await browser.close();
      await app.stop(true);
    },
  };
}

/** A new browser context at `width` × `height` on `path`; dialogs are accepted. */
export async function openScreen(
  stage: PartyStage,
  path: string,
  width: number,
  height: number,
  before?: (page: Page) => Promise<unknown>,
): Promise<Screen> {
  const context = await stage.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await before?.(page);
  const problems = watchConsole(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${stage.url}${path}`);
  return { context, page, problems };
}

/** Closes the screens, each first checked for console problems (the sockets' own closing aside). */
export async function closeAll(screens: Screen[]): Promise<void> {
  for (const screen of screens) {
    expect(screen.problems.filter((p) => !p.includes('WebSocket'))).toEqual([]);
    await screen.context.close();
  }
}

export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Whether the page scrolls sideways (a wider document than its viewport). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** Screenshots in light and dark at the page's size and, for the host, at 1280×720 too. */
export async function shoot(screen: Screen, name: string, host = false): Promise<void> {
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

/**
 * Moves the game's clock a second at a time until `locator` shows: for what follows something the
 * server learns on its own (a socket's close), which the test cannot await.
 */
export async function advanceUntil(stage: PartyStage, locator: Locator, maxSeconds = 15): Promise<void> {
  for (let s = 0; s < maxSeconds; s++) {
    stage.clock.advance(1_000);
    if (
      await locator.waitFor({ timeout: 250 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  await locator.waitFor({ timeout: 1 });
}

/** The lyric of the line on the host's screen. */
export async function lyricOnHost(host: Page): Promise<string> {
  const text = await host.locator('p', { hasText: '„' }).first().textContent();
  return text!.replace(/^„|“$/g, '');
}

/** The five titles of the line on the host's screen, A to E. */
export function optionsOnHost(host: Page): Promise<string[]> {
  return host.locator('ol li span:nth-child(2)').allTextContents();
}

/** Opens a room from the host's setup form with the choices labelled so, and returns its code. */
export async function openRoom(host: Page, choices: string[] = ['30 s']): Promise<string> {
  for (const label of choices) await host.getByLabel(label, { exact: true }).check();
  await host.getByRole('button', { name: 'Otvori sobu' }).click();
  const codeElement = host.locator('[data-room-code]');
  await codeElement.waitFor();
  return (await codeElement.getAttribute('data-room-code'))!;
}

/** Joins a phone's join page (opened on the room's link) with a nickname, up to its lobby. */
export async function joinOnPhone(phone: Page, nickname: string): Promise<void> {
  await phone.getByLabel('Nadimak').fill(nickname);
  await phone.getByRole('button', { name: 'Uđi u sobu' }).click();
  await phone.getByRole('heading', { name: 'Bok,' }).waitFor();
}

/** A player that is a socket of the test, not a browser: for the screens a test does not look at. */
export async function joinBySocket(stage: PartyStage, code: string, nickname: string) {
  const client = await PartyClient.connect(
    `${stage.url.replace(/^http/, 'ws')}${PARTY_SOCKET_PATH}?kod=${code}`,
  );
  client.send({ type: 'join', code, nickname });
  const joined = await client.next('joined');
  return { client, joined };
}

/** Clicks an option on a phone and waits for the lock (or the result, when it ended the line). */
export async function answerOnPhone(phone: Page, title: string | 'wrong', options: string[], right: string) {
  const pick = title === 'wrong' ? options.findIndex((o) => o !== right) : options.indexOf(title);
  await phone.locator(`button[data-option="${pick}"]`).click();
  await phone
    .getByText(/je zaključan|Točno!|Netočno/)
    .first()
    .waitFor();
}

/**
 * Routes a page's Kviz uživo socket through the test (before the page opens it), so that what the
 * server sends can be held: `hold()` queues it, `release(until)` waits for a message matching
 * `until` to arrive, then delivers the queue. The page's own messages always go out at once.
 */
export async function interceptable(page: Page) {
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
