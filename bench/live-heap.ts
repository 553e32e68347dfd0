/**
 * `bun bench/live-heap.ts [players]`: the JavaScript heap one Kviz uživo player costs the server
 * (docs/decisions/031-live-game.md), through the real app listening on 127.0.0.1 (in-memory
 * SQLite, the test catalogue). A host opens a room; `players` (default 2,000) join it from a
 * child process (their sockets are not in this heap); the heap is measured after a full
 * collection before and after (`bun:jsc` heapStats), and the object types that grew are listed
 * per player. bench/live-memory.ts measures the binary's RSS, native memory included.
 */
import { heapStats } from 'bun:jsc';
import { createApp } from '../src/app';
import { PARTY_SOCKET_PATH } from '../src/shared/contracts/party';
import { createTestApp } from '../test/support/fixtures';
import { LiveSocket } from './lib/live-socket';

const PLAYERS = Number(process.argv[2] ?? 2_000);

/** The child: joins `players` sockets to the room 250 at a time, says so, and holds them open. */
async function joinAndHold(url: string, code: string, players: number) {
  const sockets: LiveSocket[] = [];
  for (let b = 0; b < players; b += 250)
    await Promise.all(
      Array.from({ length: Math.min(250, players - b) }, async (_, i) => {
        const socket = await LiveSocket.open(`${url}?kod=${code}`, ['lobby']);
        const joined = socket.next('joined');
        socket.send({ type: 'join', code, nickname: `Igrač ${b + i + 1}` });
        await joined;
        sockets.push(socket);
      }),
    );
  console.log('joined');
  await Bun.sleep(600_000);
}

function snapshot() {
  Bun.gc(true);
  const stats = heapStats();
  return { heap: stats.heapSize, objects: stats.objectCount, types: stats.objectTypeCounts };
}

async function measure() {
  const { deps } = await createTestApp({
    env: {
      PARTY_MAX_PLAYERS: String(PLAYERS),
      RATE_LIMIT_PARTY_JOINS_PER_MINUTE: '1000000',
      PARTY_MAX_SOCKETS_PER_ADDRESS: '1000000',
    },
  });
  const app = createApp(deps).listen({ port: 0, hostname: '127.0.0.1' });
  const url = `ws://127.0.0.1:${app.server!.port}${PARTY_SOCKET_PATH}`;
  const host = await LiveSocket.open(url, ['lobby']);
  const hosting = host.next('hosting');
  host.send({ type: 'create', settings: { lines: 10, seconds: 10, difficulty: 'normal', autoNext: 0 } });
  const { code } = (await hosting).m;
  const before = snapshot();
  const child = Bun.spawn([process.execPath, import.meta.path, '--join', url, code, String(PLAYERS)], {
    stdout: 'pipe',
    stderr: 'inherit',
  });
  await child.stdout.getReader().read();
  await Bun.sleep(500); // the last lobby update goes out
  const after = snapshot();
  console.log(
    `${PLAYERS} players: JS heap ${(before.heap / 1e6).toFixed(1)} → ${(after.heap / 1e6).toFixed(1)} MB, ${((after.heap - before.heap) / PLAYERS).toFixed(0)} bytes and ${((after.objects - before.objects) / PLAYERS).toFixed(1)} objects a player`,
  );
  const grown = Object.entries(after.types)
    .map(([type, count]) => [type, (count - (before.types[type] ?? 0)) / PLAYERS] as const)
    .filter(([, perPlayer]) => perPlayer >= 0.5)
    .sort((a, b) => b[1] - a[1]);
  for (const [type, perPlayer] of grown) console.log(`  ${type}: ${perPlayer.toFixed(2)} a player`);
  child.kill();
  host.close();
  await app.stop(true);
}

if (process.argv[2] === '--join')
  await joinAndHold(process.argv[3]!, process.argv[4]!, Number(process.argv[5]));
else await measure();
process.exit(0);
