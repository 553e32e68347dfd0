/**
 * `bun scripts/party-proxy-trial.ts http://127.0.0.1:18080 [rooms]`: tries a proxy configured as
 * docs/deploy.md ("Kviz uživo with several instances") describes, from the outside. Opens
 * `rooms` rooms (default 8) through it, the way the host screen does (a socket without a code, so
 * the proxy picks any instance), then three players join each room with `?kod=CODE` (one with the
 * code in lower case) and the room plays one line to its podium. A player sent to an instance that
 * does not own the room is answered `room_elsewhere`: any such answer, or any other failure, is
 * printed and the exit code is 1. Prints each room's code, so that rooms on every instance are seen.
 */
import type { ClientMessage, ServerMessage } from '../src/shared/contracts/party';

const base = process.argv[2];
const rooms = Number(process.argv[3] ?? 8);
if (!base) {
  console.error('usage: bun scripts/party-proxy-trial.ts http://proxy:port [rooms]');
  process.exit(2);
}
const socketBase = `${base.replace(/^http/, 'ws')}/api/uzivo/ws`;

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** A socket whose messages are awaited by type, in order; an `error` message rejects the wait. */
async function connect(url: string) {
  const ws = new WebSocket(url);
  const inbox: ServerMessage[] = [];
  let wake = () => {};
  ws.onmessage = (event) => {
    inbox.push(JSON.parse(String(event.data)) as ServerMessage);
    wake();
  };
  ws.onclose = () => wake();
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error(`could not open ${url}`));
  });
  return {
    send: (m: ClientMessage) => ws.send(JSON.stringify(m)),
    close: () => ws.close(),
    async next<T extends ServerMessage['type']>(type: T): Promise<Of<T>> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const i = inbox.findIndex((m) => m.type === type || m.type === 'error');
        if (i >= 0) {
          const [m] = inbox.splice(i, 1);
          if (m!.type === 'error') throw new Error(`${url}: ${m!.code} (${m!.message})`);
          return m as Of<T>;
        }
        if (ws.readyState === WebSocket.CLOSED) throw new Error(`${url} closed before ${type}`);
        if (Date.now() > deadline) throw new Error(`${url}: no ${type} in 5 s`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 100);
        });
      }
    },
  };
}

async function playRoom(n: number): Promise<string> {
  const host = await connect(socketBase);
  host.send({ type: 'create', settings: { lines: 10, seconds: 30, difficulty: 'normal', autoNext: 0 } });
  const { code } = await host.next('hosting');
  const players = [];
  for (const [i, nickname] of ['Ana', 'Boris', 'Đurđa'].entries()) {
    const kod = i === 2 ? code.toLowerCase() : code;
    const player = await connect(`${socketBase}?kod=${kod}`);
    player.send({ type: 'join', code, nickname });
    await player.next('joined');
    players.push(player);
  }
  host.send({ type: 'start' });
  for (const [i, player] of players.entries()) {
    const line = await player.next('line');
    player.send({ type: 'answer', line: line.index, option: i });
    await player.next('ack');
  }
  await host.next('reveal');
  host.send({ type: 'end' });
  await host.next('podium');
  for (const player of players) await player.next('final');
  for (const socket of [host, ...players]) socket.close();
  return `room ${n + 1}: ${code} — 3 players joined through the proxy, one line, podium`;
}

let failed = 0;
for (let n = 0; n < rooms; n++) {
  try {
    console.log(await playRoom(n));
  } catch (error) {
    failed++;
    console.log(`room ${n + 1}: FAILED ${(error as Error).message}`);
  }
}
console.log(failed === 0 ? `all ${rooms} rooms played` : `${failed} of ${rooms} rooms failed`);
process.exit(failed === 0 ? 0 : 1);
