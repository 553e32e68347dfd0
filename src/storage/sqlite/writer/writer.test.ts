import { Database } from 'bun:sqlite';
import { afterEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileDb } from '../../../../test/support/file-db';
import { makeCatalogue } from '../../../../test/support/fixtures';
import { randomPlay } from '../../../../test/support/random-play';
import { seededRandom } from '../../../shared/seeded-random';
import type { PlayToRecord, StatsStores } from '../../contract';
import { loadCatalogueIndex } from '../catalogue-load';
import { closeDb, type Db } from '../client';
import { COUNTED_THROUGH, FLUSH_CURSOR } from '../deferred-counters';
import { readMeta } from '../meta';
import { createSqliteStores } from '../stores';
import type { WriterEvent } from './messages';
import { startSqliteWriter, type Writer } from './writer-client';
import { FLUSH_WHEN_IDLE_MS, FLUSH_WITHIN_MS } from './writer-flushes';
import { createSqliteWriterStores } from './writer-stores';

/** docs/decisions/035: a serving process writes on a thread of its own; its request thread only reads. */

const dirs: string[] = [];
const open: { writer?: Writer; db: Db }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.writer?.close().catch(() => {});
    closeDb(o.db);
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fileDb() {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-writer-'));
  dirs.push(dir);
  const path = join(dir, 'kviz.db');
  return { path, db: createFileDb(path, makeCatalogue(6, 6, 12)) };
}

async function serving(path: string, db: Db, events: WriterEvent[] = [], onLost = (_: Error) => {}) {
  const writer = await startSqliteWriter(
    { path, synchronous: 'NORMAL', playerSalt: 'salt' },
    { onLost, onEvent: (e) => events.push(e) },
  );
  open.push({ writer, db });
  return { writer, stores: createSqliteWriterStores(db, 'salt', writer) };
}

function plays(db: Db, count: number, seed = 1): PlayToRecord[] {
  const catalogue = loadCatalogueIndex(db);
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => randomPlay(catalogue, random, `${seed}-${i}`));
}

const occurrences = async (stores: StatsStores) =>
  (await stores.stats.getLyricStats()).reduce((n, l) => n + l.occurrences, 0);
const lastPlayOf = (db: Db) =>
  (db.$client.query('SELECT coalesce(max(id), 0) AS id FROM plays').get() as { id: number }).id;

describe('the SQLite writer (docs/decisions/035)', () => {
  test('a play is committed when its promise resolves: the request thread reads it, its score counts at once, the per-line counters within the flush delay', async () => {
    const { path, db } = fileDb();
    const { stores } = await serving(path, db);
    const version = stores.stats.version();
    const batch = plays(db, 5);
    const outcomes = await stores.plays.recordPlays(batch);
    expect(outcomes.every((o) => !(o instanceof Error) && !o.duplicate)).toBe(true);
    // Acknowledged means committed: the request thread's own connection sees it now.
    expect(stores.stats.version()).not.toBe(version);
    expect((await stores.stats.getOverview()).totalAttempts).toBe(5);
    const histogram = await stores.stats.getScoreHistogram();
    expect([...histogram.values()].reduce((a, b) => a + b, 0)).toBe(5);
    // A replay of a recorded token finds the first play.
    expect((await stores.plays.findRecorded(batch[0]!.nonce))?.playId).toBe(
      (outcomes[0] as { playId: number }).playId,
    );
    const again = await stores.plays.recordPlays([batch[0]!]);
    expect(again[0]).toMatchObject({ duplicate: true, playId: (outcomes[0] as { playId: number }).playId });
    // The writer flushes by itself once no play comes (well within FLUSH_WITHIN_MS).
    expect(FLUSH_WHEN_IDLE_MS).toBeLessThan(FLUSH_WITHIN_MS);
    const deadline = Date.now() + 5_000;
    while ((await occurrences(stores)) < 5 * 30 && Date.now() < deadline) await Bun.sleep(10);
    expect(await occurrences(stores)).toBe(5 * 30);
    expect(await stores.plays.verifyCounters()).toEqual([]);
  });

  test('a reader is not blocked while the writer flushes: a read completes while the writer holds its write transaction', async () => {
    const { path, db } = fileDb();
    // Plays past the watermark (as a kill -9 leaves them): the writer's first flush is large.
    const local = createSqliteStores(db, 'salt');
    const all = plays(db, 12_000, 7);
    for (let i = 0; i < all.length; i += 1_000) await local.plays.recordPlays(all.slice(i, i + 1_000));
    const events: WriterEvent[] = [];
    const { stores } = await serving(path, db, events);
    let flushed = false;
    const flushing = stores.plays.flushCounters().then((n) => {
      flushed = true;
      return n;
    });
    while (!events.some((e) => e.type === 'flushing')) await Bun.sleep(0);

    // Reads of every kind answer from the request thread's connection during the flush.
    expect(await occurrences(stores)).toBe(0);
    expect((await stores.stats.getOverview()).totalAttempts).toBe(12_000);
    expect((await stores.stats.getTopConfusions({ limit: 5 })).length).toBe(0);
    // …and the writer still held the write lock when they had answered: another connection
    // cannot begin a write transaction.
    const probe = new Database(path);
    probe.exec('PRAGMA busy_timeout = 0');
    expect(() => probe.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i);
    probe.close();
    expect(flushed).toBe(false);

    expect(await flushing).toBe(12_000);
    expect(events.some((e) => e.type === 'flushed' && e.plays === 12_000)).toBe(true);
    expect(Number(readMeta(db, COUNTED_THROUGH))).toBe(lastPlayOf(db));
    expect(await occurrences(stores)).toBe(12_000 * 30);
    expect(await stores.plays.verifyCounters()).toEqual([]);
  }, 60_000);

  test("a play that arrives during the writer's rebuild is committed after it, not inside its transaction", async () => {
    const { path, db } = fileDb();
    const local = createSqliteStores(db, 'salt');
    const all = plays(db, 12_000, 17);
    for (let i = 0; i < all.length; i += 1_000) await local.plays.recordPlays(all.slice(i, i + 1_000));
    const { stores } = await serving(path, db);
    const order: string[] = [];
    // The rebuild holds its transaction across the awaits of its chunks of plays.
    const rebuilding = stores.plays.rebuildCounters().then(() => order.push('rebuilt'));
    await Bun.sleep(1);
    const recording = stores.plays.recordPlays(plays(db, 1, 18)).then((outcomes) => {
      order.push('recorded');
      return outcomes;
    });
    const [outcome] = await recording;
    await rebuilding;
    expect(outcome).not.toBeInstanceOf(Error);
    // Acknowledged only once the rebuild had committed: an answer from inside its transaction
    // would not have been durable.
    expect(order).toEqual(['rebuilt', 'recorded']);
    await stores.plays.flushCounters();
    expect((await stores.stats.getOverview()).totalAttempts).toBe(12_001);
    expect(await stores.plays.verifyCounters()).toEqual([]);
  }, 60_000);

  test('a flush the writer runs by itself comes in chunks: a play submitted meanwhile is committed before the flush ends', async () => {
    const { path, db } = fileDb();
    const local = createSqliteStores(db, 'salt');
    const all = plays(db, 12_000, 11);
    for (let i = 0; i < all.length; i += 1_000) await local.plays.recordPlays(all.slice(i, i + 1_000));
    const events: WriterEvent[] = [];
    const { stores } = await serving(path, db, events);
    // One play through the writer: its commit arms the flush, which finds 12,001 plays to count.
    await stores.plays.recordPlays(plays(db, 1, 12));
    while (!events.some((e) => e.type === 'flushing')) await Bun.sleep(0);
    const [outcome] = await stores.plays.recordPlays(plays(db, 1, 13));
    expect(outcome).not.toBeInstanceOf(Error);
    // Committed while the flush had plays left to count, between two of its chunks: its cursor
    // stored, and verify agrees with the counters as they stand (docs/decisions/041).
    expect(Number(readMeta(db, COUNTED_THROUGH))).toBeLessThan(12_001);
    expect(readMeta(db, FLUSH_CURSOR)).toBeDefined();
    expect(await stores.plays.verifyCounters()).toEqual([]);
    const deadline = Date.now() + 30_000;
    while (Number(readMeta(db, COUNTED_THROUGH)) < lastPlayOf(db) && Date.now() < deadline)
      await Bun.sleep(20);
    expect(Number(readMeta(db, COUNTED_THROUGH))).toBe(12_002);
    expect(events.filter((e) => e.type === 'flushed').length).toBeGreaterThan(1);
    expect(await occurrences(stores)).toBe(12_002 * 30);
    expect(await stores.plays.verifyCounters()).toEqual([]);
  }, 60_000);

  test('the live games, quiz counts, meta values and the dashboard notes are written by the writer too', async () => {
    const { path, db } = fileDb();
    const { writer, stores } = await serving(path, db);
    const id = await stores.party.recordGame({
      code: 'ABCD',
      startedAtMs: 1,
      endedAtMs: 2,
      settings: { lines: 1, seconds: 10, difficulty: 'normal', autoNext: 0 },
      lines: [{ lyricId: 1, correctSongId: 1, skipped: false, answered: 1, correct: 1 }],
      players: [{ rank: 1, nickname: 'Ana', points: 10, correct: 1, answers: [[0, 900, 10]] }],
    });
    expect((await stores.party.getGame(id))?.players[0]?.nickname).toBe('Ana');
    await stores.plays.recordPlays([], new Map([['2025-04-15', 3]]));
    expect(await stores.stats.getQuizzesThrough('2025-04-15')).toBe(3);
    expect(await writer.writeMeta('k', 'first', true)).toBe('first');
    expect(await writer.writeMeta('k', 'second', true)).toBe('first');
    expect(readMeta(db, 'k')).toBe('first');
    const note = await stores.annotations.add('2025-04-15', 'Novi album', 5);
    expect(note).toMatchObject({ day: '2025-04-15', text: 'Novi album' });
    expect(db.$client.query('SELECT day, text FROM annotations').all()).toEqual([
      { day: '2025-04-15', text: 'Novi album' },
    ]);
    expect(await stores.annotations.remove(note.id)).toBe(true);
    expect(await stores.annotations.remove(note.id)).toBe(false);
    expect(await stores.annotations.count()).toBe(0);
  });

  test('a writer that dies is noticed: onLost is told, and every later write rejects', async () => {
    for (const kill of [
      (w: Writer) => w.thread.terminate(),
      // A request it cannot take ends its thread with an exception.
      (w: Writer) => w.thread.postMessage({ type: 'no such request', id: 0 }),
    ]) {
      const { path, db } = fileDb();
      let lost: Error | undefined;
      const { writer, stores } = await serving(path, db, [], (error) => {
        lost = error;
      });
      await stores.plays.recordPlays(plays(db, 1));
      kill(writer);
      const deadline = Date.now() + 5_000;
      while (!lost && Date.now() < deadline) await Bun.sleep(5);
      expect(lost).toBeInstanceOf(Error);
      await expect(stores.plays.recordPlays(plays(db, 1, 2))).rejects.toThrow(/writer/);
    }
  });

  test('a database the writer cannot open refuses to start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kviz-writer-'));
    dirs.push(dir);
    await expect(
      startSqliteWriter({ path: dir, synchronous: 'NORMAL', playerSalt: 's' }, { onLost: () => {} }),
    ).rejects.toThrow(); // a folder is not a database
  });
});
