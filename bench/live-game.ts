/**
 * `bun bench/live-game.ts`: Kviz uživo under load (docs/decisions/031-live-game.md), the issue's
 * full targets, as `npm run bench` runs them: one room of `--players` (default 5,000), then
 * `--rooms` rooms of `--room-size` (default 200 × 10), `--lines` lines (default 2) of `--seconds`
 * (10) each, the players spread over `--generators` processes (default 2). The server is the
 * binary given with `--binary PATH` (as in `npm run bench`), else it runs from the sources; SQLite,
 * in its own process on 127.0.0.1. `--one-room` / `--many-rooms` run one scenario. What is
 * measured and how: bench/lib/live-game.ts.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type LiveScenario, type LiveServer, liveServerEnv, measureLiveGame } from './lib/live-game';
import { startServer } from './lib/server';

const root = resolve(import.meta.dir, '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const binaryAt = process.argv.indexOf('--binary');
const binary = binaryAt > 0 ? resolve(process.argv[binaryAt + 1]!) : undefined;
const scenarios: LiveScenario[] = [];
if (!process.argv.includes('--many-rooms'))
  scenarios.push({ name: 'one room', rooms: 1, size: arg('players', 5_000) });
if (!process.argv.includes('--one-room'))
  scenarios.push({ name: 'many rooms', rooms: arg('rooms', 200), size: arg('room-size', 10) });

async function startFromBinary(path: string): Promise<LiveServer> {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-live-bench-'));
  mkdirSync(dir, { recursive: true });
  const server = await startServer(path, dir, liveServerEnv(scenarios));
  return {
    url: `${server.url.replace(/^http/, 'ws')}/api/uzivo/ws`,
    pid: server.pid,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startFromSources(): Promise<LiveServer> {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-live-bench-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const proc = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...liveServerEnv(scenarios),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'kviz.db'),
      ADMIN_PASSWORD: 'bench-password-123',
      LOG_LEVEL: 'warn',
    },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) {
      proc.kill('SIGKILL');
      throw new Error('the server did not start');
    }
    await Bun.sleep(100);
  }
  return {
    url: `ws://127.0.0.1:${port}/api/uzivo/ws`,
    pid: proc.pid,
    stop: async () => {
      proc.kill('SIGTERM');
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

for (const scenario of scenarios) {
  const report = await measureLiveGame({
    start: binary ? () => startFromBinary(binary) : startFromSources,
    scenario,
    lines: arg('lines', 2),
    seconds: arg('seconds', 10),
    generators: arg('generators', 2),
    log: (message) => console.log(`[live-game] ${message}`),
  });
  console.log(JSON.stringify(report));
}
process.exit(0);
