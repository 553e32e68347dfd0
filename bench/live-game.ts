/**
 * `bun bench/live-game.ts`: Kviz uživo under load (docs/decisions/031-live-game.md). Starts the
 * server from the sources in its own process on 127.0.0.1, then Bun WebSocket clients in this
 * process play: one room of `--players` (default 5,000) and `--rooms` rooms of `--room-size`
 * (default 200 × 10). Every player answers each line at a random moment, except one in ten who
 * lets the time run out, so the time-up path is measured too.
 *
 * Reported per scenario: the time for everyone to join; line sent (the host's control) →
 * received by every player, p50/p99/max; answer → acknowledged, p99; time-up → each player's
 * result (right or wrong, points, rank) received, p99; the server's CPU (share of one core over
 * the scenario) and its peak RSS. `--lines N` (default 2) lines of `--seconds` (10) each.
 * Not part of `npm run bench` (it takes a minute and the whole machine); figures in
 * docs/performance.md with the command that produced them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ClientMessage, ServerMessage } from '../src/shared/contracts/party';

const root = resolve(import.meta.dir, '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const only = process.argv.includes('--one-room')
  ? 'one'
  : process.argv.includes('--many-rooms')
    ? 'many'
    : 'both';
const LINES = arg('lines', 2);
const SECONDS = arg('seconds', 10);
const PLAYERS = arg('players', 5_000);
const ROOMS = arg('rooms', 200);
const ROOM_SIZE = arg('room-size', 10);
/** Sockets opened at once while joining (a burst of thousands would overflow the listen backlog). */
const JOIN_BATCH = 250;

const now = () => performance.timeOrigin + performance.now();
const log = (message: string) => console.log(`[live-game] ${message}`);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** A socket whose messages are taken by type, in order (arrived ones wait in a queue). */
class Client {
  private waiting = new Map<string, ((m: ServerMessage, at: number) => void)[]>();
  private arrived = new Map<string, { m: ServerMessage; at: number }[]>();
  constructor(readonly ws: WebSocket) {
    ws.onmessage = (event) => {
      const at = now();
      const m = JSON.parse(String(event.data)) as ServerMessage;
      if (m.type === 'lobby' || m.type === 'progress') return; // never waited for
      const list = this.waiting.get(m.type);
      if (list?.length) list.shift()!(m, at);
      else {
        const queue = this.arrived.get(m.type) ?? [];
        queue.push({ m, at });
        this.arrived.set(m.type, queue);
      }
    };
  }
  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => resolve(new Client(ws));
      ws.onerror = () => reject(new Error('could not connect'));
    });
  }
  send(m: ClientMessage) {
    this.ws.send(JSON.stringify(m));
  }
  next<T extends ServerMessage['type']>(
    type: T,
  ): Promise<{ m: Extract<ServerMessage, { type: T }>; at: number }> {
    type Got = { m: Extract<ServerMessage, { type: T }>; at: number };
    const queued = this.arrived.get(type)?.shift();
    if (queued) return Promise.resolve(queued as Got);
    return new Promise((resolve) => {
      const list = this.waiting.get(type) ?? [];
      list.push((m, at) => resolve({ m, at } as Got));
      this.waiting.set(type, list);
    });
  }
}

/** utime + stime of a process in seconds, and its peak RSS in MiB, from /proc. */
function processUsage(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { cpuSeconds: ticks / 100, rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-live-bench-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const proc = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'kviz.db'),
      ADMIN_PASSWORD: 'bench-password-123',
      LOG_LEVEL: 'warn',
      PARTY_MAX_PLAYERS: String(Math.max(PLAYERS, ROOM_SIZE)),
      PARTY_MAX_ROOMS: String(Math.max(ROOMS, 1)),
      RATE_LIMIT_PARTY_ROOMS_PER_HOUR: '100000',
      RATE_LIMIT_PARTY_JOINS_PER_MINUTE: '1000000',
    },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 300) {
      proc.kill('SIGKILL');
      throw new Error('the server did not start');
    }
    await Bun.sleep(100);
  }
  return {
    proc,
    url: `ws://127.0.0.1:${port}/api/uzivo/ws`,
    stop: async () => {
      proc.kill('SIGTERM');
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Room {
  host: Client;
  code: string;
  players: Client[];
}

async function openRooms(url: string, rooms: number, size: number) {
  const out: Room[] = [];
  for (let r = 0; r < rooms; r++) {
    const host = await Client.open(url);
    const hosting = host.next('hosting');
    host.send({
      type: 'create',
      settings: { lines: 10, seconds: SECONDS as 10, difficulty: 'normal', autoNext: 0 },
    });
    out.push({ host, code: (await hosting).m.code, players: [] });
  }
  const joinMs: number[] = [];
  const started = now();
  const slots = out.flatMap((room) => Array.from({ length: size }, (_, i) => ({ room, i })));
  for (let b = 0; b < slots.length; b += JOIN_BATCH)
    await Promise.all(
      slots.slice(b, b + JOIN_BATCH).map(async ({ room, i }) => {
        const t0 = now();
        const client = await Client.open(url);
        const joined = client.next('joined');
        client.send({ type: 'join', code: room.code, nickname: `Igrač ${i + 1}` });
        joinMs.push((await joined).at - t0);
        room.players.push(client);
      }),
    );
  return { rooms: out, joinAllMs: now() - started, joinMs };
}

/** Plays LINES lines in every room at once; returns the latencies. */
async function play(rooms: Room[]) {
  const lineMs: number[] = [];
  const ackMs: number[] = [];
  const resultMs: number[] = [];
  for (let line = 0; line < LINES; line++) {
    const sent = now();
    const timeUps: Promise<void>[] = [];
    for (const room of rooms) {
      const hostLine = room.host.next('line');
      room.host.send(line === 0 ? { type: 'start' } : { type: 'next' });
      timeUps.push(
        (async () => {
          // The server sends the line to everyone at once; the host's copy marks when, the time-up follows.
          const at = (await hostLine).at;
          const timeUp = at + SECONDS * 1000;
          await Promise.all(
            room.players.map(async (p, i) => {
              const got = await p.next('line');
              lineMs.push(got.at - sent);
              const result = p.next('result');
              // One in ten, and the last of every room, let the time run out: the line ends at time-up.
              if (i % 10 !== 9 && i !== room.players.length - 1) {
                await Bun.sleep(Math.random() * SECONDS * 800);
                const ack = p.next('ack');
                const t0 = now();
                p.send({ type: 'answer', line, option: Math.floor(Math.random() * 5) });
                ackMs.push((await ack).at - t0);
              }
              resultMs.push((await result).at - timeUp);
            }),
          );
        })(),
      );
    }
    await Promise.all(timeUps);
    // reveal → scoreboard; the next loop's `next` sends the following line.
    for (const room of rooms) room.host.send({ type: 'next' });
    await Promise.all(rooms.map((room) => room.host.next('scoreboard')));
  }
  return { lineMs, ackMs, resultMs };
}

async function scenario(name: string, rooms: number, size: number) {
  const server = await startServer();
  try {
    const before = processUsage(server.proc.pid);
    const started = now();
    const joined = await openRooms(server.url, rooms, size);
    log(
      `${name}: ${rooms * size} players joined in ${ms(joined.joinAllMs)} (one join p99 ${ms(percentile(joined.joinMs, 99))})`,
    );
    const played = await play(joined.rooms);
    const after = processUsage(server.proc.pid);
    const wall = (now() - started) / 1000;
    const report = {
      scenario: name,
      players: rooms * size,
      rooms,
      lines: LINES,
      joinAllMs: Math.round(joined.joinAllMs),
      joinP99Ms: percentile(joined.joinMs, 99),
      lineP50Ms: percentile(played.lineMs, 50),
      lineP99Ms: percentile(played.lineMs, 99),
      lineMaxMs: Math.max(...played.lineMs),
      ackP99Ms: percentile(played.ackMs, 99),
      timeUpToResultP99Ms: percentile(played.resultMs, 99),
      serverCpuPercentOfOneCore: Math.round(((after.cpuSeconds - before.cpuSeconds) / wall) * 100),
      serverPeakRssMiB: Math.round(after.peakMiB),
    };
    console.log(JSON.stringify(report));
    for (const room of joined.rooms) {
      room.host.ws.close();
      for (const p of room.players) p.ws.close();
    }
    return report;
  } finally {
    await server.stop();
  }
}

if (only !== 'many') await scenario('one room', 1, PLAYERS);
if (only !== 'one') await scenario('many rooms', ROOMS, ROOM_SIZE);
process.exit(0);
