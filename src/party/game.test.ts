import { describe, expect, test } from 'bun:test';
import type { PartySettings, ServerMessage } from '../shared/contracts/party';
import {
  type FinishedGame,
  LOBBY_COUNT_UPDATE_MS,
  LOBBY_UPDATE_MS,
  PartyGame,
  type PartyOutbox,
  PROGRESS_UPDATE_MS,
} from './game';
import { HOST_AWAY_MS } from './host-presence';
import type { PartyLine } from './lines';
import { createManualClock } from './manual-clock';
import type { Player } from './roster';

const line = (n: number, correct: number): PartyLine => ({
  lyricId: 100 + n,
  lyric: `Stih broj ${n}`,
  options: ['Prva', 'Druga', 'Treća', 'Četvrta', 'Peta'].map((t) => `${t} ${n}`),
  songIds: [1, 2, 3, 4, 5],
  correct,
  song: `Pjesma ${n}`,
  album: 'Album',
  year: 2001,
});
const LINES = [line(0, 2), line(1, 0), line(2, 4)];
const SETTINGS: PartySettings = { lines: 10, seconds: 20, difficulty: 'normal', autoNext: 0 };

function setUp(settings: Partial<PartySettings> = {}, maxPlayers = 100) {
  const clock = createManualClock();
  const room: ServerMessage[] = [];
  const host: ServerMessage[] = [];
  const players = new Map<number, ServerMessage[]>();
  const dropped: number[] = [];
  const finished: FinishedGame[] = [];
  const outbox: PartyOutbox = {
    toRoom: (m) => room.push(m),
    toHost: (m) => host.push(m),
    toPlayer: (id, m) => {
      if (!players.has(id)) players.set(id, []);
      players.get(id)!.push(m);
    },
    dropPlayer: (id) => dropped.push(id),
  };
  let tokens = 0;
  const game = new PartyGame('ABCDEFG', { ...SETTINGS, ...settings }, LINES, clock, outbox, {
    maxPlayers,
    newToken: () => `token-${++tokens}-xxxxxxxxxxxx`,
    onFinished: (g) => finished.push(g),
  });
  const join = (nickname: string): Player => {
    const joined = game.join(nickname);
    if (!joined.ok) throw new Error(joined.message);
    return joined.player;
  };
  const to = (p: Player) => players.get(p.id) ?? [];
  const last = <T extends ServerMessage['type']>(list: ServerMessage[], type: T) =>
    list.findLast((m) => m.type === type) as Extract<ServerMessage, { type: T }> | undefined;
  return { clock, game, room, host, to, dropped, finished, join, last };
}

describe('lobby', () => {
  test('start needs at least one player', () => {
    const { game } = setUp();
    expect(game.start()).toEqual({ ok: false, code: 'no_players', message: 'Pričekaj barem jednog igrača.' });
    expect(game.phase).toBe('lobby');
  });

  test('joins are announced at most once per interval: the names to the host, the count to all (less often)', () => {
    const { game, join, room, host, clock } = setUp();
    join('Ana');
    join('Boris');
    expect(room).toEqual([]);
    clock.advance(LOBBY_UPDATE_MS);
    expect(room).toEqual([]);
    expect(host).toEqual([
      {
        type: 'lobby',
        count: 2,
        players: [
          { id: 1, nickname: 'Ana' },
          { id: 2, nickname: 'Boris' },
        ],
      },
    ]);
    join('Ceca');
    clock.advance(LOBBY_COUNT_UPDATE_MS - LOBBY_UPDATE_MS);
    expect(room).toEqual([{ type: 'lobby', count: 3 }]);
    expect(host).toHaveLength(2);
    expect(host.at(-1)).toMatchObject({ type: 'lobby', count: 3 });
    clock.advance(10 * LOBBY_COUNT_UPDATE_MS); // nothing new: nothing sent
    expect([room.length, host.length]).toEqual([1, 2]);
    expect(game.phase).toBe('lobby');
  });

  test('a nickname is unique in the room regardless of case; a full room refuses', () => {
    const { game, join } = setUp({}, 2);
    join('Ana');
    expect(game.join('  ANA ')).toEqual({
      ok: false,
      code: 'nickname_taken',
      message: 'Taj nadimak već netko koristi u ovoj sobi. Odaberi drugi.',
    });
    join('Boris');
    expect(game.join('Ceca')).toEqual({ ok: false, code: 'room_full', message: 'Soba je puna.' });
  });

  test('start sends the first line without its key', () => {
    const { game, join, room } = setUp();
    join('Ana');
    expect(game.start()).toEqual({ ok: true });
    expect(game.phase).toBe('line');
    expect(room.at(-1)).toEqual({
      type: 'line',
      index: 0,
      total: 3,
      lyric: 'Stih broj 0',
      options: ['Prva 0', 'Druga 0', 'Treća 0', 'Četvrta 0', 'Peta 0'],
      seconds: 20,
      remainingMs: 20_000,
      paused: false,
    });
    // Nothing sent before the reveal names the right option or song.
    expect(JSON.stringify(room)).not.toContain('Pjesma 0');
    expect(JSON.stringify(room)).not.toContain('correct');
  });
});

describe('a line', () => {
  test('a right answer scores by speed, measured on the server; wrong scores 0', () => {
    const { game, join, clock, to, last } = setUp();
    const ana = join('Ana');
    const boris = join('Boris');
    const ceca = join('Ceca');
    game.start();
    clock.advance(5_000); // a quarter of 20 s: 1000 × (1 − 0.25 / 2) = 875
    expect(game.answer(ana, 0, 2)).toBe('ack');
    expect(to(ana).at(-1)).toEqual({ type: 'ack', index: 0, option: 2 });
    clock.advance(5_001); // 10,001 ms: 1000 × (1 − 0.50005 / 2) = 749.975 → 750
    game.answer(boris, 0, 2);
    game.answer(ceca, 0, 1);
    // Every connected player answered: the line ends at once.
    expect(game.phase).toBe('reveal');
    const reveal = expect.objectContaining({ type: 'reveal', index: 0, correct: 2 });
    expect(last(to(ana), 'result')).toEqual({
      type: 'result',
      index: 0,
      right: true,
      option: 2,
      points: 875,
      total: 875,
      rank: 1,
      players: 3,
      reveal,
    });
    expect(last(to(boris), 'result')?.points).toBe(750);
    expect(last(to(ceca), 'result')).toEqual({
      type: 'result',
      index: 0,
      right: false,
      option: 1,
      points: 0,
      total: 0,
      rank: 3,
      players: 3,
      reveal,
    });
  });

  test('the reveal names the song, album, year and how many chose each option: to the host, and to each phone in its result', () => {
    const { game, join, room, host, to, last } = setUp();
    const ana = join('Ana');
    const boris = join('Boris');
    game.start();
    const roomBefore = room.length;
    game.answer(ana, 0, 2);
    game.answer(boris, 0, 4);
    // One frame per phone at the end of a line: the reveal is not published to the whole room.
    expect(room.length).toBe(roomBefore);
    expect(last(to(ana), 'result')?.reveal).toEqual(host.at(-1) as never);
    expect(to(boris).filter((m) => m.type === 'result' || m.type === 'reveal')).toHaveLength(1);
    expect(host.at(-1)).toEqual({
      type: 'reveal',
      index: 0,
      total: 3,
      correct: 2,
      song: 'Pjesma 0',
      album: 'Album',
      year: 2001,
      counts: [0, 0, 1, 0, 1],
      answered: 2,
      players: 2,
      skipped: false,
    });
  });

  test('an answer is locked: a second one is refused and changes nothing', () => {
    const { game, join, to, room, host } = setUp();
    const ana = join('Ana');
    join('Boris');
    game.start();
    game.answer(ana, 0, 1);
    expect(game.answer(ana, 0, 2)).toBe('locked');
    expect(to(ana).at(-1)).toEqual({
      type: 'refused',
      reason: 'locked',
      message: 'Odgovor je već zaključan.',
    });
    game.end();
    expect(ana.answers[0]?.option).toBe(1);
    expect([...room, ...host].some((m) => m.type === 'reveal')).toBe(false);
  });

  test('time up ends the line; an answer after it is refused as late', () => {
    const { game, join, clock, host, to } = setUp();
    const ana = join('Ana');
    const boris = join('Boris');
    game.start();
    game.answer(ana, 0, 2);
    clock.advance(19_999);
    expect(game.phase).toBe('line');
    clock.advance(1);
    expect(game.phase).toBe('reveal');
    expect(host.at(-1)?.type).toBe('reveal');
    expect(game.answer(boris, 0, 2)).toBe('late');
    expect(to(boris).at(-1)).toEqual({
      type: 'refused',
      reason: 'late',
      message: 'Vrijeme je isteklo: odgovor nije primljen.',
    });
    expect(boris.points).toBe(0);
  });

  test('the answer at the very last moment scores 500', () => {
    const { game, join, clock } = setUp();
    const ana = join('Ana');
    join('Boris');
    game.start();
    clock.advance(20_000 - 1);
    game.answer(ana, 0, 2);
    clock.advance(1);
    expect(ana.points).toBe(500);
  });

  test('an answer to another line is refused, saying whether that line is still to come or over', () => {
    const { game, join, to, last } = setUp();
    const ana = join('Ana');
    game.start();
    expect(game.answer(ana, 1, 0)).toBe('wrong_line');
    expect(ana.answers[1]).toBeUndefined();
    expect(last(to(ana), 'refused')).toEqual({
      type: 'refused',
      reason: 'wrong_line',
      message: 'Taj stih još nije počeo.',
    });
    game.skip();
    game.next(); // the scoreboard
    game.next(); // line 1
    expect(game.answer(ana, 0, 0)).toBe('wrong_line');
    expect(last(to(ana), 'refused')?.message).toBe('Taj je stih već završio.');
  });

  test('a finished game takes no one in, and says so', () => {
    const { game, join } = setUp();
    join('Ana');
    game.start();
    game.end();
    expect(game.join('Boris')).toEqual({ ok: false, code: 'game_over', message: 'Igra je završila.' });
  });

  test('a disconnected player is not waited for; the line ends when the others answered', () => {
    const { game, join } = setUp();
    const ana = join('Ana');
    const boris = join('Boris');
    game.start();
    game.answer(ana, 0, 2);
    expect(game.phase).toBe('line');
    game.disconnect(boris);
    expect(game.phase).toBe('reveal');
  });

  test('the host sees the answer count, at most once per interval', () => {
    const { game, join, host, clock } = setUp();
    const ana = join('Ana');
    join('Boris');
    join('Ceca');
    game.start();
    expect(host.at(-1)).toEqual({ type: 'progress', answered: 0, players: 3 });
    game.answer(ana, 0, 1);
    clock.advance(PROGRESS_UPDATE_MS);
    expect(host.at(-1)).toEqual({ type: 'progress', answered: 1, players: 3 });
  });
});

describe('between lines and the end', () => {
  test('reveal → scoreboard (top 5 with the change of rank) → next line → … → podium', () => {
    const { game, join, room, to, host, finished, last } = setUp();
    const ana = join('Ana');
    const boris = join('Boris');
    game.start();
    game.answer(ana, 0, 2); // right, 1000
    game.answer(boris, 0, 0);
    expect(game.next()).toEqual({ ok: true });
    expect(room.at(-1)).toEqual({
      type: 'scoreboard',
      index: 0,
      total: 3,
      players: 2,
      top: [
        { rank: 1, nickname: 'Ana', points: 1000, correct: 1, change: 0 },
        { rank: 2, nickname: 'Boris', points: 0, correct: 0, change: 0 },
      ],
    });
    game.next();
    expect(last(room, 'line')?.index).toBe(1);
    game.answer(ana, 1, 3);
    game.answer(boris, 1, 0); // right, 1000
    game.next();
    game.next();
    game.answer(ana, 2, 1);
    game.answer(boris, 2, 4); // right: Boris 2000 passes Ana (they shared first place after line 1)
    game.next(); // the last reveal → podium
    expect(game.phase).toBe('podium');
    expect(last(room, 'podium')).toEqual({
      type: 'podium',
      players: 2,
      lines: 3,
      top: [
        { rank: 1, nickname: 'Boris', points: 2000, correct: 2, change: 0 },
        { rank: 2, nickname: 'Ana', points: 1000, correct: 1, change: -1 },
      ],
    });
    expect(last(host, 'ranking')?.rows.map((r) => r.nickname)).toEqual(['Boris', 'Ana']);
    expect(last(to(ana), 'final')).toEqual({
      type: 'final',
      place: 2,
      players: 2,
      points: 1000,
      correct: 1,
      lines: 3,
    });
    expect(finished).toHaveLength(1);
    expect(finished[0]!.players.map((p) => [p.nickname, p.points, p.answers.map((a) => a?.option)])).toEqual([
      ['Boris', 2000, [0, 0, 4]],
      ['Ana', 1000, [2, 3, 1]],
    ]);
    expect(game.next().ok).toBe(false);
  });

  test('next is refused while a line runs', () => {
    const { game, join } = setUp();
    join('Ana');
    game.start();
    expect(game.next()).toEqual({ ok: false, code: 'not_now', message: 'Stih još traje.' });
  });

  test('automatic next: reveal and scoreboard each last the chosen pause', () => {
    const { game, join, clock } = setUp({ autoNext: 5 });
    const ana = join('Ana');
    game.start();
    game.answer(ana, 0, 2);
    expect(game.phase).toBe('reveal');
    clock.advance(5_000);
    expect(game.phase).toBe('scoreboard');
    clock.advance(5_000);
    expect(game.phase).toBe('line');
    expect(game.index).toBe(1);
  });

  test('skip drops the line: nobody scores it, the next line follows', () => {
    const { game, join, finished } = setUp();
    const ana = join('Ana');
    const boris = join('Boris');
    game.start();
    game.answer(ana, 0, 2);
    expect(game.skip()).toEqual({ ok: true });
    expect(game.phase).toBe('line');
    expect(game.index).toBe(1);
    expect(ana.points).toBe(0);
    game.answer(ana, 1, 0);
    game.answer(boris, 1, 1);
    game.end();
    expect(finished[0]!.lines.map((l) => l.skipped)).toEqual([true, false]);
  });

  test('end shows the podium with the points so far and records the game once', () => {
    const { game, join, finished, room } = setUp();
    const ana = join('Ana');
    game.start();
    game.answer(ana, 0, 2);
    expect(game.end()).toEqual({ ok: true });
    expect(game.phase).toBe('podium');
    expect(room.at(-1)).toEqual({
      type: 'podium',
      players: 1,
      lines: 1,
      top: [{ rank: 1, nickname: 'Ana', points: 1000, correct: 1, change: 0 }],
    });
    expect(game.end().ok).toBe(false);
    expect(finished).toHaveLength(1);
  });

  test('a game ended during its first line says that no line was played, and is not recorded', () => {
    const { game, join, finished, room, to } = setUp();
    const ana = join('Ana');
    game.start();
    expect(game.end()).toEqual({ ok: true });
    expect(room.at(-1)).toMatchObject({ type: 'podium', lines: 0 });
    expect(to(ana).at(-1)).toEqual({ type: 'final', place: 1, players: 1, points: 0, correct: 0, lines: 0 });
    expect(finished).toEqual([]);
  });

  test('a game whose every line shown was skipped is not recorded either; one with a line played is', () => {
    const skipped = setUp();
    skipped.join('Ana');
    skipped.game.start();
    skipped.game.skip();
    skipped.game.end();
    expect(skipped.finished).toEqual([]);
    const played = setUp();
    const ana = played.join('Ana');
    played.game.start();
    played.game.answer(ana, 0, 0);
    played.game.next();
    played.game.next();
    played.game.end();
    expect(played.finished.map((g) => g.lines.map((l) => l.skipped))).toEqual([[false, true]]);
  });
});

describe('pause', () => {
  test('pause freezes the countdown, refuses answers, and the paused time does not count', () => {
    const { game, join, clock, room } = setUp();
    const ana = join('Ana');
    join('Boris');
    game.start();
    clock.advance(4_000);
    expect(game.pause()).toEqual({ ok: true });
    expect(room.at(-1)).toEqual({ type: 'paused', paused: true, remainingMs: 16_000 });
    expect(game.answer(ana, 0, 2)).toBe('paused');
    clock.advance(60_000);
    expect(game.phase).toBe('line');
    expect(game.resume()).toEqual({ ok: true });
    expect(room.at(-1)).toEqual({ type: 'paused', paused: false, remainingMs: 16_000 });
    clock.advance(6_000); // 10 s of the line's 20 s used
    game.answer(ana, 0, 2);
    expect(ana.answers[0]).toEqual({ option: 2, elapsedMs: 10_000, points: 750 });
    clock.advance(9_999);
    expect(game.phase).toBe('line');
    clock.advance(1);
    expect(game.phase).toBe('reveal');
  });

  test('pause holds the automatic next step', () => {
    const { game, join, clock } = setUp({ autoNext: 10 });
    const ana = join('Ana');
    game.start();
    game.answer(ana, 0, 2);
    clock.advance(3_000);
    game.pause();
    clock.advance(60_000);
    expect(game.phase).toBe('reveal');
    game.resume();
    clock.advance(7_000);
    expect(game.phase).toBe('scoreboard');
  });

  test('pause without anything running is refused', () => {
    const { game } = setUp();
    expect(game.pause().ok).toBe(false);
    expect(game.resume().ok).toBe(false);
  });
});

describe('players leaving and coming back', () => {
  test('remove drops the player for good: not waited for, the token and the nickname stay out', () => {
    const { game, join, dropped } = setUp();
    const ana = join('Ana');
    const boris = join('Boris');
    game.start();
    game.answer(ana, 0, 2);
    expect(game.remove(boris.id)).toEqual({ ok: true });
    expect(dropped).toEqual([boris.id]);
    expect(game.phase).toBe('reveal');
    expect(game.roster.byPlayerToken(boris.token)).toBeUndefined();
    expect(game.roster.wasRemoved(boris.token)).toBe(true);
    expect(game.roster.wasRemoved(ana.token)).toBe(false);
    expect(game.join('BORIS')).toEqual({
      ok: false,
      code: 'removed',
      message: 'Voditelj je uklonio igrača s tim nadimkom iz ove igre.',
    });
    expect(game.join('Borna').ok).toBe(true);
  });

  test('a player who comes back mid-line gets the line, their locked answer and keeps their points', () => {
    const { game, join } = setUp();
    const ana = join('Ana');
    const boris = join('Boris');
    game.start();
    game.answer(ana, 0, 2);
    game.answer(boris, 0, 1);
    game.next();
    game.next();
    game.answer(ana, 1, 0);
    game.disconnect(ana);
    const back = game.roster.byPlayerToken(ana.token)!;
    game.connect(back);
    expect(back.points).toBe(1000);
    expect(game.snapshot(back).map((m) => m.type)).toEqual(['line', 'ack']);
    expect(game.snapshot().map((m) => m.type)).toEqual(['line', 'progress']);
  });

  test('a screen that comes back after the reveal gets the reveal (a phone: in its own result)', () => {
    const { game, join } = setUp();
    const ana = join('Ana');
    game.start();
    game.answer(ana, 0, 2);
    const reveal = expect.objectContaining({ type: 'reveal', correct: 2 });
    expect(game.snapshot(ana)).toEqual([
      expect.objectContaining({ type: 'line', index: 0, remainingMs: 0 }),
      {
        type: 'result',
        index: 0,
        right: true,
        option: 2,
        points: 1000,
        total: 1000,
        rank: 1,
        players: 1,
        reveal,
      },
    ]);
    expect(game.snapshot()).toEqual([expect.objectContaining({ type: 'line', index: 0 }), reveal]);
    game.end();
    expect(game.snapshot(ana).map((m) => m.type)).toEqual(['podium', 'final']);
    expect(game.snapshot().map((m) => m.type)).toEqual(['podium', 'ranking']);
  });

  test('a late joiner starts at 0 and is waited for from the next line', () => {
    const { game, join } = setUp();
    const ana = join('Ana');
    game.start();
    const ceca = join('Ceca');
    game.answer(ana, 0, 2);
    expect(game.phase).toBe('line');
    game.answer(ceca, 0, 2);
    expect(game.phase).toBe('reveal');
  });
});

describe('the host away', () => {
  test('the phones are told once every host screen has been gone for a few seconds, and when one is back', () => {
    const { game, join, room, clock } = setUp();
    const ana = join('Ana');
    game.hostScreens.connected();
    game.start();
    room.length = 0;
    game.hostScreens.disconnected();
    clock.advance(HOST_AWAY_MS - 1);
    expect(room).toEqual([]);
    clock.advance(1);
    expect(room).toEqual([{ type: 'presence', hostAway: true }]);
    // A phone that reloads meanwhile is told too.
    expect(game.snapshot(ana)[0]).toEqual({ type: 'presence', hostAway: true });
    game.hostScreens.connected();
    expect(room).toEqual([
      { type: 'presence', hostAway: true },
      { type: 'presence', hostAway: false },
    ]);
    expect(game.snapshot(ana).map((m) => m.type)).toEqual(['line']);
  });

  test('a reload of the host screen, or a second screen still there, tells the phones nothing', () => {
    const { game, join, room, clock } = setUp();
    join('Ana');
    game.hostScreens.connected();
    game.hostScreens.connected();
    game.hostScreens.disconnected();
    clock.advance(HOST_AWAY_MS * 2);
    game.hostScreens.disconnected();
    clock.advance(HOST_AWAY_MS - 1);
    game.hostScreens.connected();
    clock.advance(HOST_AWAY_MS * 2);
    expect(room.filter((m) => m.type === 'presence')).toEqual([]);
  });
});
