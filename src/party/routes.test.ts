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
import { partyRoutes } from './routes';

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
    ['an unknown type', JSON.stringify({ type: 'cheat' }), 'invalid message'],
    ['an option out of range', JSON.stringify({ type: 'answer', line: 0, option: 7 }), 'invalid message'],
    ['an extra field', JSON.stringify({ type: 'start', x: 1 }), 'invalid message'],
  ])('%s closes that socket with a reason and nothing else changes', async (_, text, reason) => {
    const { url } = await listen();
    const { host, code } = await room(url);
    const ana = await player(url, code, 'Ana');
    ana.client.send(text);
    const closed = await ana.client.closedBy();
    expect(closed.code).toBe(PARTY_CLOSE.malformed);
    expect(closed.reason).toStartWith(reason);
    host.send({ type: 'start' });
    expect((await host.next('line')).index).toBe(0);
  });

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
    const index = loadCatalogueIndex(createTestDb());
    const app = new Elysia()
      .use(
        partyRoutes({
          clock: createManualClock(),
          catalogue: () => index,
          // A hard game reads the selection (from the database): here it cannot be read.
          selection: () => {
            throw new Error('the database is gone');
          },
          maxRooms: 10,
          maxPlayers: 10,
          trustedProxies: [],
          roomsPerHour: 100,
          joinsPerMinute: 100,
          codePrefixes: ROOM_CODE_ALPHABET,
          onError: (error) => errors.push(error),
        }),
      )
      .listen({ port: 0, hostname: '127.0.0.1' });
    running.push({ stop: () => app.stop(true) });
    const url = `ws://127.0.0.1:${app.server!.port}${PARTY_SOCKET_PATH}`;
    const failing = await PartyClient.connect(url);
    failing.send({ type: 'create', settings: { ...SETTINGS, difficulty: 'hard' } });
    expect((await failing.closedBy()).code).toBe(PARTY_CLOSE.serverError);
    expect(String(errors[0])).toContain('the database is gone');
    const { host, code } = await room(url);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{7}$/);
    host.close();
  });
});
