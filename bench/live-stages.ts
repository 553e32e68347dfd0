/**
 * `bun bench/live-stages.ts [players]`: where the server's time goes in one Kviz uživo room of
 * `players` (default 5,000), step by step, in process: the real hub (validation, rooms, the game,
 * every message serialised as the socket would send it) over sockets that only count what they are
 * given, on a clock the script moves. CPU milliseconds of each step (`process.cpuUsage`, so other
 * processes on this shared machine are not counted), best of three rooms. What a step costs here
 * is the server's own share of the latencies `bun bench/live-game.ts` measures end to end; the
 * rest is the kernel, Bun's native fan-out and the generator.
 */
import { createPartyHub, type PartySocket } from '../src/party/hub';
import { drawPartyLines } from '../src/party/lines';
import { createManualClock } from '../src/party/manual-clock';
import { PartyRooms } from '../src/party/rooms';
import { ROOM_CODE_ALPHABET } from '../src/shared/contracts/party';
import { loadCatalogueIndex } from '../src/storage/sqlite/catalogue-load';
import { seedCatalogue } from '../src/storage/sqlite/catalogue-seed';
import { createSqliteDb } from '../src/storage/sqlite/client';
import { migrateDb } from '../src/storage/sqlite/migrate';

const PLAYERS = Number(process.argv[2] ?? 5_000);
const db = createSqliteDb(':memory:');
migrateDb(db);
seedCatalogue(db);
const index = loadCatalogueIndex(db);
const unlimited = {
  consume: () => ({ allowed: true, resetSeconds: 0 }),
  peek: () => ({ allowed: true, resetSeconds: 0 }),
  count: () => {},
};

/** CPU ms of `fn`. */
async function cpuMs(fn: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function oneRoom() {
  const clock = createManualClock(Date.now());
  let bytes = 0;
  let sends = 0;
  const subscribers = new Map<string, number>();
  const socket = (): PartySocket => ({
    send: (text: string) => {
      bytes += text.length;
      sends++;
    },
    subscribe: (topic: string) => subscribers.set(topic, (subscribers.get(topic) ?? 0) + 1),
    close: () => {},
  });
  const hub = createPartyHub(
    {
      nowMs: clock.nowMs,
      // Bun's publish hands one string to its native fan-out: counted once per subscriber, made once.
      publish: (topic, text) => {
        bytes += text.length * (subscribers.get(topic) ?? 0);
      },
      createLimiter: unlimited as never,
      joinLimiter: unlimited as never,
    },
    (outboxFor, onExpired) =>
      new PartyRooms({
        clock,
        maxRooms: 10,
        maxPlayers: PLAYERS,
        prefixes: ROOM_CODE_ALPHABET,
        drawLines: (settings) => drawPartyLines(index, settings.lines, settings.difficulty, undefined),
        outboxFor,
        onExpired,
      }),
  );
  const host = hub.open(socket(), '127.0.0.1');
  await hub.message(
    host,
    JSON.stringify({
      type: 'create',
      settings: { lines: 10, seconds: 10, difficulty: 'normal', autoNext: 0 },
    }),
  );
  const code = host.room!.code;
  const players = Array.from({ length: PLAYERS }, (_, i) => ({
    i,
    session: hub.open(socket(), `10.0.${i >> 8}.${i & 255}`),
  }));
  const steps: Record<string, number> = {};
  steps.join = await cpuMs(async () => {
    for (const { i, session } of players)
      await hub.message(session, JSON.stringify({ type: 'join', code, nickname: `Igrač ${i + 1}` }));
    clock.advance(300);
  });
  const sent = () => ({ bytes, sends });
  steps.start = await cpuMs(() => hub.message(host, JSON.stringify({ type: 'start' })));
  const beforeAnswers = sends;
  steps.answers = await cpuMs(async () => {
    for (const { i, session } of players)
      if (i % 10 !== 9) {
        clock.advance(1);
        await hub.message(session, JSON.stringify({ type: 'answer', line: 0, option: i % 5 }));
      }
  });
  // Each answer was acknowledged (one send each), or the step measured nothing.
  if (sends - beforeAnswers !== Math.ceil(PLAYERS * 0.9)) throw new Error(`${sends - beforeAnswers} acks`);
  const beforeTimeUp = sent();
  steps.timeUp = await cpuMs(() => clock.advance(10_000));
  const timeUpBytes = bytes - beforeTimeUp.bytes;
  const timeUpSends = sends - beforeTimeUp.sends;
  steps.scoreboard = await cpuMs(() => hub.message(host, JSON.stringify({ type: 'next' })));
  steps.nextLine = await cpuMs(() => hub.message(host, JSON.stringify({ type: 'next' })));
  return { steps, timeUpBytes, timeUpSends };
}

const runs: Awaited<ReturnType<typeof oneRoom>>[] = [];
for (let r = 0; r < 3; r++) runs.push(await oneRoom());
const best = (key: string) => Math.min(...runs.map((run) => run.steps[key]!));
const per = (key: string, n: number) =>
  `${best(key).toFixed(1)} ms (${((best(key) * 1000) / n).toFixed(1)} µs each)`;
console.log(
  `one room of ${PLAYERS.toLocaleString('en')} players, CPU of the server's JavaScript, best of 3:`,
);
console.log(`  ${PLAYERS} joins: ${per('join', PLAYERS)}`);
console.log(`  start (the line serialised once, one publish): ${best('start').toFixed(2)} ms`);
console.log(
  `  ${Math.ceil(PLAYERS * 0.9)} answers, each validated, graded, acknowledged: ${per('answers', PLAYERS * 0.9)}`,
);
console.log(
  `  time-up (points, ranking, the reveal to the host, ${runs[0]!.timeUpSends} personal results with the reveal serialised and sent, ${(runs[0]!.timeUpBytes / 1024).toFixed(0)} KiB): ${per('timeUp', PLAYERS)}`,
);
console.log(
  `  scoreboard: ${best('scoreboard').toFixed(2)} ms; next line: ${best('nextLine').toFixed(2)} ms`,
);
process.exit(0);
