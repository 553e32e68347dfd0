import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileDb } from '../../../../test/support/file-db';
import { makeCatalogue } from '../../../../test/support/fixtures';
import { randomPlay } from '../../../../test/support/random-play';
import { seededRandom } from '../../../shared/seeded-random';
import { loadCatalogueIndex } from '../catalogue-load';
import { closeDb, type Db } from '../client';
import { WRITER_CHECKPOINT_PAGES } from './checkpointer';
import { startSqliteWriter, type Writer } from './writer-client';

/** docs/decisions/042: the WAL is checkpointed on a thread of its own, never inside the writer's commits. */

const dirs: string[] = [];
const open: { writer?: Writer; db: Db }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.writer?.close().catch(() => {});
    closeDb(o.db);
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const PAGE = 4096;
/** SQLite's own automatic checkpoint runs in the commit that takes the WAL past this many pages. */
const SQLITE_DEFAULT_PAGES = 1000;
const HOUR_MS = 3_600_000;
/** 1,000 plays write about 225 pages of WAL (10,000 plays: 9.0 MB measured). */
const CHUNK = 1_000;

async function serving(checkpointEveryMs?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-checkpoint-'));
  dirs.push(dir);
  const path = join(dir, 'kviz.db');
  const db = createFileDb(path, makeCatalogue(6, 6, 12));
  const failures: Error[] = [];
  const writer = await startSqliteWriter(
    { path, synchronous: 'NORMAL', playerSalt: 'salt' },
    {
      onLost: (error) => failures.push(error),
      onCheckpointFailed: (error) => failures.push(error),
      ...(checkpointEveryMs ? { checkpointEveryMs } : {}),
    },
  );
  open.push({ writer, db });
  return { path, db, writer, failures };
}

const size = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

/**
 * Records `count` plays in batches of 100 (each batch one commit, as under load) and returns the
 * largest the WAL file was after any batch, and how much the database file grew meanwhile.
 * `pauseMs`: a pause after every CHUNK plays (a server's load comes and goes); none: as fast as
 * the writer takes them.
 */
async function record(setup: Awaited<ReturnType<typeof serving>>, count: number, pauseMs = 0) {
  const catalogue = loadCatalogueIndex(setup.db);
  const random = seededRandom(7);
  const before = size(setup.path);
  let largestWal = 0;
  for (let done = 0; done < count; done += 100) {
    const batch = Array.from({ length: 100 }, (_, i) => randomPlay(catalogue, random, `p-${done + i}`));
    const outcomes = await setup.writer.recordPlays(batch);
    expect(outcomes.filter((o) => o instanceof Error)).toEqual([]);
    largestWal = Math.max(largestWal, size(`${setup.path}-wal`));
    if (pauseMs > 0 && (done + 100) % CHUNK === 0) await Bun.sleep(pauseMs);
  }
  await setup.writer.flushCounters();
  return { largestWal, fileGrew: size(setup.path) - before };
}

// Thousands of plays through a real writer on a shared machine: generous, never a measure of speed.
setDefaultTimeout(60_000);

describe('the WAL checkpointer (docs/decisions/042)', () => {
  test("the writer's commits leave the checkpoints to the checkpointer, up to a WAL of 4,000 pages", async () => {
    const setup = await serving(HOUR_MS);
    const { largestWal, fileGrew } = await record(setup, 20 * CHUNK);
    // Past SQLite's 1,000 pages without a checkpoint; then the safety net copied it into the file.
    expect(largestWal).toBeGreaterThan(2 * SQLITE_DEFAULT_PAGES * PAGE);
    expect(largestWal).toBeLessThan(1.25 * WRITER_CHECKPOINT_PAGES * PAGE);
    expect(fileGrew).toBeGreaterThan(0);
    expect(setup.failures).toEqual([]);
  });

  test('the checkpointer keeps the WAL small: once it copied everything, the WAL is written again from its start', async () => {
    const setup = await serving();
    // Eight chunks, ~1,800 pages of WAL in all; a pause of two checkpoint periods after each.
    const { largestWal, fileGrew } = await record(setup, 8 * CHUNK, 600);
    expect(fileGrew).toBeGreaterThan(0);
    expect(largestWal).toBeLessThan(3 * 1024 * 1024);
    expect(setup.failures).toEqual([]);
  });

  test('a checkpointer that stops is told, and the writer checkpoints as SQLite does by default', async () => {
    const setup = await serving(HOUR_MS);
    setup.writer.checkpointer!.terminate();
    const deadline = Date.now() + 5_000;
    while (setup.failures.length === 0 && Date.now() < deadline) await Bun.sleep(5);
    expect(setup.failures.map((e) => e.message)).toEqual(['the WAL checkpointer stopped']);
    const { largestWal, fileGrew } = await record(setup, 10 * CHUNK);
    expect(fileGrew).toBeGreaterThan(0);
    expect(largestWal).toBeLessThan(1.5 * SQLITE_DEFAULT_PAGES * PAGE);
  });

  test('closing stops the checkpointer, then the writer: nothing is reported, every play is in the file', async () => {
    const setup = await serving();
    await record(setup, 500);
    await setup.writer.close();
    await setup.writer.close();
    expect(setup.failures).toEqual([]);
    const plays = setup.db.$client.query('SELECT count(*) AS n FROM plays').get() as { n: number };
    expect(plays.n).toBe(500);
  });
});
