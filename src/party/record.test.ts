import { afterAll, describe, expect, test } from 'bun:test';
import { createEngineTestApp, ENGINES, type EngineTestApp } from '../../test/support/engines';
import { type FinishedGame, PartyGame } from './game';
import { drawPartyLines } from './lines';
import { createManualClock } from './manual-clock';
import { partyRecordOf } from './record';

const AUTH = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const apps: EngineTestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** A game of five players over three of its ten lines: the host ends it after the third reveal. */
function playGame(app: EngineTestApp): FinishedGame {
  const clock = createManualClock();
  let finished: FinishedGame | undefined;
  const lines = drawPartyLines(app.deps.catalogue(), 10, 'normal', undefined);
  const silent = { toRoom() {}, toHost() {}, toPlayer() {}, dropPlayer() {} };
  let n = 0;
  const game = new PartyGame(
    'ABCDEFG',
    { lines: 10, seconds: 20, difficulty: 'normal', autoNext: 0 },
    lines,
    clock,
    silent,
    {
      maxPlayers: 10,
      newToken: () => `token-${++n}-xxxxxxxxxxxxxxx`,
      onFinished: (g) => {
        finished = g;
      },
    },
  );
  const players = ['Ana', 'Boris', 'Ceca', 'Dora', 'Đuro'].map((name) => {
    const joined = game.join(name);
    if (!joined.ok) throw new Error(joined.message);
    return joined.player;
  });
  game.start();
  for (let line = 0; line < 3; line++) {
    const right = lines[line]!.correct;
    players.forEach((p, i) => {
      clock.advance(1_000);
      // Ana is always right, Đuro never answers, the others are right on the first line only.
      if (i === 4) return;
      game.answer(p, line, i === 0 || line === 0 ? right : (right + 1) % 5);
    });
    clock.advance(20_000);
    if (line < 2) {
      game.next();
      game.next();
    }
  }
  game.end(); // after the third reveal
  if (!finished) throw new Error('the game did not finish');
  return finished;
}

describe.each(ENGINES)('Kviz uživo record (%s)', (engine) => {
  test('a finished game is recorded apart from free play and read back by the Uživo tab', async () => {
    const app = await createEngineTestApp(engine);
    apps.push(app);
    const before = await app.rows();
    const game = playGame(app);
    const id = await app.deps.stores.party.recordGame(partyRecordOf(game));
    expect(await app.rows()).toEqual(before); // no free-play table, counter or histogram changed
    const overview = (await (await app.request('/api/stats/overview')).json()) as { totalAttempts: number };
    expect(overview.totalAttempts).toBe(0);

    const list = await app.request('/api/admin/uzivo/games', { headers: AUTH });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({
      games: [
        {
          id,
          code: 'ABCDEFG',
          startedAt: new Date(game.startedAtMs).toISOString(),
          endedAt: new Date(game.endedAtMs).toISOString(),
          lines: 10,
          linesPlayed: 3,
          seconds: 20,
          difficulty: 'normal',
          players: 5,
        },
      ],
    });

    const csv = await app.request(`/api/admin/uzivo/export.csv?game=${id}`, { headers: AUTH });
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kviz-uzivo-ABCDEFG-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = (await csv.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Mjesto;Nadimak;Bodovi;Točni odgovori;Stih 1: odgovor;Stih 1: točno;Stih 1: bodovi;Stih 2: odgovor;Stih 2: točno;Stih 2: bodovi;Stih 3: odgovor;Stih 3: točno;Stih 3: bodovi',
    );
    expect(rows).toHaveLength(6);
    expect(rows[1]!.split(';').slice(0, 4)).toEqual(['1', 'Ana', String(game.players[0]!.points), '3']);
    expect(rows[5]!.split(';')).toEqual(['5', 'Đuro', '0', '0', '', '0', '0', '', '0', '0', '', '0', '0']);

    const hard = (await (await app.request('/api/admin/uzivo/lines', { headers: AUTH })).json()) as {
      lines: { lyricId: number; shown: number; correct: number; percentage: number }[];
    };
    const [second, third] = [game.lines[1]!.lyricId, game.lines[2]!.lyricId].sort((a, b) => a - b);
    expect(hard.lines.map((l) => [l.lyricId, l.shown, l.correct, l.percentage])).toEqual([
      [second!, 5, 1, 20],
      [third!, 5, 1, 20],
      [game.lines[0]!.lyricId, 5, 4, 80],
    ]);
    expect((await app.request('/api/admin/uzivo/games')).status).toBe(401);
    expect((await app.request('/api/admin/uzivo/export.csv?game=999', { headers: AUTH })).status).toBe(404);
  }, 60_000);
});
