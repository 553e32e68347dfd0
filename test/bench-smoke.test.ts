import { expect, setDefaultTimeout, test } from 'bun:test';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Builds the binary and runs tiny loads: generous on a shared machine. Asserts that the
// benchmark runs end to end, never how fast anything is (benchmarks are not timed tests).
setDefaultTimeout(240_000);

test('npm run bench runs to completion on a tiny load and writes its results', () => {
  const root = resolve(import.meta.dir, '..');
  const run = Bun.spawnSync([process.execPath, 'bench/run.ts', '--smoke'], {
    cwd: root,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const output = run.stdout.toString();
  expect(run.exitCode, run.stderr.toString()).toBe(0);
  const resultsFile = /results in (\S+latest\.json)/.exec(output)?.[1];
  expect(resultsFile).toBeDefined();
  expect(existsSync(resultsFile!)).toBe(true);
  // A smoke run leaves its work directory (databases, bodies: ~1.6 GB) for this test to read.
  const workDir = resolve(resultsFile!, '..');
  try {
    checkResults(
      JSON.parse(readFileSync(resultsFile!, 'utf8')),
      readFileSync(join(workDir, 'performance.md'), 'utf8'),
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
});

// biome-ignore lint/suspicious/noExplicitAny: the results file is checked field by field here
function checkResults(results: any, doc: string) {
  expect(results.submit.countersVerified).toBe(true);
  expect(results.submit.non2xx).toBe(0);
  // The submission load is timed (bench/lib/wrk.ts): on a loaded machine the run can end before
  // every prepared body was sent, so the plays recorded are at most those prepared; that every
  // acknowledged play is kept is proven by test/crash.test.ts, not by a benchmark.
  expect(results.submit.recorded).toBeGreaterThan(0);
  expect(results.submit.recorded).toBeLessThanOrEqual(results.profile.submissions);
  expect(results.quiz.non2xx).toBe(0);
  expect(Object.keys(results.stats.large.httpMs).sort()).toEqual([
    'hourly',
    'lyrics',
    'overview',
    'percentile',
    'songs',
  ]);
  // SQLite and PostgreSQL with one and two instances, each recording plays and verified after.
  expect(
    results.engines.configs.map((c: { name: string; instances: number }) => [c.name, c.instances]),
  ).toEqual([
    ['SQLite, 1 instance', 1],
    ['PostgreSQL, 1 instance', 1],
    ['PostgreSQL, 2 instances', 2],
  ]);
  for (const config of results.engines.configs) {
    expect(config.countersVerified).toBe(true);
    expect(config.non2xx).toBe(0);
    expect(config.playsPerSecond[0]).toBeGreaterThan(0);
    expect(config.readUnderLoad.samples).toBeGreaterThan(0);
    expect(config.readAtRest.samples).toBe(results.engines.profile.reads);
  }
  expect(doc).toContain('| figure | measured | target |');
  expect(doc).toContain('| PostgreSQL, 2 instances |');
  // Kviz uživo: every player of both scenarios joined, and every latency was measured.
  expect(results.liveGame.map((g: { rooms: number; players: number }) => [g.rooms, g.players])).toEqual([
    [1, 20],
    [3, 15],
  ]);
  for (const game of results.liveGame)
    for (const key of ['lineP99Ms', 'ackP99Ms', 'timeUpToResultP99Ms', 'serverPeakRssMiB'])
      expect(Number.isFinite(game[key]), key).toBe(true);
  expect(doc).toContain('### Kviz uživo (live game)');
}
