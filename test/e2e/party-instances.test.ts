/**
 * Kviz uživo over two instances (issue 32, docs/decisions/031-live-game.md): two binaries, each
 * with its own SQLite file and its own PARTY_CODE_PREFIXES, behind a router that follows the rule
 * of docs/deploy.md (the socket's `?kod=` by its first symbol to its instance; everything else
 * round the instances). A host screen and three phones in Debian chromium play a whole game of
 * ten lines, one phone reloading mid-game: the pages come from both instances, every socket of
 * the room reaches the one that created it, and only that one records the game. A phone's socket
 * sent straight to the other instance is told the room is elsewhere.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PARTY_SOCKET_PATH } from '../../src/shared/contracts/party';
import { type RunningBinary, startBinary } from '../support/binary';
import { launchBrowser, watchConsole } from '../support/browser';
import { PartyClient } from '../support/party-client';
import { startPartyRouter } from '../support/party-router';

setDefaultTimeout(240_000);

const PREFIXES = ['ABCDEFGHJKLMNPQR', 'STUVWXYZ23456789'] as const;
const AUTH = { authorization: `Basic ${btoa('admin:test-password-123')}` };

let instances: RunningBinary[] = [];
let router: ReturnType<typeof startPartyRouter>;
let browser: Browser;

beforeAll(async () => {
  instances = await Promise.all(
    PREFIXES.map((prefixes) => startBinary({ env: { PARTY_CODE_PREFIXES: prefixes } })),
  );
  router = startPartyRouter(instances.map((i, n) => ({ url: i.url, prefixes: PREFIXES[n]! })));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  router?.stop();
  for (const instance of instances) await instance.stop();
});

interface Screen {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function open(path: string, width: number, height: number): Promise<Screen> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${router.url}${path}`);
  return { context, page, problems };
}

async function gamesOn(instance: RunningBinary) {
  const answer = await fetch(`${instance.url}/api/admin/uzivo/games`, { headers: AUTH });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { games: { code: string; players: number; linesPlayed: number }[] }).games;
}

test('a host and three phones play ten lines over two instances; every socket of the room reaches its instance', async () => {
  const host = await open('/uzivo', 1280, 720);
  await host.page.getByLabel('30 s').check();
  await host.page.getByRole('button', { name: 'Otvori sobu' }).click();
  const codeElement = host.page.locator('[data-room-code]');
  await codeElement.waitFor();
  const code = (await codeElement.getAttribute('data-room-code'))!;
  const owner = PREFIXES.findIndex((p) => p.includes(code[0]!));
  const other = 1 - owner;
  // The create socket went round (no code yet); the room is on the instance it reached.
  const create = router.routed.find((r) => r.kind === 'socket')!;
  expect(create.kod).toBeNull();
  expect(create.upstream).toBe(owner);

  const phones: Screen[] = [];
  for (const [nickname, width] of [
    ['Ana', 375],
    ['Boris', 320],
    ['Đurđa', 375],
  ] as const) {
    const phone = await open(`/uzivo/pridruzi?kod=${code}`, width, 740);
    await phone.page.getByLabel('Nadimak').fill(nickname);
    await phone.page.getByRole('button', { name: 'Uđi u sobu' }).click();
    await phone.page.getByText(`Bok, ${nickname}!`).waitFor();
    phones.push(phone);
  }
  await host.page.locator('[data-player-count="3"]').getByText('3 igrača').waitFor();

  await host.page.getByRole('button', { name: 'Pokreni igru' }).click();
  const points = [0, 0, 0];
  for (let line = 1; line <= 10; line++) {
    await host.page.getByText(`Stih ${line} / 10`).waitFor();
    if (line === 4) {
      // Boris reloads mid-line: his socket comes back through the router, to the same instance.
      await phones[1]!.page.reload();
    }
    for (const [i, phone] of phones.entries()) {
      await phone.page.getByText(`Stih ${line} / 10`).waitFor();
      await phone.page.locator(`button[data-option="${(line + i) % 5}"]`).click();
    }
    await host.page.locator('[data-reveal]').waitFor();
    for (const [i, phone] of phones.entries()) {
      const total = phone.page.locator('[data-total-points]');
      await total.waitFor();
      await phone.page.getByText(/Točno!|Netočno/).waitFor();
      points[i] = Number(await total.getAttribute('data-total-points'));
    }
    await host.page.getByRole('button', { name: 'Dalje' }).click();
    if (line < 10) {
      await host.page.getByText(`Poredak nakon ${line}. stiha`).waitFor();
      await host.page.getByRole('button', { name: 'Dalje' }).click();
    }
  }
  await host.page.getByRole('heading', { name: 'Pobjednici' }).waitFor();
  for (const phone of phones) await phone.page.locator('[data-final-place]').waitFor();
  const ranking = await host.page.locator('[tabindex="0"] li').allTextContents();
  expect(ranking).toHaveLength(3);
  const best = Math.max(...points);
  expect(ranking[0]).toContain(best.toLocaleString('hr-HR'));

  // Pages and assets came from both instances; every socket naming the room reached its owner.
  const pages = router.routed.filter((r) => r.kind === 'http');
  expect(new Set(pages.map((r) => r.upstream))).toEqual(new Set([0, 1]));
  const roomSockets = router.routed.filter((r) => r.kind === 'socket' && r.kod !== null);
  // Three joins and Boris's return at least; the host's socket never needed one.
  expect(roomSockets.length).toBeGreaterThanOrEqual(4);
  for (const socket of roomSockets) {
    expect(socket.kod).toBe(code);
    expect(socket.upstream).toBe(owner);
  }

  // The game is recorded where it was played, and only there.
  const recorded = await gamesOn(instances[owner]!);
  expect(recorded.map((g) => [g.code, g.players, g.linesPlayed])).toEqual([[code, 3, 10]]);
  expect(await gamesOn(instances[other]!)).toEqual([]);

  // A socket that reaches the other instance (a proxy that ignores the code) is told so.
  const astray = await PartyClient.connect(
    `${instances[other]!.url.replace(/^http/, 'ws')}${PARTY_SOCKET_PATH}?kod=${code}`,
  );
  astray.send({ type: 'join', code, nickname: 'Ema' });
  expect((await astray.next('error')).code).toBe('room_elsewhere');
  astray.close();
  expect(instances[other]!.logs.some((l) => l.includes('another instance') && l.includes(code))).toBe(true);

  for (const screen of [host, ...phones]) {
    expect(screen.problems.filter((p) => !p.includes('WebSocket'))).toEqual([]);
    await screen.context.close();
  }
});
