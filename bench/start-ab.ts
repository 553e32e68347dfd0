/**
 * `bun bench/start-ab.ts A=<kviz binary> B=<kviz binary> [rounds]`: the start of `npm run bench`
 * (spawn to the first 200 of `/healthz`) for two or more compiled binaries side by side, on a
 * fresh database and then again on the same, now existing, one; the binaries' order reversed
 * every other round so each sees the same machine. Prints medians, every existing start, and
 * the RSS right after an existing start. The quick loop for a change to what a start does
 * (docs/performance.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTwice, stopAllServers } from './lib/server';
import { parseVersions } from './lib/versions';

const args = process.argv.slice(2);
const parsed = parseVersions(args, 'bun bench/start-ab.ts A=<kviz binary> B=<kviz binary> [rounds]');
const binaries = parsed.versions;
const rounds = parsed.numbers[0] ?? 9;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const seen = new Map(
  binaries.map(({ label }) => [
    label,
    { fresh: [] as number[], existing: [] as number[], rss: [] as number[] },
  ]),
);

try {
  for (let round = 0; round < rounds; round++) {
    for (const { label, path } of round % 2 ? [...binaries].reverse() : binaries) {
      const dir = mkdtempSync(join(tmpdir(), 'kviz-start-ab-'));
      try {
        const figures = seen.get(label)!;
        const { freshMs, existingMs, rssMiB } = await startTwice(path, dir);
        figures.fresh.push(freshMs);
        figures.existing.push(existingMs);
        figures.rss.push(rssMiB);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
} finally {
  stopAllServers();
}
for (const [label, { fresh, existing, rss }] of seen)
  console.log(
    `${label}: fresh ${median(fresh).toFixed(0)} ms, existing ${median(existing).toFixed(0)} ms ` +
      `(${existing.map((ms) => ms.toFixed(0)).join(', ')}), RSS at start ${median(rss).toFixed(1)} MiB`,
  );
