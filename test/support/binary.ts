/**
 * Builds dist/kviz once per test run and starts it from temporary directories
 * on 127.0.0.1 with port 0, the way an operator would run it.
 */
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';

const root = resolve(import.meta.dir, '../..');
let built: Promise<string> | undefined;

/**
 * Path of a freshly built binary (built on first call, shared by all test files). It lives in
 * the git-ignored dist/test/ and replaces the previous run's, so runs leave no 117 MB file
 * behind; built under a temporary name and renamed, so a binary still running from an
 * earlier run (a hard link to the old file) is never overwritten.
 */
export function buildBinary(): Promise<string> {
  built ??= (async () => {
    const dir = join(root, 'dist', 'test');
    mkdirSync(dir, { recursive: true });
    const building = join(dir, `kviz-${process.pid}`);
    const proc = Bun.spawn([process.execPath, 'build.ts', building], {
      cwd: root,
      stdout: 'pipe',
      stderr: 'pipe',
    });
    if ((await proc.exited) !== 0)
      throw new Error(`build failed:\n${await new Response(proc.stderr).text()}`);
    const outfile = join(dir, 'kviz');
    renameSync(building, outfile);
    return outfile;
  })();
  return built;
}

/**
 * Puts the built binary at `path` as a hard link: the operator's "one file in its own
 * directory" without a 117 MB copy per test (dozens of copies once filled the disk). A copy
 * only when the two paths are on different file systems.
 */
export async function placeBinary(path: string): Promise<void> {
  const binary = await buildBinary();
  // A restart in the same directory places it again (as copying over it did).
  rmSync(path, { force: true });
  try {
    linkSync(binary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(binary, path);
  }
}

export interface RunningBinary {
  url: string;
  dir: string;
  proc: Subprocess<'ignore', 'pipe', 'pipe'>;
  /** Log lines written so far. */
  logs: string[];
  /** Milliseconds from spawn to the "listening" log line. */
  startMs: number;
  stop(signal?: NodeJS.Signals): Promise<number>;
}

/**
 * Puts the binary alone into `dir` and starts it. Without `dir` it runs in a new empty
 * directory that `stop()` removes once the process has exited; a `dir` given by the caller
 * stays the caller's unless `removeDir` hands it over.
 */
export async function startBinary(
  options: { dir?: string; env?: Record<string, string>; removeDir?: boolean } = {},
): Promise<RunningBinary> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'kviz-run-'));
  const removeOnStop = options.removeDir ?? options.dir === undefined;
  const exe = join(dir, 'kviz');
  await placeBinary(exe);
  const started = performance.now();
  const proc = Bun.spawn([exe], {
    cwd: dir,
    // Only what the test gives: the binary must need nothing from the developer's environment.
    env: {
      PATH: '/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_PASSWORD: 'test-password-123',
      LOG_LEVEL: 'info',
      // Scripted plays submit at once; the browser test of the minimum sets it itself.
      PLAY_MIN_SECONDS: '0',
      ...options.env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const logs: string[] = [];
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`binary did not start:\n${logs.join('\n')}`)), 15_000);
    (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      const reader = proc.stderr.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        const chunk = r.value;
        buffer += decoder.decode(chunk, { stream: true });
        let newline = buffer.indexOf('\n');
        while (newline >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          logs.push(line);
          if (line.includes('"listening"')) {
            clearTimeout(timer);
            resolveUrl(JSON.parse(line).url);
          }
          newline = buffer.indexOf('\n');
        }
      }
      reject(new Error(`binary exited:\n${logs.join('\n')}`));
    })();
  });
  const startMs = performance.now() - started;
  return {
    url,
    dir,
    proc,
    logs,
    startMs,
    async stop(signal = 'SIGTERM') {
      proc.kill(signal);
      const code = await proc.exited;
      if (removeOnStop) rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * A binary started on `catalogue` instead of the demo one: the operator's `kviz import` in a new
 * directory, then the server started there.
 */
export async function startBinaryWithCatalogue(
  catalogue: unknown,
  options: { env?: Record<string, string> } = {},
): Promise<RunningBinary> {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-catalogue-'));
  writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(catalogue));
  const imported = Bun.spawnSync([await buildBinary(), 'import', 'catalogue.json'], {
    cwd: dir,
    env: { PATH: '/usr/bin:/bin' },
  });
  if (imported.exitCode !== 0) throw new Error(imported.stdout.toString() + imported.stderr.toString());
  return startBinary({ dir, removeDir: true, ...options });
}

/** Sends raw bytes to the server and returns what it answered (the client cannot send CONNECT otherwise). */
export function raw(url: string, payload: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(payload));
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
      if (answer.includes('\r\n\r\n') && /\}$/.test(answer)) socket.end();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, 3000);
  });
}

/** Runs a command of the binary in `dir` (a copy beside any running one); returns its exit code and output. */
export async function kviz(dir: string, args: string[], env: Record<string, string> = {}) {
  const exe = join(dir, 'kviz-command');
  await placeBinary(exe);
  const proc = Bun.spawnSync([exe, ...args], { cwd: dir, env: { PATH: '/usr/bin:/bin', ...env } });
  return { code: proc.exitCode, stdout: proc.stdout.toString(), stderr: proc.stderr.toString() };
}
