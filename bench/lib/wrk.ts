/**
 * HTTP loads with wrk (a native load generator, Debian's `wrk`): one thread, so a
 * core stays for the server, and the CPU time of the generator and of the server
 * process measured around each run, so the report can show which one was the limit.
 */
import { join } from 'node:path';
import { cpuSeconds } from './proc';

export interface Load {
  requestsPerSecond: number;
  total: number;
  seconds: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time of wrk / wall time: 1 is a whole core. */
  generatorCpu: number;
  /** CPU time of the server process / wall time, when its pid was given. */
  serverCpu?: number;
  /** Server CPU time per request, in microseconds. */
  serverCpuUsPerRequest?: number;
}

const script = join(import.meta.dir, 'wrk/report.lua');

/** wrk on the PATH, installed from Debian when missing and this process may (root); otherwise the one command to run. */
export function ensureWrk(log: (message: string) => void): void {
  if (Bun.which('wrk')) return;
  if (process.getuid?.() !== 0)
    throw new Error('npm run bench needs wrk, the HTTP load generator: sudo apt-get install -y wrk');
  log('installing wrk (apt-get install -y wrk)');
  const install = () =>
    Bun.spawnSync(['apt-get', 'install', '-y', 'wrk'], { stdout: 'ignore', stderr: 'pipe' });
  if (install().exitCode !== 0) {
    Bun.spawnSync(['apt-get', 'update'], { stdout: 'ignore', stderr: 'ignore' });
    const second = install();
    if (second.exitCode !== 0) throw new Error(`apt-get install -y wrk failed:\n${second.stderr}`);
  }
}

export async function wrk(options: {
  url: string;
  connections: number;
  /** Seconds; with bodiesFile the run ends when every body was sent (give a generous bound). */
  duration: number;
  headers?: Record<string, string>;
  bodiesFile?: string;
  serverPid?: number;
}): Promise<Load> {
  const args = [
    'wrk',
    '-t1',
    `-c${options.connections}`,
    `-d${options.duration}s`,
    '--latency',
    '-s',
    script,
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  const serverBefore = options.serverPid ? cpuSeconds(options.serverPid) : 0;
  const started = performance.now();
  const proc = Bun.spawn(args, {
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, ...(options.bodiesFile ? { WRK_BODIES: options.bodiesFile } : {}) },
  });
  const output = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0)
    throw new Error(`${args.join(' ')} failed: ${await new Response(proc.stderr).text()}`);
  const wall = (performance.now() - started) / 1000;
  const serverSeconds = options.serverPid ? cpuSeconds(options.serverPid) - serverBefore : undefined;
  const summary = JSON.parse(output.trim().split('\n').at(-1)!) as {
    requests: number;
    durationUs: number;
    non2xx: number;
    errors: number;
    timeouts: number;
    latencyP50Us: number;
    latencyP99Us: number;
  };
  const seconds = summary.durationUs / 1e6;
  const usage = proc.resourceUsage();
  return {
    requestsPerSecond: summary.requests / seconds,
    total: summary.requests,
    seconds,
    latencyP50Ms: summary.latencyP50Us / 1000,
    latencyP99Ms: summary.latencyP99Us / 1000,
    non2xx: summary.non2xx,
    errors: summary.errors,
    timeouts: summary.timeouts,
    generatorCpu: usage ? Number(usage.cpuTime.total) / 1e6 / wall : Number.NaN,
    serverCpu: serverSeconds === undefined ? undefined : serverSeconds / wall,
    serverCpuUsPerRequest: serverSeconds === undefined ? undefined : (serverSeconds * 1e6) / summary.requests,
  };
}
