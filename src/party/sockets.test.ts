import { describe, expect, test } from 'bun:test';
import { PARTY_CLOSE } from '../shared/contracts/party';
import { createManualClock } from './manual-clock';
import { HELLO_TIMEOUT_MS, PartySockets, type TrackedSocket } from './sockets';

function setUp(maxPerKey = 3) {
  const clock = createManualClock();
  const sockets = new PartySockets({ clock, maxPerKey });
  const closed: { name: string; code: number; reason: string }[] = [];
  const open = (name: string, key = '192.0.2.1') => {
    let room = false;
    const socket: TrackedSocket & { enterRoom(): void } = {
      key,
      openedAtMs: clock.nowMs(),
      inRoom: () => room,
      enterRoom: () => {
        room = true;
      },
      // As Bun does: the close handler runs at once and takes the socket out.
      disconnect: (code, reason) => {
        closed.push({ name, code, reason });
        sockets.remove(socket);
      },
    };
    sockets.add(socket);
    return socket;
  };
  return { clock, sockets, closed, open };
}

describe('live-game sockets', () => {
  test('a socket that is not in a room 10 s after it opened is closed; one in a room stays', () => {
    const { clock, sockets, closed, open } = setUp();
    const silent = open('silent');
    open('joined').enterRoom();
    clock.advance(HELLO_TIMEOUT_MS - 1_000);
    const late = open('late');
    expect(closed).toEqual([]);
    clock.advance(2_000);
    expect(closed).toEqual([
      { name: 'silent', code: PARTY_CLOSE.noHello, reason: 'not in a room within 10 s' },
    ]);
    late.enterRoom();
    clock.advance(HELLO_TIMEOUT_MS);
    expect(closed.map((c) => c.name)).toEqual(['silent']);
    expect(sockets.size).toBe(2);
    // Nothing waits for a room any more: no timer is left running.
    expect(clock.pending()).toBe(0);
    expect(sockets.canOpen(silent.key)).toBe(true);
  });

  test('a client holds at most maxPerKey sockets; a closed one makes room; other clients are apart', () => {
    const { sockets, open } = setUp(2);
    const first = open('a');
    open('b');
    expect(sockets.canOpen('192.0.2.1')).toBe(false);
    expect(sockets.canOpen('2001:db8:1:2::/64')).toBe(true);
    sockets.remove(first);
    sockets.remove(first); // a second close of the same socket counts once
    expect(sockets.canOpen('192.0.2.1')).toBe(true);
    open('c');
    expect(sockets.canOpen('192.0.2.1')).toBe(false);
  });

  test('closeAll closes every socket, in a room or not, and any that opens after it', () => {
    const { clock, sockets, closed, open } = setUp();
    open('lobby').enterRoom();
    open('silent', '2001:db8::/64');
    sockets.closeAll();
    open('after');
    const stopping = { code: PARTY_CLOSE.stopping, reason: 'server stopping' };
    expect(closed).toEqual([
      { name: 'lobby', ...stopping },
      { name: 'silent', ...stopping },
      { name: 'after', ...stopping },
    ]);
    expect(sockets.size).toBe(0);
    expect(clock.pending()).toBe(0);
  });
});
