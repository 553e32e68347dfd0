/**
 * `bun bench/live-memory.ts --binary PATH [--steps 1000,2000,5000] [--lines 1]`: what a Kviz
 * uživo player costs the server in memory (docs/decisions/031-live-game.md). The binary on
 * 127.0.0.1 with an empty SQLite database; one room; players join it from this process up to each
 * step (sockets opened 250 at a time), and after each step, once the server has been idle a
 * second, its RSS is read from /proc. Then `--lines` lines are played (everyone answers at once,
 * the host moves on to the scoreboard) and the peak RSS (VmHWM) is read. Bytes per player are the
 * RSS grown over the players added between two steps: the slope, not the server's fixed cost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { liveServerEnv } from './lib/live-game';
import { LiveSocket } from './lib/live-socket';
import { residentMiB } from './lib/proc';
import { startServer } from './lib/server';

const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const binary = flag('binary');
if (!binary)
  throw new Error('usage: bun bench/live-memory.ts --binary PATH [--steps 1000,2000,5000] [--lines 1]');
const steps = (flag('steps') ?? '1000,2000,5000').split(',').map(Number);
const lines = Number(flag('lines') ?? 1);
const players = Math.max(...steps);

const dir = mkdtempSync(join(tmpdir(), 'kviz-live-memory-'));
const server = await startServer(
  resolve(binary),
  dir,
  liveServerEnv([{ name: 'one room', rooms: 1, size: players }]),
);
const url = `${server.url.replace(/^http/, 'ws')}/api/uzivo/ws`;
try {
  await Bun.sleep(1_000);
  const empty = residentMiB(server.pid).rss;
  const host = await LiveSocket.open(url, ['lobby', 'progress']);
  const hosting = host.next('hosting');
  host.send({ type: 'create', settings: { lines: 10, seconds: 10, difficulty: 'normal', autoNext: 0 } });
  const { code } = (await hosting).m;
  await Bun.sleep(1_000);
  const oneRoom = residentMiB(server.pid).rss;
  console.log(`server idle ${empty.toFixed(1)} MiB; with an empty room ${oneRoom.toFixed(1)} MiB`);
  const sockets: LiveSocket[] = [];
  let previous = { players: 0, rss: oneRoom };
  for (const step of steps) {
    for (let b = sockets.length; b < step; b += 250)
      await Promise.all(
        Array.from({ length: Math.min(250, step - b) }, async (_, i) => {
          const socket = await LiveSocket.open(`${url}?kod=${code}`, [
            'lobby',
            'reveal',
            'scoreboard',
            'podium',
          ]);
          const joined = socket.next('joined');
          socket.send({ type: 'join', code, nickname: `Igrač ${b + i + 1}` });
          await joined;
          sockets.push(socket);
        }),
      );
    await Bun.sleep(1_000);
    const { rss } = residentMiB(server.pid);
    const perPlayer = ((rss - previous.rss) * 1024 * 1024) / (step - previous.players);
    const overall = ((rss - oneRoom) * 1024 * 1024) / step;
    console.log(
      `${step} players: RSS ${rss.toFixed(1)} MiB; ${(perPlayer / 1024).toFixed(2)} KiB a player over the last ${step - previous.players}, ${(overall / 1024).toFixed(2)} KiB a player over all`,
    );
    previous = { players: step, rss };
  }
  for (let n = 0; n < lines; n++) {
    const line = host.next('line');
    host.send(n === 0 ? { type: 'start' } : { type: 'next' });
    const { m } = await line;
    await Promise.all(
      sockets.map(async (socket) => {
        await socket.next('line');
        socket.send({ type: 'answer', line: m.index, option: Math.floor(Math.random() * 5) });
        await socket.next('result');
      }),
    );
    await host.next('reveal');
    host.send({ type: 'next' });
    await host.next('scoreboard');
  }
  await Bun.sleep(1_000);
  const end = residentMiB(server.pid);
  console.log(`after ${lines} line(s): RSS ${end.rss.toFixed(1)} MiB, peak ${end.peak.toFixed(1)} MiB`);
  for (const socket of sockets) socket.close();
  host.close();
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
