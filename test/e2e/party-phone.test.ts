/**
 * Kviz uživo on a player's phone (docs/decisions/031-live-game.md): a player the host removed
 * stays out of the room; a paused line's buttons are plainly unavailable.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import {
  closeAll,
  expectAccessible,
  joinOnPhone,
  openRoom,
  openScreen,
  type PartyStage,
  type Screen,
  shoot,
  startPartyStage,
} from '../support/party-stage';

setDefaultTimeout(180_000);

let stage: PartyStage;
beforeAll(async () => {
  stage = await startPartyStage();
});
afterAll(() => stage?.stop());

describe('the phone', () => {
  test('a player the host removed cannot come back: not by the link, under another nickname, or by the nickname', async () => {
    const host = await openScreen(stage, '/uzivo', 1280, 720);
    const code = await openRoom(host.page);
    const joinPath = `/uzivo/pridruzi?kod=${code}`;
    const phone = await openScreen(stage, joinPath, 375, 740);
    await joinOnPhone(phone.page, 'Ana');
    stage.clock.advance(1_000);
    await host.page.getByRole('button', { name: 'Ukloni igrača Ana' }).click();
    await phone.page.getByText('Voditelj te je uklonio iz igre.').waitFor();

    const refused = phone.page.getByRole('alert').filter({
      hasText: 'Voditelj te je uklonio iz ove igre i ne možeš joj se ponovno pridružiti.',
    });
    // Each try on a fresh page, so that each refusal is its own.
    for (const nickname of ['Ana', 'Anica']) {
      await phone.page.goto(`${stage.url}${joinPath}`);
      await phone.page.getByLabel('Nadimak').fill(nickname);
      await phone.page.getByRole('button', { name: 'Uđi u sobu' }).click();
      await refused.waitFor();
    }
    await expectAccessible(phone.page);
    await shoot(phone, 'phone-removed');

    const other = await openScreen(stage, joinPath, 375, 740);
    await other.page.getByLabel('Nadimak').fill('ana');
    await other.page.getByRole('button', { name: 'Uđi u sobu' }).click();
    await other.page.getByText('Voditelj je uklonio igrača s tim nadimkom iz ove igre.').waitFor();
    stage.clock.advance(1_000);
    // The host's lobby count comes with the next once-a-second tick: wait for it, as the other
    // party tests do, rather than read it at once (it raced the tick under a loaded CI).
    await host.page.locator('[data-player-count="0"]').waitFor();
    await closeAll([host, phone, other]);
  });

  test('while a line is paused its answer buttons say and look unavailable, and a press does nothing', async () => {
    const host = await openScreen(stage, '/uzivo', 1280, 720);
    const code = await openRoom(host.page);
    const phone = await openScreen(stage, `/uzivo/pridruzi?kod=${code}`, 375, 740);
    await joinOnPhone(phone.page, 'Ana');
    stage.clock.advance(1_000);
    await host.page.getByRole('button', { name: 'Pokreni igru' }).click();
    const first = phone.page.locator('button[data-option="0"]');
    await first.waitFor();
    const look = () =>
      first.evaluate((b) => {
        const style = getComputedStyle(b);
        return { disabled: b.getAttribute('aria-disabled'), border: style.borderStyle, color: style.color };
      });
    const playing = await look();
    expect(playing.disabled).toBeNull();

    await host.page.getByRole('button', { name: 'Pauza' }).click();
    await phone.page.getByText('Igra je zaustavljena.').waitFor();
    const paused = await look();
    expect(paused.disabled).toBe('true');
    expect(paused.border).toBe('dashed');
    expect(paused.color).not.toBe(playing.color);
    await expectAccessible(phone.page);
    await shoot(phone, 'phone-paused');
    // A tap all the same (Playwright would wait for an enabled button).
    await first.click({ force: true });
    expect(await first.getAttribute('aria-pressed')).toBe('false');

    await host.page.getByRole('button', { name: 'Nastavi' }).click();
    await phone.page.getByText('Odaberi pjesmu.').waitFor();
    // Nothing went to the server: it would have refused the answer, and the phone would say so.
    expect(await phone.page.getByRole('alert').count()).toBe(0);
    expect(await look()).toEqual(playing);
    await first.click();
    await phone.page.getByText(/Točno!|Netočno/).waitFor();
    await closeAll([host, phone]);
  });
});
