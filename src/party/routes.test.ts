import { afterEach, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { createTestApp, createTestDb } from '../../test/support/fixtures';
import { PartyClient } from '../../test/support/party-client';
import { createApp } from '../app';
import {
  PARTY_CLOSE,
  PARTY_SOCKET_PATH,
  type PartySettings,
  ROOM_CODE_ALPHABET,
} from '../shared/contracts/party';
import { loadCatalogueIndex } from '../storage/sqlite/catalogue-load';
import { HOST_AWAY_MS } from './host-presence';
import { createManualClock, type ManualClock } from './manual-clock';
import { type PartyRoutesDeps, partyRoutes } from './routes';

const SETTINGS: PartySettings = { lines: 10, seconds: 20, difficulty: 'normal', autoNext: 0 };
const running: { stop(): unknown }[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.stop();
});

/** The whole app listening on 127.0.0.1 with Kviz uživo on a clock the test moves. */
async function listen(env: Record<string, string> = {}): Promise<{ url: string; clock: ManualClock }> {
  const { deps } = await createTestApp({ env });
  const clock = createManualClock();
  const app = createApp({ ...deps, partyClock: clock }).listen({ port: 0, hostname: '127.0.0.1' });
  running.push({ stop: () => app.stop(true) });
  return { url: `ws://127.0.0.1:${app.server!.port}${PARTY_SOCKET_PATH}`, clock };
}

async function room(url: string) {
  const host = await PartyClient.connect(url);
  host.send({ type: 'create', settings: SETTINGS });
  const hosting = await host.next('hosting');
  await host.next('lobby');
  return { host, code: hosting.code, hostToken: hosting.hostToken };
}

async function player(url: string, code: string, nickname: string) {
  const client = await PartyClient.connect(url);
  client.send({ type: 'join', code, nickname });
  const joined = await client.next('joined');
  return { client, joined };
}

describe('the socket', () => {
  test('a host creates a room, players join, a line goes to every phone without its key', async () => {
    const { url } = await listen();
    const { host, code } = await room(url);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{7}$/);
    const ana = await player(url, code.toLowerCase(), 'Ana');
    const boris = await player(url, code, 'Boris');
    expect(ana.joined).toMatchObject({ type: 'joined', code, nickname: 'Ana', playerId: 1 });
    host.send({ type: 'start' });
    const line = await ana.client.next('line');
    expect(Object.keys(line).sort()).toEqual(
      ['index', 'lyric', 'options', 'paused', 'remainingMs', 'seconds', 'total', 'type'].sort(),
    );
    expect((await boris.client.next('line')).lyric).toBe(line.lyric);
    expect((await host.next('line')).lyric).toBe(line.lyric);
    ana.client.send({ type: 'answer', line: 0, option: 3 });
    expect(await ana.client.next('ack')).toEqual({ type: 'ack', index: 0, option: 3 });
    boris.client.send({ type: 'answer', line: 0, option: 1 });
    const reveal = await host.next('reveal');
    const result = await ana.client.next('result');
    expect(result.right).toBe(reveal.correct === 3);
    expect(result.reveal).toEqual(reveal);
  });

  test('a player who reconnects with their token keeps their place; the old socket is closed', async () => {
    const { url } = await listen();
    const { host, code } = await room(url);
    const ana = await player(url, code, 'Ana');
    host.send({ type: 'start' });
    await ana.client.next('line');
    ana.client.send({ type: 'answer', line: 0, option: 0 });
    const points = (await ana.client.next('result')).total;
    const again = await PartyClient.connect(url);
    again.send({ type: 'rejoin', code, playerToken: ana.joined.playerToken });
    expect((await again.next('joined')).playerId).toBe(ana.joined.playerId);
    expect((await again.next('result')).total).toBe(points);
    expect((await ana.client.closedBy()).code).toBe(PARTY_CLOSE.replaced);
  });

  test('the host gets the room back with the host token; a wrong token is refused', async () => {
    const { url } = await listen();
    const { code, hostToken } = await room(url);
    const screen = await PartyClient.connect(url);
    screen.send({ type: 'host', code, hostToken: 'x'.repeat(22) });
    expect((await screen.next('error')).code).toBe('token_invalid');
    const screen2 = await PartyClient.connect(url);
    screen2.send({ type: 'host', code, hostToken });
    expect((await screen2.next('hosting')).code).toBe(code);
  });

  test('the phones are told when the host screen has been gone for a few seconds, and when it is back', async () => {
    const { url, clock } = await listen();
    const { host, code, hostToken } = await room(url);
    const ana = await player(url, code, 'Ana');
    host.send({ type: 'start' });
    await ana.client.next('line');
    host.close();
    await host.closedBy();
    clock.advance(HOST_AWAY_MS);
    expect(await ana.client.next('presence')).toEqual({ type: 'presence', hostAway: true });
    const back = await PartyClient.connect(url);
    back.send({ type: 'host', code, hostToken });
    await back.next('hosting');
    expect(await ana.client.next('presence')).toEqual({ type: 'presence', hostAway: false });
  });

  test('a removed player stays out: not by their token, nor with another nickname from that browser, nor by the nickname', async () => {
    const { url } = await listen();
    const { host, code } = await room(url);
    const ana = await player(url, code, 'Ana');
    host.send({ type: 'remove', playerId: ana.joined.playerId });
    expect(await ana.client.next('closed')).toMatchObject({ reason: 'removed' });
    const removed = {
      type: 'error' as const,
      code: 'removed' as const,
      message: 'Voditelj te je uklonio iz ove igre i ne možeš joj se ponovno pridružiti.',
    };
    const rejoin = await PartyClient.connect(url);
    rejoin.send({ type: 'rejoin', code, playerToken: ana.joined.playerToken });
    expect(await rejoin.next('error')).toEqual(removed);
    const renamed = await PartyClient.connect(url);
    renamed.send({ type: 'join', code, nickname: 'Anica', playerToken: ana.joined.playerToken });
    expect(await renamed.next('error')).toEqual(removed);
    const sameName = await PartyClient.connect(url);
    sameName.send({ type: 'join', code, nickname: 'ana' });
    expect((await sameName.next('error')).code).toBe('removed');
    await player(url, code, 'Anica');
  });

  test('only the host controls the game', async () => {
    const { url } = await listen();
    const { code } = await room(url);
    const ana = await player(url, code, 'Ana');
    ana.client.send({ type: 'start' });
    expect(await ana.client.next('error')).toEqual({
      type: 'error',
      code: 'not_host',
      message: 'To može samo voditelj.',
    });
  });

  test.each([
    ['not JSON', 'hello', 'invalid message (not a JSON message)'],
    ['JSON null', 'null', 'invalid message (not a message object)'],
    ['a JSON number', '1', 'invalid message (not a message object)'],
    ['a JSON string', '"create"', 'invalid message (not a message object)'],
    ['an object without a type', '{}', 'invalid message (no type)'],
    ['an unknown type', JSON.stringify({ type: 'cheat' }), 'invalid message (unknown type "cheat")'],
    [
      'an option out of range',
      JSON.stringify({ type: 'answer', line: 0, option: 7 }),
      'invalid message (answer /option: Expected integer to be less or equal to 4)',
    ],
    [
      'an extra field',
      JSON.stringify({ type: 'start', x: 1 }),
      'invalid message (start /x: Unexpected property)',
    ],
    [
      'a missing field',
      JSON.stringify({ type: 'join', code: 'ABCDEFG' }),
      'invalid message (join /nickname: Expected required property)',
    ],
  ])(
    '%s closes that socket with a reason naming what failed, and nothing else changes',
    async (_, text, reason) => {
      const { url } = await listen();
      const { host, code } = await room(url);
      const ana = await player(url, code, 'Ana');
      ana.client.send(text);
      const closed = await ana.client.closedBy();
      expect(closed).toEqual({ code: PARTY_CLOSE.malformed, reason });
      host.send({ type: 'start' });
      expect((await host.next('line')).index).toBe(0);
    },
  );

  test('an oversized message closes the socket (1009)', async () => {
    const { url } = await listen();
    const client = await PartyClient.connect(url);
    client.send({ type: 'join', code: 'ABCDEFG', nickname: 'x'.repeat(3000) } as never);
    expect((await client.closedBy()).code).toBe(PARTY_CLOSE.tooBig);
  });

  test('joining is rate-limited per address; creating rooms too', async () => {
    const { url } = await listen({
      RATE_LIMIT_PARTY_JOINS_PER_MINUTE: '2',
      RATE_LIMIT_PARTY_ROOMS_PER_HOUR: '1',
    });
    const { code } = await room(url);
    await player(url, code, 'Ana');
    await player(url, code, 'Boris');
    const third = await PartyClient.connect(url);
    third.send({ type: 'join', code, nickname: 'Ceca' });
    expect((await third.next('error')).code).toBe('rate_limited');
    const second = await PartyClient.connect(url);
    second.send({ type: 'create', settings: SETTINGS });
    expect((await second.next('error')).code).toBe('rate_limited');
  });

  test("rejoins and a host's returns count as joins; a seat closed for flooding waits 10 s", async () => {
    const { url, clock } = await listen({ RATE_LIMIT_PARTY_JOINS_PER_MINUTE: '4' });
    const { code, hostToken } = await room(url);
    const ana = await player(url, code, 'Ana');
    const rejoin = async () => {
      const again = await PartyClient.connect(url);
      again.send({ type: 'rejoin', code, playerToken: ana.joined.playerToken });
      return Promise.race([again.next('joined'), again.next('error')]);
    };
    expect([(await rejoin()).type, (await rejoin()).type]).toEqual(['joined', 'joined']);
    const screen = await PartyClient.connect(url);
    screen.send({ type: 'host', code, hostToken });
    await screen.next('hosting');
    // One join, two rejoins and the host's return: the minute's four are spent.
    expect(await rejoin()).toMatchObject({ type: 'error', code: 'rate_limited' });
    clock.advance(60_000);
    const flooding = await PartyClient.connect(url);
    flooding.send({ type: 'rejoin', code, playerToken: ana.joined.playerToken });
    await flooding.next('joined');
    for (let i = 0; i < 25; i++) flooding.send({ type: 'answer', line: 0, option: 0 });
    expect(await flooding.closedBy()).toEqual({ code: PARTY_CLOSE.malformed, reason: 'too many messages' });
    expect(await rejoin()).toEqual({
      type: 'error',
      code: 'rate_limited',
      message: 'Previše poruka. Pokušaj ponovno za 10 s.',
    });
    clock.advance(10_000);
    expect((await rejoin()).type).toBe('joined');
  });

  test('an IPv6 /64 behind a trusted proxy is one client to the limits, as for HTTP', async () => {
    const { url } = await listen({
      TRUST_PROXY: 'true',
      RATE_LIMIT_PARTY_JOINS_PER_MINUTE: '2',
      RATE_LIMIT_PARTY_ROOMS_PER_HOUR: '1',
    });
    const from = (address: string) => PartyClient.connect(url, { 'x-forwarded-for': address });
    const first = await from('2001:db8:1:2::1');
    first.send({ type: 'create', settings: SETTINGS });
    const { code } = await first.next('hosting');
    const sameNetwork = await from('2001:db8:1:2:ffff::9');
    sameNetwork.send({ type: 'create', settings: SETTINGS });
    expect((await sameNetwork.next('error')).code).toBe('rate_limited');
    const otherNetwork = await from('2001:db8:1:3::1');
    otherNetwork.send({ type: 'create', settings: SETTINGS });
    expect((await otherNetwork.next('hosting')).code).toMatch(/^[A-HJ-NP-Z2-9]{7}$/);
    const joins = ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2::c'];
    const answers = [];
    for (const [i, address] of joins.entries()) {
      const phone = await from(address);
      phone.send({ type: 'join', code, nickname: `Igrač ${i}` });
      answers.push((await Promise.race([phone.next('joined'), phone.next('error')])).type);
    }
    expect(answers).toEqual(['joined', 'joined', 'error']);
  });

  test('rooms are limited; an unknown code is named', async () => {
    const { url } = await listen({ PARTY_MAX_ROOMS: '1' });
    await room(url);
    const other = await PartyClient.connect(url);
    other.send({ type: 'create', settings: SETTINGS });
    expect((await other.next('error')).code).toBe('too_many_rooms');
    const lost = await PartyClient.connect(url);
    lost.send({ type: 'join', code: 'ZZZZZZZ', nickname: 'Ana' });
    expect(await lost.next('error')).toEqual({
      type: 'error',
      code: 'room_not_found',
      message: 'Nema otvorene sobe s tim kodom.',
    });
  });

  test("an instance owns the codes of its PARTY_CODE_PREFIXES; another instance's code is named as such", async () => {
    const { url } = await listen({ PARTY_CODE_PREFIXES: 'ab' });
    const codes = new Set<string>();
    for (let i = 0; i < 12; i++) codes.add((await room(url)).code[0]!);
    expect([...codes].every((first) => first === 'A' || first === 'B')).toBe(true);
    const misrouted = await PartyClient.connect(url);
    misrouted.send({ type: 'join', code: 'czzzzzz', nickname: 'Ana' });
    expect(await misrouted.next('error')).toEqual({
      type: 'error',
      code: 'room_elsewhere',
      message: 'Ova soba je na drugom poslužitelju. Pokušaj ponovno za minutu.',
    });
    misrouted.send({ type: 'rejoin', code: 'CZZZZZZ', playerToken: 'x'.repeat(22) });
    expect((await misrouted.next('error')).code).toBe('room_elsewhere');
    // One of its own codes with no room is simply not found.
    misrouted.send({ type: 'join', code: 'AZZZZZZ', nickname: 'Ana' });
    expect((await misrouted.next('error')).code).toBe('room_not_found');
  });

  test('a socket not in a room 10 s after it opened is closed (4408); a player in a room plays on', async () => {
    const { url, clock } = await listen();
    const { code } = await room(url);
    const ana = await player(url, code, 'Ana');
    const silent = await PartyClient.connect(url);
    const refused = await PartyClient.connect(url);
    refused.send({ type: 'join', code, nickname: 'Ana' });
    expect((await refused.next('error')).code).toBe('nickname_taken');
    clock.advance(12_000);
    expect(await silent.closedBy()).toEqual({
      code: PARTY_CLOSE.noHello,
      reason: 'not in a room within 10 s',
    });
    expect((await refused.closedBy()).code).toBe(PARTY_CLOSE.noHello);
    ana.client.send({ type: 'answer', line: 0, option: 0 });
    expect((await ana.client.next('refused')).reason).toBe('no_line');
    expect(ana.client.closed).toBeUndefined();
  });

  test('a client holds at most PARTY_MAX_SOCKETS_PER_ADDRESS sockets; more are refused (429)', async () => {
    const { url } = await listen({ PARTY_MAX_SOCKETS_PER_ADDRESS: '2' });
    const first = await PartyClient.connect(url);
    await PartyClient.connect(url);
    await expect(PartyClient.connect(url)).rejects.toThrow('could not connect');
    const upgrade = await fetch(url.replace(/^ws/, 'http'), {
      headers: {
        upgrade: 'websocket',
        connection: 'upgrade',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    expect([upgrade.status, upgrade.headers.get('retry-after')]).toEqual([429, '10']);
    first.close();
    await first.closedBy();
    // The server counts the socket out when its close arrives: wait for that, not for a time.
    for (let i = 0; ; i++) {
      const again = await PartyClient.connect(url).catch(() => undefined);
      if (again) break;
      if (i > 50) throw new Error('the closed socket was never counted out');
    }
  });

  test('a stopping server closes every socket (1001), in a room or not, and stops at once', async () => {
    const { deps } = await createTestApp();
    const shutdown = new AbortController();
    const app = createApp({ ...deps, partyClock: createManualClock(), shutdown: shutdown.signal }).listen({
      port: 0,
      hostname: '127.0.0.1',
    });
    const url = `ws://127.0.0.1:${app.server!.port}${PARTY_SOCKET_PATH}`;
    const { host, code } = await room(url);
    const ana = await player(url, code, 'Ana');
    const silent = await PartyClient.connect(url);
    shutdown.abort();
    const stopped = await Promise.race([
      app.stop(false).then(() => 'stopped'),
      new Promise((resolve) => setTimeout(resolve, 3_000, 'still waiting after 3 s')),
    ]);
    if (stopped !== 'stopped') await app.stop(true);
    expect(stopped).toBe('stopped');
    const going = { code: PARTY_CLOSE.stopping, reason: 'server stopping' };
    expect([await host.closedBy(), await ana.client.closedBy(), await silent.closedBy()]).toEqual([
      going,
      going,
      going,
    ]);
  });

  test('a room idle for 30 minutes closes and tells everyone in it', async () => {
    const { url, clock } = await listen();
    const { host, code } = await room(url);
    const ana = await player(url, code, 'Ana');
    clock.advance(29 * 60_000);
    host.send({ type: 'pause' }); // refused, but activity
    await host.next('error');
    clock.advance(29 * 60_000);
    expect(ana.client.closed).toBeUndefined();
    clock.advance(2 * 60_000);
    expect((await ana.client.next('closed')).reason).toBe('expired');
    expect((await host.closedBy()).code).toBe(PARTY_CLOSE.expired);
    const late = await PartyClient.connect(url);
    late.send({ type: 'join', code, nickname: 'Boris' });
    expect((await late.next('error')).code).toBe('room_not_found');
  });

  test('a message that fails on the server is logged and closes its own socket; the server plays on', async () => {
    const errors: unknown[] = [];
    const { url } = listenBare({
      // A hard game reads the selection (from the database): here it cannot be read.
      selection: () => {
        throw new Error('the database is gone');
      },
      onError: (error) => errors.push(error),
    });
    const failing = await PartyClient.connect(url);
    failing.send({ type: 'create', settings: { ...SETTINGS, difficulty: 'hard' } });
    expect((await failing.closedBy()).code).toBe(PARTY_CLOSE.serverError);
    expect(String(errors[0])).toContain('the database is gone');
    const { host, code } = await room(url);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{7}$/);
    host.close();
  });

  test("a socket for another instance's room is told so every time, but logged at most once a minute", async () => {
    const reports: [string, number][] = [];
    const { url, clock } = listenBare({
      codePrefixes: 'AB',
      onMisrouted: (code, count) => reports.push([code, count]),
    });
    const astray = await PartyClient.connect(url);
    for (const code of ['CZZZZZZ', 'DZZZZZZ', 'EZZZZZZ']) {
      astray.send({ type: 'join', code, nickname: 'Ana' });
      expect((await astray.next('error')).code).toBe('room_elsewhere');
    }
    clock.advance(60_000);
    const later = await PartyClient.connect(url);
    later.send({ type: 'rejoin', code: 'FZZZZZZ', playerToken: 'x'.repeat(22) });
    expect((await later.next('error')).code).toBe('room_elsewhere');
    expect(reports).toEqual([
      ['CZZZZZZ', 1],
      ['FZZZZZZ', 3],
    ]);
  });
});

/** Kviz uživo's routes alone on 127.0.0.1 (no app around them), on a clock the test moves. */
function listenBare(overrides: Partial<PartyRoutesDeps>) {
  const clock = createManualClock();
  const index = loadCatalogueIndex(createTestDb());
  const app = new Elysia()
    .use(
      partyRoutes({
        clock,
        catalogue: () => index,
        selection: () => ({}) as never,
        maxRooms: 10,
        maxPlayers: 10,
        trustedProxies: [],
        roomsPerHour: 100,
        joinsPerMinute: 100,
        maxSocketsPerKey: 100,
        codePrefixes: ROOM_CODE_ALPHABET,
        ...overrides,
      }),
    )
    .listen({ port: 0, hostname: '127.0.0.1' });
  running.push({ stop: () => app.stop(true) });
  return { url: `ws://127.0.0.1:${app.server!.port}${PARTY_SOCKET_PATH}`, clock };
}
