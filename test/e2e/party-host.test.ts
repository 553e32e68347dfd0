/**
 * Kviz uživo's host screen going away and coming back (docs/decisions/031-live-game.md): a host
 * who reloaded mid-game can still start a new game after the podium, the phones are told while
 * the host's screen is gone, and a game ended before any line was played has no winners.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import {
  advanceUntil,
  closeAll,
  expectAccessible,
  joinBySocket,
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

describe('the host screen', () => {
  test.each([
    ['reloaded', true],
    ['stayed', false],
  ])('a host who %s during the game starts a new one after the podium', async (_, reload) => {
    const host = await openScreen(stage, '/uzivo', 1280, 720);
    const code = await openRoom(host.page);
    const ana = await joinBySocket(stage, code, 'Ana');
    stage.clock.advance(1_000);
    await host.page.getByRole('button', { name: 'Pokreni igru' }).click();
    await host.page.getByText('Stih 1 / 10').waitFor();
    if (reload) {
      await host.page.reload();
      await host.page.getByText('Stih 1 / 10').waitFor();
    }
    // A line played, so that the game has winners.
    await ana.client.next('line');
    ana.client.send({ type: 'answer', line: 0, option: 0 });
    await host.page.locator('[data-reveal]').waitFor();
    await host.page.getByRole('button', { name: 'Završi igru' }).click();
    await host.page.getByRole('heading', { name: 'Pobjednici' }).waitFor();
    await host.page.getByRole('button', { name: 'Nova igra' }).click();
    await host.page.getByRole('button', { name: 'Otvori sobu' }).waitFor({ timeout: 5_000 });
    const next = await openRoom(host.page);
    expect(next).not.toBe(code);
    await shoot(host, 'host-new-game');
    await closeAll([host]);
    ana.client.close();
  });

  test('the phones say when the host screen is gone, after a reload too, and stop when it is back', async () => {
    const host = await openScreen(stage, '/uzivo', 1280, 720);
    const code = await openRoom(host.page);
    const phone = await openScreen(stage, `/uzivo/pridruzi?kod=${code}`, 375, 740);
    await joinOnPhone(phone.page, 'Ana');
    stage.clock.advance(1_000);
    await host.page.getByRole('button', { name: 'Pokreni igru' }).click();
    await phone.page.getByText('Stih 1 / 10').waitFor();
    const away = phone.page
      .getByRole('status')
      .filter({ hasText: 'Voditelj se odspojio – čekamo da se vrati.' });
    expect(await away.count()).toBe(0);

    await host.page.close();
    await advanceUntil(stage, away);
    await expectAccessible(phone.page);
    await shoot(phone, 'phone-host-away');
    await phone.page.reload();
    await phone.page.getByText('Stih 1 / 10').waitFor();
    await away.waitFor();

    const back = await host.context.newPage();
    await back.goto(`${stage.url}/uzivo`);
    await back.getByText('Stih 1 / 10').waitFor();
    await away.waitFor({ state: 'detached' });
    await closeAll([phone, { ...host, page: back }]);
  });

  test('a game ended during its first line shows no winners and no score', async () => {
    const host = await openScreen(stage, '/uzivo', 1280, 720);
    const code = await openRoom(host.page);
    const phone = await openScreen(stage, `/uzivo/pridruzi?kod=${code}`, 320, 740);
    await joinOnPhone(phone.page, 'Ana');
    stage.clock.advance(1_000);
    await host.page.getByRole('button', { name: 'Pokreni igru' }).click();
    await phone.page.getByText('Stih 1 / 10').waitFor();
    await host.page.getByRole('button', { name: 'Završi igru' }).click();
    const ended = 'Završila je prije prvog odigranog stiha, pa nema rezultata.';
    await host.page.getByText(ended).waitFor();
    await phone.page.getByText(ended).waitFor();
    expect(await host.page.getByRole('heading', { name: 'Pobjednici' }).count()).toBe(0);
    expect(await phone.page.getByText('0 / 0').count()).toBe(0);
    expect(await phone.page.getByText('mjesto').count()).toBe(0);
    await host.page.getByRole('button', { name: 'Nova igra' }).waitFor();
    await expectAccessible(phone.page);
    await shoot(host, 'host-no-line');
    await shoot(phone, 'phone-no-line');
    await closeAll([host, phone]);
  });
});
