/**
 * Kviz uživo under load (docs/decisions/031-live-game.md), for `npm run bench` and
 * `bun bench/live-game.ts`. Per scenario, a server of its own; the hosts' sockets in this
 * process, the players' in `generators` processes of bench/lib/live-players.ts (so the
 * generator is not one JavaScript thread parsing every message of a 5,000-player room). Every
 * player answers each line at a random moment, except one in ten and the last of each room, so
 * each line ends at time-up and that path is measured too.
 *
 * Measured: joining everyone; line sent (the host's `start`/`next` leaves this process) →
 * received by each player, p50/p99/max; answer → acknowledged, p99; time-up → each player's result
 * received, p99, where the time-up is taken as the host's `start`/`next` leaving this process plus
 * the line's seconds: the server cannot start the line's timer before it has that message, so this
 * can only overcount (by the host → server leg). (The line's first arrival in the room plus its
 * seconds was tried: on a loaded machine a generator woke late for that first arrival and results
 * came "before" the time-up.) The server's CPU (share of one core over the scenario), its RSS once
 * started and once every player joined (what the players cost), and its peak RSS, from /proc.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlayersJob, PlayersReport } from './live-players';
import { LiveSocket, wallNow } from './live-socket';
import { cpuSeconds, residentMiB } from './proc';

export interface LiveServer {
  /** ws://…/api/uzivo/ws */
  url: string;
  pid: number;
  stop(): Promise<unknown>;
}

export interface LiveScenario {
  name: string;
  rooms: number;
  size: number;
}

export interface LiveGameReport {
  scenario: string;
  players: number;
  rooms: number;
  lines: number;
  seconds: number;
  generators: number;
  joinAllMs: number;
  joinP99Ms: number;
  lineP50Ms: number;
  lineP99Ms: number;
  lineMaxMs: number;
  ackP99Ms: number;
  timeUpToResultP50Ms: number;
  timeUpToResultP99Ms: number;
  /** Time-up → the reveal on the host screen, the latest of every room's lines. */
  timeUpToHostRevealMaxMs: number;
  serverCpuPercentOfOneCore: number;
  /** The generator processes' CPU while the lines were played, share of one core. */
  generatorCpuPercentOfOneCore: number;
  serverPeakRssMiB: number;
  /** The server's RSS once started (before any room) and once every player had joined, MiB. */
  serverStartRssMiB: number;
  serverJoinedRssMiB: number;
}

/** The environment a server needs for a scenario (limits opened up for one generator address). */
export const liveServerEnv = (scenarios: LiveScenario[]): Record<string, string> => ({
  PARTY_MAX_PLAYERS: String(Math.max(...scenarios.map((s) => s.size))),
  PARTY_MAX_ROOMS: String(Math.max(...scenarios.map((s) => s.rooms))),
  RATE_LIMIT_PARTY_ROOMS_PER_HOUR: '1000000',
  RATE_LIMIT_PARTY_JOINS_PER_MINUTE: '1000000',
  // Every simulated player comes from 127.0.0.1.
  PARTY_MAX_SOCKETS_PER_ADDRESS: '1000000',
});

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** utime + stime of a process in seconds, and its peak RSS in MiB, from /proc. */
function processUsage(pid: number) {
  const { peak, rss } = residentMiB(pid);
  return { cpuSeconds: cpuSeconds(pid), peakMiB: peak, rssMiB: rss };
}

/** A generator process: its reports, one per line of its output, awaited in order. */
function spawnPlayers(jobFile: string) {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'live-players.ts'), jobFile], {
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reports: PlayersReport[] = [];
  let wake = () => {};
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = proc.stdout.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        reports.push(JSON.parse(buffer.slice(0, nl)) as PlayersReport);
        buffer = buffer.slice(nl + 1);
        wake();
      }
    }
    wake();
  })();
  return {
    proc,
    async report(n: number): Promise<PlayersReport> {
      while (reports.length <= n) {
        if (proc.exitCode !== null) throw new Error(`a generator exited (${proc.exitCode}) early`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 200);
        });
      }
      return reports[n]!;
    },
    done: reading,
  };
}

/** How long the host leaves the scoreboard up before the next line. */
const SCOREBOARD_PAUSE_MS = 2_000;

interface Hosted {
  host: LiveSocket;
  code: string;
}

async function openRooms(url: string, rooms: number, seconds: number): Promise<Hosted[]> {
  const out: Hosted[] = [];
  for (let r = 0; r < rooms; r++) {
    const host = await LiveSocket.open(url, ['lobby', 'progress']);
    const hosting = host.next('hosting');
    host.send({
      type: 'create',
      settings: { lines: 10, seconds: seconds as 10, difficulty: 'normal', autoNext: 0 },
    });
    out.push({ host, code: (await hosting).m.code });
  }
  return out;
}

/** The host side of `lines` lines in every room at once: when each line was sent, and when its reveal came. */
async function hostLines(rooms: Hosted[], lines: number) {
  const sent: number[][] = rooms.map(() => []);
  const revealed: number[][] = rooms.map(() => []);
  for (let n = 0; n < lines; n++) {
    await Promise.all(
      rooms.map(async ({ host }, r) => {
        const line = host.next('line');
        sent[r]![n] = wallNow();
        host.send(n === 0 ? { type: 'start' } : { type: 'next' });
        await line;
        revealed[r]![n] = (await host.next('reveal')).at;
        // reveal → scoreboard; the next round's `next` sends the following line after a host's
        // pause (shorter than the product's shortest automatic one, 5 s), as in a game: sent at
        // once, the line would queue behind thousands of scoreboards in each generator process.
        host.send({ type: 'next' });
        await host.next('scoreboard');
        await Bun.sleep(SCOREBOARD_PAUSE_MS);
      }),
    );
  }
  return { sent, revealed };
}

export async function measureLiveGame(options: {
  start: () => Promise<LiveServer>;
  scenario: LiveScenario;
  lines: number;
  seconds: number;
  generators: number;
  log: (message: string) => void;
}): Promise<LiveGameReport> {
  const { scenario, lines, seconds, log } = options;
  if (lines > 10) throw new Error('at most 10 lines (the rooms are made with 10)');
  const server = await options.start();
  const work = mkdtempSync(join(tmpdir(), 'kviz-live-'));
  const generators: ReturnType<typeof spawnPlayers>[] = [];
  try {
    const before = processUsage(server.pid);
    const started = wallNow();
    const rooms = await openRooms(server.url, scenario.rooms, seconds);
    const jobs: PlayersJob[] = Array.from({ length: options.generators }, () => ({
      url: server.url,
      lines,
      seconds,
      batch: 250,
      players: [],
    }));
    let k = 0;
    rooms.forEach(({ code }, room) => {
      for (let i = 0; i < scenario.size; i++)
        jobs[k++ % jobs.length]!.players.push({
          room,
          code,
          nickname: `Igrač ${i + 1}`,
          answers: i % 10 !== 9 && i !== scenario.size - 1,
        });
    });
    const joinStarted = wallNow();
    for (const [g, job] of jobs.entries()) {
      const file = join(work, `job-${g}.json`);
      writeFileSync(file, JSON.stringify(job));
      generators.push(spawnPlayers(file));
    }
    const joinedReports = (await Promise.all(generators.map((g) => g.report(0)))) as { joined: number[] }[];
    const joinAllMs = wallNow() - joinStarted;
    const joinedUsage = processUsage(server.pid);
    const joinMs = joinedReports.flatMap((r) => r.joined);
    log(`${scenario.name}: ${joinMs.length} players joined in ${joinAllMs.toFixed(0)} ms`);

    const playStarted = wallNow();
    const { sent, revealed } = await hostLines(rooms, lines);
    const played = (await Promise.all(generators.map((g) => g.report(1)))) as Extract<
      PlayersReport,
      { ack: number[] }
    >[];
    const after = processUsage(server.pid);
    const playSeconds = (wallNow() - playStarted) / 1000;
    const generatorCpuMs = played.reduce((sum, r) => sum + r.cpuMs, 0);
    const wallSeconds = (wallNow() - started) / 1000;

    const lineMs = played.flatMap((r) => r.line.map(([room, n, at]) => at - sent[room]![n]!));
    const resultMs = played.flatMap((r) =>
      r.result.map(([room, n, at]) => at - (sent[room]![n]! + seconds * 1000)),
    );
    const ackMs = played.flatMap((r) => r.ack);
    const hostRevealMs = rooms.flatMap((_, r) =>
      revealed[r]!.map((at, n) => at - (sent[r]![n]! + seconds * 1000)),
    );
    for (const { host } of rooms) host.close();
    return {
      scenario: scenario.name,
      players: joinMs.length,
      rooms: scenario.rooms,
      lines,
      seconds,
      generators: options.generators,
      joinAllMs,
      joinP99Ms: percentile(joinMs, 99),
      lineP50Ms: percentile(lineMs, 50),
      lineP99Ms: percentile(lineMs, 99),
      lineMaxMs: Math.max(...lineMs),
      ackP99Ms: percentile(ackMs, 99),
      timeUpToResultP50Ms: percentile(resultMs, 50),
      timeUpToResultP99Ms: percentile(resultMs, 99),
      timeUpToHostRevealMaxMs: Math.max(...hostRevealMs),
      serverCpuPercentOfOneCore: Math.round(((after.cpuSeconds - before.cpuSeconds) / wallSeconds) * 100),
      generatorCpuPercentOfOneCore: Math.round(generatorCpuMs / 10 / playSeconds),
      serverPeakRssMiB: Math.round(after.peakMiB),
      serverStartRssMiB: Math.round(before.rssMiB * 10) / 10,
      serverJoinedRssMiB: Math.round(joinedUsage.rssMiB * 10) / 10,
    };
  } finally {
    for (const g of generators) g.proc.kill();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
