/**
 * Kviz uživo on a player's phone (docs/decisions/031-live-game.md): a player the host removed
 * stays out of the room.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import {
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

async function closeAll(screens: Screen[]): Promise<void> {
  for (const screen of screens) {
    expect(screen.problems.filter((p) => !p.includes('WebSocket'))).toEqual([]);
    await screen.context.close();
  }
}

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
    expect(await host.page.locator('[data-player-count="0"]').count()).toBe(1);
    await closeAll([host, phone, other]);
  });
});
