/**
 * One process of Kviz uživo's load generator (bench/lib/live-game.ts starts several, so the
 * players' sockets use every core): `bun bench/lib/live-players.ts JOB.json`. Joins its share of
 * the players, says so on stdout, then plays: each line is received, answered at a random moment
 * (or left to run out of time), acknowledged, and its result received. At the end it prints every
 * arrival time (wall clock) for the parent to measure against the moments it sent the lines.
 */
import { readFileSync } from 'node:fs';
import { LiveSocket, wallNow } from './live-socket';

export interface PlayersJob {
  url: string;
  lines: number;
  seconds: number;
  /** Sockets opened at once while joining (a burst of thousands would overflow the listen backlog). */
  batch: number;
  players: { room: number; code: string; nickname: string; answers: boolean }[];
}

/** Lines this process prints, one JSON object each. */
export type PlayersReport =
  | { joined: number[] }
  | {
      /** [room, line, arrival] of each line message, and of each result. */
      line: [number, number, number][];
      result: [number, number, number][];
      /** Answer sent → acknowledged, ms. */
      ack: number[];
      /** CPU this process used while playing (user + system), ms. */
      cpuMs: number;
    };

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as PlayersJob;
const print = (report: PlayersReport) => console.log(JSON.stringify(report));

const sockets: LiveSocket[] = [];
const joined: number[] = [];
for (let b = 0; b < job.players.length; b += job.batch)
  await Promise.all(
    job.players.slice(b, b + job.batch).map(async (p, i) => {
      const t0 = wallNow();
      // A phone's result carries the line's reveal; the room-wide scoreboard and podium are
      // dropped unparsed (each real phone reads its own copy on its own CPU).
      const socket = await LiveSocket.open(`${job.url}?kod=${p.code}`, ['lobby', 'scoreboard', 'podium']);
      const welcome = socket.next('joined');
      socket.send({ type: 'join', code: p.code, nickname: p.nickname });
      joined.push((await welcome).at - t0);
      sockets[b + i] = socket;
    }),
  );
print({ joined });

const cpuBefore = process.cpuUsage();
const line: [number, number, number][] = [];
const result: [number, number, number][] = [];
const ack: number[] = [];
await Promise.all(
  job.players.map(async (p, i) => {
    const socket = sockets[i]!;
    for (let n = 0; n < job.lines; n++) {
      const got = await socket.next('line');
      line.push([p.room, n, got.at]);
      const outcome = socket.next('result');
      if (p.answers) {
        await Bun.sleep(Math.random() * job.seconds * 800);
        const acked = socket.next('ack');
        const t0 = wallNow();
        socket.send({ type: 'answer', line: got.m.index, option: Math.floor(Math.random() * 5) });
        ack.push((await acked).at - t0);
      }
      result.push([p.room, n, (await outcome).at]);
    }
  }),
);
const cpu = process.cpuUsage(cpuBefore);
print({ line, result, ack, cpuMs: (cpu.user + cpu.system) / 1000 });
for (const socket of sockets) socket.close();
process.exit(0);
