import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileDb } from '../../../test/support/file-db';
import { createTestDb } from '../../../test/support/fixtures';
import { randomPlay } from '../../../test/support/random-play';
import { seededRandom } from '../../shared/seeded-random';
import { loadCatalogueIndex } from './catalogue-load';
import { createSqliteDb, type Db } from './client';
import { COUNTED_THROUGH, createDeferredCounters, FLUSH_CURSOR } from './deferred-counters';
import { readMeta } from './meta';
import { createSqliteStores } from './stores';

/** docs/decisions/025: the per-line counters written by a flush, past a watermark, from the raw record. */

const deferredTables = [
  'lyric_stats',
  'song_stats',
  'album_stats',
  'lyric_confusions',
  'song_confusions',
  'cumulative_answers',
  'cumulative_confusions',
];
const sumOf = (db: Db, table: string, column: string) =>
  (db.$client.query(`SELECT coalesce(sum(${column}), 0) AS n FROM ${table}`).get() as { n: number }).n;
const rowsOf = (db: Db, table: string) =>
  (db.$client.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const watermarkOf = (db: Db) => Number(readMeta(db, COUNTED_THROUGH));
const lastPlayOf = (db: Db) =>
  (db.$client.query('SELECT max(id) AS id FROM plays').get() as { id: number }).id;

function recorder(db: Db, seed = 1) {
  const stores = createSqliteStores(db, 'salt');
  const catalogue = loadCatalogueIndex(db);
  const random = seededRandom(seed);
  let n = 0;
  return {
    stores,
    /** `count` plays in one committed batch. */
    record: async (count: number) => {
      const batch = Array.from({ length: count }, () => randomPlay(catalogue, random, `${seed}-${n++}`));
      for (const outcome of await stores.plays.recordPlays(batch)) expect(outcome).not.toBeInstanceOf(Error);
    },
  };
}

describe('deferred counters (docs/decisions/025)', () => {
  test('a committed batch writes the score, hour, total and day counters; the per-line ones wait for a flush that counts each play once', async () => {
    const db = createTestDb();
    const { stores, record } = recorder(db);
    expect(watermarkOf(db)).toBe(0);
    await record(5);
    await record(3);
    // What the response to a play and the percentile read is there at once.
    expect(sumOf(db, 'score_stats', 'plays')).toBe(8);
    expect(sumOf(db, 'totals', 'plays')).toBe(8);
    for (const table of deferredTables) expect(rowsOf(db, table)).toBe(0);
    expect(watermarkOf(db)).toBe(0);
    // Verify counts the plays past the watermark as pending, not as differences.
    expect(await stores.plays.verifyCounters()).toEqual([]);

    expect(await stores.plays.flushCounters()).toBe(8);
    expect(watermarkOf(db)).toBe(lastPlayOf(db));
    expect(sumOf(db, 'lyric_stats', 'occurrences')).toBe(8 * 30);
    expect(sumOf(db, 'song_stats', 'occurrences')).toBe(8 * 30);
    expect(await stores.plays.flushCounters()).toBe(0);
    expect(sumOf(db, 'lyric_stats', 'occurrences')).toBe(8 * 30);
    expect(await stores.plays.verifyCounters()).toEqual([]);

    await record(4);
    expect(await stores.plays.flushCounters()).toBe(4);
    expect(sumOf(db, 'album_stats', 'occurrences')).toBe(12 * 30);
    expect(await stores.plays.verifyCounters()).toEqual([]);
  });

  test('a flush asked for while a verify holds its snapshot on the same connection waits for the next one (the verify agrees)', async () => {
    const db = createTestDb();
    const { stores, record } = recorder(db, 3);
    await record(6);
    // The verify opens its transaction and reads the watermark now, the counters after its awaits.
    const verifying = stores.plays.verifyCounters();
    // The in-process store's flush timer (or a read's flush) firing meanwhile: nothing is written.
    expect(await stores.plays.flushCounters()).toBe(0);
    expect(await verifying).toEqual([]);
    expect(watermarkOf(db)).toBe(0);
    expect(await stores.plays.flushCounters()).toBe(6);
    expect(await stores.plays.verifyCounters()).toEqual([]);
  });

  test('a read of a per-line counter flushes first: it never misses a recorded play', async () => {
    const db = createTestDb();
    const { stores, record } = recorder(db, 2);
    await record(6);
    const lyrics = await stores.stats.getLyricStats();
    expect(lyrics.reduce((sum, l) => sum + l.occurrences, 0)).toBe(6 * 30);
    expect(watermarkOf(db)).toBe(lastPlayOf(db));
    const confusions = await stores.stats.getTopConfusions({ limit: 1_000 });
    expect(confusions.reduce((sum, c) => sum + c.times, 0)).toBe(sumOf(db, 'song_confusions', 'times'));
  });

  test('the catch-up: plays left unflushed by a process that died are counted by the next one, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kviz-deferred-'));
    const path = join(dir, 'kviz.db');
    const first = createFileDb(path);
    const dead = recorder(first, 3);
    await dead.record(10);
    await dead.stores.plays.flushCounters();
    await dead.record(7); // committed, never flushed: the process "dies" here
    const afterKill = { watermark: watermarkOf(first), last: lastPlayOf(first) };
    expect(afterKill.last - afterKill.watermark).toBeGreaterThanOrEqual(7);
    first.$client.close();

    const second = createSqliteDb(path);
    const restarted = recorder(second, 4);
    expect(await restarted.stores.plays.flushCounters()).toBe(7); // what `kviz serve` runs at start
    expect(watermarkOf(second)).toBe(afterKill.last);
    expect(sumOf(second, 'lyric_stats', 'occurrences')).toBe(17 * 30);
    expect(await restarted.stores.plays.verifyCounters()).toEqual([]);
    second.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('two connections on one file (a second process): whichever flushes counts every play exactly once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kviz-deferred-'));
    const path = join(dir, 'kviz.db');
    const a = createFileDb(path);
    const b = createSqliteDb(path);
    const ra = recorder(a, 5);
    const rb = recorder(b, 6);
    // Interleaved play ids: a's, then b's, then a's again, none flushed.
    await ra.record(3);
    await rb.record(4);
    await ra.record(2);
    expect(await rb.stores.plays.flushCounters()).toBe(9);
    expect(await ra.stores.plays.flushCounters()).toBe(0);
    await rb.record(1);
    await ra.record(1);
    expect(await ra.stores.plays.flushCounters()).toBe(2);
    expect(sumOf(a, 'lyric_stats', 'occurrences')).toBe(11 * 30);
    expect(await ra.stores.plays.verifyCounters()).toEqual([]);
    a.$client.close();
    b.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('verify finds a watermark moved past uncounted plays, and a missing one stops the flush; rebuild restores both', async () => {
    const db = createTestDb();
    const { stores, record } = recorder(db, 7);
    await record(5);
    db.$client.run(`UPDATE meta SET value = '${lastPlayOf(db)}' WHERE key = '${COUNTED_THROUGH}'`);
    const differences = await stores.plays.verifyCounters();
    expect(new Set(differences.map((d) => d.table))).toEqual(new Set(deferredTables));
    await stores.plays.rebuildCounters();
    expect(await stores.plays.verifyCounters()).toEqual([]);

    await record(2);
    db.$client.run(`DELETE FROM meta WHERE key = '${COUNTED_THROUGH}'`);
    await expect(stores.plays.flushCounters()).rejects.toThrow('kviz stats rebuild');
    await stores.plays.rebuildCounters();
    expect(watermarkOf(db)).toBe(lastPlayOf(db));
    expect(sumOf(db, 'lyric_stats', 'occurrences')).toBe(7 * 30);
    expect(await stores.plays.verifyCounters()).toEqual([]);
  });
});

describe('the set-based running totals (amendment of docs/decisions/025)', () => {
  test('a flush of an earlier day after later days were flushed adds to their running totals too; a flush spanning days writes each', async () => {
    const db = createTestDb();
    const stores = createSqliteStores(db, 'salt');
    const catalogue = loadCatalogueIndex(db);
    const random = seededRandom(11);
    let n = 0;
    const record = async (day: number, count: number) => {
      const batch = Array.from({ length: count }, () =>
        randomPlay(catalogue, random, `late-${n++}`, { atMs: Date.UTC(2025, 3, day, 12) }),
      );
      for (const outcome of await stores.plays.recordPlays(batch)) expect(outcome).not.toBeInstanceOf(Error);
    };
    const totalThrough = (table: string, column: string, day: string) =>
      (
        db.$client
          .query(
            `SELECT coalesce(sum(t.${column}), 0) AS n FROM ${table} t WHERE t.day = (SELECT max(day) FROM ${table} u WHERE u.day <= ? AND ${table === 'cumulative_answers' ? 'u.key_id = t.key_id' : 'u.lyric_id = t.lyric_id AND u.selected_song_id = t.selected_song_id'})`,
          )
          .get(day) as { n: number }
      ).n;
    await record(20, 4);
    await record(22, 3);
    expect(await stores.plays.flushCounters()).toBe(7);
    // Plays of an earlier day, and of the days between and after, after those days' rows exist.
    await record(18, 2);
    await record(21, 2);
    await record(23, 1);
    expect(await stores.plays.flushCounters()).toBe(5);
    expect(await stores.plays.verifyCounters()).toEqual([]);
    // The running totals on each day count every answer up to it: 30 a play.
    const plays = { '2025-04-18': 2, '2025-04-20': 6, '2025-04-21': 8, '2025-04-22': 11, '2025-04-23': 12 };
    for (const [day, through] of Object.entries(plays))
      expect(totalThrough('cumulative_answers', 'occurrences', day)).toBe(through * 30);
    const wrong = sumOf(db, 'lyric_confusions', 'times');
    expect(wrong).toBeGreaterThan(0);
    expect(totalThrough('cumulative_confusions', 'times', '2025-04-23')).toBe(wrong);
  });
});

describe('a flush in chunks of rows (docs/decisions/041)', () => {
  /** Plays over `days` days of April 2025, in one batch a day, none flushed. */
  const recordDays = async (db: Db, days: number[], perDay: number, seed: number) => {
    const stores = createSqliteStores(db, 'salt');
    const catalogue = loadCatalogueIndex(db);
    const random = seededRandom(seed);
    let n = 0;
    for (const day of days) {
      const batch = Array.from({ length: perDay }, () =>
        randomPlay(catalogue, random, `chunk-${seed}-${n++}`, { atMs: Date.UTC(2025, 3, day, 12) }),
      );
      for (const outcome of await stores.plays.recordPlays(batch)) expect(outcome).not.toBeInstanceOf(Error);
    }
    return stores;
  };

  test('verify agrees after every chunk; the rows are those of a flush in one transaction', async () => {
    const chunked = createTestDb();
    const whole = createTestDb();
    // Days before the flush's exist already, and the flush spans three days, one before them.
    for (const db of [chunked, whole]) {
      await recordDays(db, [10, 12], 20, 21);
      await createSqliteStores(db, 'salt').plays.flushCounters();
    }
    const stores = await recordDays(chunked, [9, 12, 13], 40, 22);
    await recordDays(whole, [9, 12, 13], 40, 22);
    const deferred = createDeferredCounters(chunked);
    let chunks = 0;
    let counted = 0;
    for (let finished = false; !finished; chunks++) {
      const result = deferred.flushChunk(37);
      finished = result.finished;
      counted += result.plays;
      if (!finished) {
        expect(result.rows).toBe(37);
        expect(deferred.cursor()?.through).toBe(lastPlayOf(chunked));
        expect(watermarkOf(chunked)).toBeLessThan(lastPlayOf(chunked));
      }
      expect(await stores.plays.verifyCounters()).toEqual([]);
    }
    expect(counted).toBe(120);
    expect(chunks).toBeGreaterThan(20);
    expect(deferred.cursor()).toBeUndefined();
    expect(watermarkOf(chunked)).toBe(lastPlayOf(chunked));
    expect(await createSqliteStores(whole, 'salt').plays.flushCounters()).toBe(120);
    for (const table of deferredTables)
      expect(chunked.$client.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`).all()).toEqual(
        whole.$client.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`).all(),
      );
  });

  test('a flush cut by a crash between two chunks is resumed from its cursor by the next process; plays recorded meanwhile wait for the next flush', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kviz-deferred-'));
    const path = join(dir, 'kviz.db');
    const first = createFileDb(path);
    await recordDays(first, [14], 30, 23);
    const dying = createDeferredCounters(first);
    for (let i = 0; i < 5; i++) expect(dying.flushChunk(40).finished).toBe(false);
    const cut = dying.cursor()!;
    await recordDays(first, [14], 4, 24); // committed after the flush began: not its plays
    first.$client.close();

    const second = createSqliteDb(path);
    const stores = createSqliteStores(second, 'salt');
    expect(await stores.plays.verifyCounters()).toEqual([]);
    const resumed = createDeferredCounters(second);
    expect(resumed.cursor()).toEqual(cut);
    // The cut flush ends first, with its own 30 plays; the next counts the 4.
    let result = resumed.flushChunk(1_000_000);
    expect(result).toMatchObject({ plays: 30, finished: true });
    expect(watermarkOf(second)).toBe(cut.through);
    result = resumed.flushChunk(1_000_000);
    expect(result).toMatchObject({ plays: 4, finished: true });
    expect(sumOf(second, 'lyric_stats', 'occurrences')).toBe(34 * 30);
    expect(await stores.plays.verifyCounters()).toEqual([]);
    second.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a chunk with a time limit stops once it has passed, after a run of rows, and the next goes on', async () => {
    const db = createTestDb();
    const stores = await recordDays(db, [17], 30, 28);
    const deferred = createDeferredCounters(db);
    // A limit already passed: one run of rows (the clock is read between runs), not the whole flush.
    const first = deferred.flushChunk(1_000_000, 0);
    expect(first.finished).toBe(false);
    expect(first.rows).toBeGreaterThan(0);
    expect(first.rows).toBeLessThanOrEqual(128);
    expect(await stores.plays.verifyCounters()).toEqual([]);
    expect(deferred.flushChunk(1_000_000)).toMatchObject({ plays: 30, finished: true });
    expect(await stores.plays.verifyCounters()).toEqual([]);
  });

  test('a flush in one transaction finishes the one under way; a rebuild clears its cursor', async () => {
    const db = createTestDb();
    const stores = await recordDays(db, [15], 25, 25);
    const deferred = createDeferredCounters(db);
    expect(deferred.flushChunk(40).finished).toBe(false);
    await recordDays(db, [16], 5, 26);
    expect(readMeta(db, FLUSH_CURSOR)).toBeDefined();
    expect(await stores.plays.flushCounters()).toBe(30);
    expect(deferred.cursor()).toBeUndefined();
    expect(readMeta(db, FLUSH_CURSOR)).toBeUndefined();
    expect(await stores.plays.verifyCounters()).toEqual([]);

    await recordDays(db, [16], 5, 27);
    expect(deferred.flushChunk(40).finished).toBe(false);
    await stores.plays.rebuildCounters();
    expect(deferred.cursor()).toBeUndefined();
    expect(watermarkOf(db)).toBe(lastPlayOf(db));
    expect(await stores.plays.verifyCounters()).toEqual([]);
  });
});
