/**
 * Kviz uživo in Debian chromium (issue 32, docs/decisions/031-live-game.md): one host screen
 * and three phones (one at 320 px) play three lines; a phone reloads mid-game and keeps its
 * points, a late answer is refused, the host ends the game on the podium. The app is built from
 * the sources with the client of the test build and the demo catalogue, listening on 127.0.0.1;
 * the game runs on a clock the test moves, so timing is exact.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import {
  answerOnPhone as answer,
  expectAccessible,
  interceptable,
  lyricOnHost,
  openScreen,
  type PartyStage,
  type Screen,
  shoot,
  startPartyStage,
} from '../support/party-stage';

setDefaultTimeout(180_000);

let stage: PartyStage;
let url: string;

beforeAll(async () => {
  stage = await startPartyStage();
  url = stage.url;
});
afterAll(() => stage?.stop());

const open = (path: string, width: number, height: number, before?: (page: Page) => Promise<unknown>) =>
  openScreen(stage, path, width, height, before);
const titleOf = (lyric: string) => stage.titleOf(lyric);

/** Lets the lobby's throttled updates go out (the phones' count goes once a second). */
const flush = () => stage.clock.advance(1_000);

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
    stage.clock.advance(6_000);
    await answer(ana.page, right1, options1, right1);
    stage.clock.advance(9_000);
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
    stage.clock.advance(3_000); // 1000 × (1 − 0.1 / 2) = 950
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
    stage.clock.advance(30_000);
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
