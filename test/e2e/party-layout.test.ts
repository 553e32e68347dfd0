/**
 * Kviz uživo's screens keep to their width (docs/decisions/031-live-game.md): long nicknames
 * without spaces, the join link and the line's bar at 1280, 375 and 320 px, on the host's screen
 * and the phones. Nothing may scroll sideways; a name too long for its place ends in an ellipsis
 * with the whole name in its title.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import type { PartyClient } from '../support/party-client';
import {
  answerOnPhone,
  closeAll,
  joinBySocket,
  joinOnPhone,
  lyricOnHost,
  openRoom,
  openScreen,
  optionsOnHost,
  type PartyStage,
  type Screen,
  scrollsSideways,
  shoot,
  startPartyStage,
} from '../support/party-stage';

setDefaultTimeout(180_000);

let stage: PartyStage;
beforeAll(async () => {
  stage = await startPartyStage();
});
afterAll(() => stage?.stop());

const WIDTHS = [1280, 375, 320] as const;
const W24 = 'W'.repeat(24);
const GAMER = 'xXx_ProGamer_2010_xXx';
const ALEKS = 'Aleksandrović-Vukićević';
const SCEP = 'ŠĆEPANOVIĆŽĐ-ČAČIĆ';

/** Whether the screen scrolls sideways at any of the widths (its height kept); a screenshot at each. */
async function atWidths(screen: Screen, widths: readonly number[], what: string): Promise<void> {
  const { page } = screen;
  const { height } = page.viewportSize()!;
  const wide: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    if (await scrollsSideways(page)) wide.push(`${what} at ${width}`);
    await shoot(screen, what.replaceAll(' ', '-'));
  }
  expect(wide).toEqual([]);
}

async function atPhoneWidths(phones: Record<string, Screen>, what: string): Promise<void> {
  for (const [name, phone] of Object.entries(phones)) await atWidths(phone, [375, 320], `${name} ${what}`);
}

/** How many lines of text `part` of the element's text takes up (spaces of either kind alike). */
function linesOf(page: Page, selector: string, part: string): Promise<number> {
  return page.evaluate(
    ({ selector, part }) => {
      const element = document.querySelector(selector)!;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
      // A no-break space is a space here: the check is where the part breaks, not how it is spaced.
      const text = nodes
        .map((n) => n.data)
        .join('')
        .replaceAll('\u00a0', ' ');
      const at = (offset: number): [Text, number] => {
        for (const node of nodes) {
          if (offset <= node.data.length) return [node, offset];
          offset -= node.data.length;
        }
        throw new Error('offset past the text');
      };
      const start = text.indexOf(part);
      if (start < 0) throw new Error(`no "${part}" in "${text}"`);
      const range = document.createRange();
      range.setStart(...at(start));
      range.setEnd(...at(start + part.length));
      return new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size;
    },
    { selector, part },
  );
}

/** Answers the socket player's current line right or wrong. */
async function answerBySocket(client: PartyClient, right: boolean): Promise<void> {
  const line = await client.next('line');
  const key = line.options.indexOf(stage.titleOf(line.lyric));
  client.send({ type: 'answer', line: line.index, option: right ? key : (key + 1) % 5 });
  await client.next('ack');
}

/** The podium's three steps: each inside the podium, all as wide, each name whole in its title. */
async function expectPodiumFits(host: Page, names: string[]): Promise<void> {
  const layout = await host.locator('[data-podium]').evaluate((podium) => {
    const box = podium.getBoundingClientRect();
    const steps = [...podium.children].map((s) => s.getBoundingClientRect());
    return {
      inside: steps.every((s) => s.left >= box.left - 0.5 && s.right <= box.right + 0.5),
      widths: new Set(steps.map((s) => Math.round(s.width))).size,
      titles: [...podium.querySelectorAll('[title]')].map((e) => e.getAttribute('title')),
    };
  });
  expect(layout).toEqual({ inside: true, widths: 1, titles: names });
}

describe('Kviz uživo with long nicknames', () => {
  test('every screen keeps to 1280, 375 and 320 px: lobby, line, podium, the phones', async () => {
    const host = await openScreen(stage, '/uzivo', 1280, 720);
    const code = await openRoom(host.page, ['30 s', 'Automatski nakon 5 s']);
    // The join link breaks before the code, never inside it; "5 s" stays together.
    for (const width of [375, 320]) {
      await host.page.setViewportSize({ width, height: 720 });
      expect(await linesOf(host.page, '[data-join-link]', `kod=${code}`)).toBe(1);
      expect(await linesOf(host.page, '[data-settings]', 'nakon 5 s')).toBe(1);
    }
    await host.page.setViewportSize({ width: 1280, height: 720 });

    const joinPath = `/uzivo/pridruzi?kod=${code}`;
    const w24 = await openScreen(stage, joinPath, 320, 740);
    await joinOnPhone(w24.page, W24);
    const gamer = await openScreen(stage, joinPath, 375, 740);
    await joinOnPhone(gamer.page, GAMER);
    const aleks = await joinBySocket(stage, code, ALEKS);
    const scep = await joinBySocket(stage, code, SCEP);
    stage.clock.advance(1_000);
    await host.page.locator('[data-player-count="4"]').waitFor();
    await atWidths(host, WIDTHS, 'host lobby');
    // The list of names scrolls down, never sideways: a long name ends in an ellipsis.
    const names = host.page.getByRole('list', { name: 'Igrači u sobi' });
    for (const width of WIDTHS) {
      await host.page.setViewportSize({ width, height: 720 });
      expect({ width, wide: await names.evaluate((l) => l.scrollWidth > l.clientWidth) }).toEqual({
        width,
        wide: false,
      });
      expect(await names.getByTitle(W24).isVisible()).toBe(true);
    }
    await atPhoneWidths({ w24, gamer }, 'lobby');

    await host.page.setViewportSize({ width: 1280, height: 720 });
    await host.page.getByRole('button', { name: 'Pokreni igru' }).click();
    await host.page.getByText('Stih 1 / 10').waitFor();
    // The countdown stays on the row of the answer count, however narrow the screen.
    for (const width of [375, 320]) {
      await host.page.setViewportSize({ width, height: 720 });
      const timer = (await host.page.getByRole('timer').boundingBox())!;
      const answered = (await host.page.locator('[data-answered]').boundingBox())!;
      expect({
        width,
        sameRow: timer.y < answered.y + answered.height && answered.y < timer.y + timer.height,
      }).toEqual({
        width,
        sameRow: true,
      });
    }
    await atWidths(host, WIDTHS, 'host line');
    await w24.page.locator('button[data-option]').first().waitFor();
    await atPhoneWidths({ w24, gamer }, 'line');

    // Aleksandrović first, the W's second, Šćepanović third, the gamer last.
    const lyric = await lyricOnHost(host.page);
    const options = await optionsOnHost(host.page);
    const right = stage.titleOf(lyric);
    await answerBySocket(aleks.client, true);
    stage.clock.advance(3_000);
    await answerOnPhone(w24.page, right, options, right);
    stage.clock.advance(3_000);
    await answerBySocket(scep.client, true);
    await answerOnPhone(gamer.page, 'wrong', options, right);
    await w24.page.getByText('Točno!').waitFor();
    await atPhoneWidths({ w24, gamer }, 'result');

    await host.page.setViewportSize({ width: 1280, height: 720 });
    await host.page.getByRole('button', { name: 'Završi igru' }).click();
    await host.page.getByRole('heading', { name: 'Pobjednici' }).waitFor();
    await w24.page.locator('[data-final-place="2"]').waitFor();
    await atWidths(host, WIDTHS, 'host podium');
    for (const width of WIDTHS) {
      await host.page.setViewportSize({ width, height: 720 });
      await expectPodiumFits(host.page, [W24, ALEKS, SCEP]);
    }
    await atPhoneWidths({ w24, gamer }, 'final');
    await closeAll([host, w24, gamer]);
    aleks.client.close();
    scep.client.close();
  });

  test('a podium of short names fits a phone-width host screen', async () => {
    const host = await openScreen(stage, '/uzivo', 320, 720);
    const code = await openRoom(host.page);
    const players = await Promise.all(['Ivan', 'Marija', 'Petra'].map((n) => joinBySocket(stage, code, n)));
    stage.clock.advance(1_000);
    await host.page.locator('[data-player-count="3"]').waitFor();
    await host.page.getByRole('button', { name: 'Pokreni igru' }).click();
    for (const { client } of players) {
      await answerBySocket(client, true);
      stage.clock.advance(2_000);
    }
    await host.page.getByRole('button', { name: 'Završi igru' }).click();
    await host.page.getByRole('heading', { name: 'Pobjednici' }).waitFor();
    await atWidths(host, [320, 375], 'host short podium');
    await expectPodiumFits(host.page, ['Marija', 'Ivan', 'Petra']);
    await closeAll([host]);
    for (const { client } of players) client.close();
  });
});
