/**
 * Starts a copy of the binary in a directory with its log going to a file (so
 * the bench process does not compete for the CPU reading it), and measures the
 * time from spawn to the first 200 of /healthz.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ResidentMiB, residentMiB } from './proc';

export interface BenchServer {
  url: string;
  pid: number;
  firstOkMs: number;
  /** Its standard output and error. */
  logFile: string;
  /** Resident memory of the server process, in MiB. */
  rssMiB(): number;
  /**
   * The same split by kind: anonymous (heaps, allocators, JIT code: what the process costs the
   * machine) and file pages (mostly the binary's code, clean pages the kernel can drop and read
   * again at any time).
   */
  residentMiB(): ResidentMiB;
  stop(): Promise<number>;
  /** SIGKILL, without waiting: the clean-up of a run that failed half-way. */
  kill(): void;
}

/**
 * Binds every thread of a process to one CPU (`taskset`, util-linux); false when that cannot be
 * done (no taskset, one CPU). Two servers compared by alternating sequential requests must sit
 * alike: left free, one of them may sit on the client's core and the other wake on the far one,
 * and two identical servers then differed by up to 1.27× in the median (docs/performance.md).
 */
export function pinToCpu(pid: number, cpu: number): boolean {
  if (!Bun.which('taskset') || navigator.hardwareConcurrency < 2) return false;
  const taskset = Bun.spawnSync(['taskset', '-a', '-p', '-c', String(cpu), String(pid)], {
    stdout: 'ignore',
  });
  return taskset.exitCode === 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Servers still running, killed by `stopAllServers` when a run fails half-way. */
const running = new Set<{ kill(): void }>();

export function stopAllServers(): void {
  for (const proc of running) proc.kill();
}

export async function startServer(
  binary: string,
  dir: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const exe = join(dir, 'kviz');
  // A fresh copy, not a link: the RSS of a process counts the file pages the kernel maps around
  // each fault, and that depends on how much of the file is in the page cache. A freshly written
  // copy is wholly cached, so every version compared starts alike (a hard link to an older binary
  // started with less RSS than a copy of the same file: docs/performance.md).
  if (!existsSync(exe)) copyFileSync(binary, exe);
  const log = join(dir, `server-${Date.now()}.log`);
  const started = performance.now();
  const proc = Bun.spawn([exe], {
    cwd: dir,
    env: {
      PATH: '/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_PASSWORD: 'bench-password-1',
      RATE_LIMIT_QUIZ_PER_MINUTE: '1000000',
      RATE_LIMIT_SUBMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_SUBMIT_PER_HOUR: '1000000',
      // The load submits plays fetched moments before: no minimum play time.
      PLAY_MIN_SECONDS: '0',
      ...env,
    },
    stdout: Bun.file(log),
    stderr: Bun.file(log),
  });
  running.add(proc);
  proc.exited.then(() => running.delete(proc));
  let url: string | undefined;
  while (!url) {
    if (proc.exitCode !== null) throw new Error(`the server exited: ${readFileSync(log, 'utf8')}`);
    if (performance.now() - started > 20_000) throw new Error('the server did not start within 20 s');
    const line = existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .find((l) => l.includes('"listening"'))
      : undefined;
    if (line) url = JSON.parse(line).url as string;
    else await sleep(1);
  }
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(1);
  }
  const firstOkMs = performance.now() - started;
  return {
    url,
    pid: proc.pid,
    firstOkMs,
    logFile: log,
    rssMiB: () => residentMiB(proc.pid).rss,
    residentMiB: () => residentMiB(proc.pid),
    async stop() {
      proc.kill('SIGTERM');
      return proc.exited;
    },
    kill: () => proc.kill('SIGKILL'),
  };
}

/**
 * The bench's start figure: the binary started on an empty database in `dir` (fresh), stopped,
 * and started again on the database it made (existing); spawn to the first 200 of `/healthz`
 * each time, with the RSS right after the existing start.
 */
export async function startTwice(
  binary: string,
  dir: string,
): Promise<{ freshMs: number; existingMs: number; rssMiB: number }> {
  const fresh = await startServer(binary, dir);
  await fresh.stop();
  const existing = await startServer(binary, dir);
  const rssMiB = existing.rssMiB();
  await existing.stop();
  return { freshMs: fresh.firstOkMs, existingMs: existing.firstOkMs, rssMiB };
}
