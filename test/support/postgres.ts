/**
 * Test support: a throwaway PostgreSQL cluster from Debian's `postgresql`
 * package, in a temporary folder on a free port, run as the `postgres` user
 * when the tests run as root (initdb refuses root). One cluster per `bun test`
 * process, started on first use (~1–2 s) and stopped when the process exits;
 * each test file takes a database of its own (`createTestDatabase`), so files
 * never see each other's rows. A cluster left by a killed run is stopped and
 * removed by the next one.
 *
 * The package is installed when missing and possible (root with apt-get);
 * otherwise the first use throws with the one command to run: the PostgreSQL
 * tests fail, they are never skipped silently.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePostgresql } from '../../scripts/ensure-postgresql.mjs';

export interface PostgresCluster {
  port: number;
  /** `postgres://postgres@127.0.0.1:port/<database>` (trust authentication on 127.0.0.1 only). */
  url(database: string): string;
  /**
   * Stops the server (at once) and removes the folder; `background` leaves the removal of the
   * folder to a detached `rm` (a cluster holding a hundred copied databases is a gigabyte).
   */
  stop(options?: { background?: boolean }): void;
  /** Stops the server (`immediate`: like a crash, every connection cut) and keeps its data. */
  pause(): void;
  /** Starts the paused server again, on the same port and data. */
  resume(): void;
}

const PREFIX = 'kviz-pg-';
const isRoot = process.getuid?.() === 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Runs a PostgreSQL program as the cluster's owner: `postgres` when we are root, ourselves otherwise. */
function runAsOwner(bin: string, program: string, args: string[]): string {
  const path = join(bin, program);
  const [command, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops and removes the clusters of test runs that died without stopping theirs. */
function removeStale(bin: string) {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(tmpdir(), name);
    const ownerFile = join(dir, 'owner.pid');
    if (!existsSync(ownerFile)) continue;
    if (alive(Number(readFileSync(ownerFile, 'utf8')))) continue;
    try {
      if (existsSync(join(dir, 'data/postmaster.pid')))
        runAsOwner(bin, 'pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ClusterOptions {
  /**
   * fsync and synchronous commit off: a test cluster dies with its tests, so
   * durability against power loss buys nothing and costs every commit a
   * flush. Benchmarks pass `durable: true` to measure what production pays.
   */
  durable?: boolean;
  /** More `-c name=value` server settings (`max_connections=8` for the pool-limit test). */
  settings?: string[];
}

/** Starts a new cluster; the caller stops it. Most tests want `sharedCluster()` instead. */
export async function startCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = ensurePostgresql();
  removeStale(bin);
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  if (isRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), -1);
  const data = join(dir, 'data');
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=200',
    '-c shared_buffers=32MB',
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ...(options.settings ?? []).map((setting) => `-c ${setting}`),
  ].join(' ');
  const startServer = () =>
    runAsOwner(bin, 'pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      settings,
      'start',
    ]);
  try {
    runAsOwner(bin, 'initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    startServer();
  } catch (error) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`could not start a test PostgreSQL cluster: ${stderr}\n${log}`, { cause: error });
  }
  let stopped = false;
  const stop = (stopOptions: { background?: boolean } = {}) => {
    if (stopped) return;
    stopped = true;
    try {
      runAsOwner(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {}
    if (stopOptions.background) spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
    else rmSync(dir, { recursive: true, force: true });
  };
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    pause: () => runAsOwner(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    resume: startServer,
  };
}

/**
 * The timeout of a test or hook that may start the cluster: initdb alone takes several times
 * longer on a loaded shared machine than on an idle one
 * (docs/performance.md#figures-behind-code-comments).
 */
export const CLUSTER_START_MS = 120_000;

let shared: Promise<PostgresCluster> | undefined;

/**
 * The one cluster of this test process, started on first use and stopped after
 * the last test file (`stopSharedCluster`, a global afterAll of the test
 * preload: `bun test` fires no process 'exit' event).
 */
export function sharedCluster(): Promise<PostgresCluster> {
  shared ??= startCluster();
  return shared;
}

export async function stopSharedCluster(): Promise<void> {
  const cluster = await shared?.catch(() => undefined);
  shared = undefined;
  cluster?.stop({ background: true });
}

let databases = 0;

/** A new database on the shared cluster (empty, or a copy of `template`): its URL. Dropped with the cluster. */
export async function createTestDatabase(template?: string): Promise<string> {
  const cluster = await sharedCluster();
  const name = `kviz_test_${process.pid}_${++databases}`;
  const admin = new Bun.SQL(cluster.url('postgres'), { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.close();
  }
  return cluster.url(name);
}
