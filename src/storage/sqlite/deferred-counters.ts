import { sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { forEachAnswer } from '../encoding/answer-codec';
import type { AnswerKey, ItemCounts } from '../encoding/recompute';
import type { Db } from './client';
import { createDeferredWrites, type FlushPart, type FlushPosition } from './deferred-writes';
import { createFlushSums } from './flush-sums';
import { excluded, onFirstUse, prepare } from './prepared';
import { answerKeys, meta, plays } from './schema';

/**
 * The `meta` key of the watermark: the id of the last play whose per-line, per-song and
 * per-album counters, confusions and per-key day totals are written (docs/decisions/025).
 * Set by migration 0006 (every play before it was counted in its own transaction), moved by
 * each flush and by a rebuild, in the same transaction as the counter rows.
 */
export const COUNTED_THROUGH = 'counters_counted_through';
/**
 * The `meta` key of a flush under way in chunks (docs/decisions/041): JSON `{ through, step, day,
 * key }`, the last play the flush counts and the last row it has written (deferred-writes.ts
 * `FlushPosition`). Absent when no flush is under way. Written with each chunk, removed by the
 * last one in the transaction that moves the watermark to `through`.
 */
export const FLUSH_CURSOR = 'counters_flush_cursor';

export interface FlushCursor extends FlushPosition {
  through: number;
}

/** Plays read from the raw record per statement while catching up. */
const CHUNK = 5_000;

/** `SET column = column + excluded.column` for each counter column, keyed by property as drizzle's `set` wants. */
export function addingUp<Table extends object>(table: Table, props: readonly (keyof Table & string)[]) {
  return Object.fromEntries(
    props.map((prop) => {
      const column = table[prop] as SQLiteColumn;
      return [prop, sql`${column} + ${excluded(column)}`];
    }),
  );
}

/** The deferred counts of a run of plays, keyed as their tables are. */
export interface DeferredSums {
  lyrics: Map<number, ItemCounts>;
  songs: Map<number, ItemCounts>;
  albums: Map<number, ItemCounts>;
  /** Right line → wrong song → times. */
  lyricConfusions: Map<number, Map<number, number>>;
  /** Right song → wrong song → times. */
  songConfusions: Map<number, Map<number, number>>;
  /** Day → answer_keys id → counts that day. */
  answerDays: Map<string, Map<number, ItemCounts>>;
  /** Day → right line → wrong song → times that day (cumulative_confusions, docs/decisions/024). */
  confusionDays: Map<string, Map<number, Map<number, number>>>;
}

export function emptyDeferredSums(): DeferredSums {
  return {
    lyrics: new Map(),
    songs: new Map(),
    albums: new Map(),
    lyricConfusions: new Map(),
    songConfusions: new Map(),
    answerDays: new Map(),
    confusionDays: new Map(),
  };
}

const bump = (map: Map<number, ItemCounts>, id: number, right: boolean) => {
  const counts = map.get(id);
  if (counts) {
    counts.occurrences++;
    if (right) counts.correct++;
  } else map.set(id, { occurrences: 1, correct: right ? 1 : 0 });
};

const confuse = (map: Map<number, Map<number, number>>, right: number, picked: number) => {
  let row = map.get(right);
  if (!row) {
    row = new Map();
    map.set(right, row);
  }
  row.set(picked, (row.get(picked) ?? 0) + 1);
};

/** Adds one play's packed answers to `sums` (`keyOf`: answer_keys id → the line, song, album). */
export function addDeferred(
  sums: DeferredSums,
  day: string,
  packed: Uint8Array,
  keyOf: (keyId: number) => AnswerKey,
): void {
  let answerDay = sums.answerDays.get(day);
  if (!answerDay) {
    answerDay = new Map();
    sums.answerDays.set(day, answerDay);
  }
  const perDay = answerDay;
  let confusionDay = sums.confusionDays.get(day);
  if (!confusionDay) {
    confusionDay = new Map();
    sums.confusionDays.set(day, confusionDay);
  }
  const picksOfDay = confusionDay;
  forEachAnswer(packed, (keyId, wrongSongId) => {
    const key = keyOf(keyId);
    const right = wrongSongId === undefined;
    bump(perDay, keyId, right);
    bump(sums.lyrics, key.lyricId, right);
    bump(sums.songs, key.songId, right);
    bump(sums.albums, key.albumId, right);
    if (!right) {
      confuse(sums.lyricConfusions, key.lyricId, wrongSongId);
      confuse(sums.songConfusions, key.songId, wrongSongId);
      confuse(picksOfDay, key.lyricId, wrongSongId);
    }
  });
}

/**
 * What a flush reads and marks: the watermark, the cursor of a flush under way, the last play,
 * and the sums of a run of plays from the raw record (split from the flush itself by concern).
 */
function createFlushState(db: Db) {
  const sqlite = db.$client;
  const ph = sql.placeholder;
  const readMetaValue = sqlite.prepare<{ value: string }, [string]>(
    db
      .select({ value: meta.value })
      .from(meta)
      .where(sql`${meta.key} = ${ph('key')}`)
      .toSQL().sql,
  );
  // The statements of a flush are built at its first use (docs/decisions/027): a start with no
  // play waiting reads the watermark and the last play id only.
  const writeMetaValue = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(meta)
        .values({ key: ph('key'), value: ph('value') })
        .onConflictDoUpdate({
          target: meta.key,
          set: { value: sql`excluded.${sql.identifier(meta.value.name)}` },
        }),
    ),
  );
  const deleteMeta = onFirstUse(() =>
    sqlite.prepare<unknown, [string]>(
      db
        .delete(meta)
        .where(sql`${meta.key} = ${ph('key')}`)
        .toSQL().sql,
    ),
  );
  const deleteCursor = () => deleteMeta().run(FLUSH_CURSOR);
  const lastPlay = sqlite.prepare<{ id: number | null }, []>(
    db
      .select({ id: sql<number | null>`max(${plays.id})`.as('id') })
      .from(plays)
      .toSQL().sql,
  );
  // Positional: [after id, through id, limit] → [id, day, answers].
  const playsBetween = onFirstUse(() =>
    sqlite.prepare<[number, string, Uint8Array], [number, number, number]>(
      db
        .select({ id: plays.id, day: plays.day, answers: plays.answers })
        .from(plays)
        .where(sql`${plays.id} > ${ph('after')} AND ${plays.id} <= ${ph('through')}`)
        .orderBy(plays.id)
        .limit(ph('limit'))
        .toSQL().sql,
    ),
  );
  const allKeys = onFirstUse(() =>
    sqlite.prepare<[number, number, number, number], []>(
      db
        .select({
          id: answerKeys.id,
          lyricId: answerKeys.lyricId,
          songId: answerKeys.songId,
          albumId: answerKeys.albumId,
        })
        .from(answerKeys)
        .toSQL().sql,
    ),
  );

  /** answer_keys id → its line, song and album. Keys are never changed once made; new ones are read on a miss. */
  const keys = new Map<number, AnswerKey>();
  const keyOf = (keyId: number): AnswerKey => {
    let key = keys.get(keyId);
    if (!key) {
      for (const [id, lyricId, songId, albumId] of allKeys().values() as unknown as [
        number,
        number,
        number,
        number,
      ][])
        keys.set(id, { lyricId, songId, albumId });
      key = keys.get(keyId);
      if (!key) throw new Error(`unknown answer key ${keyId}`);
    }
    return key;
  };

  /** The watermark as stored; a database without one was not migrated (or was damaged): never guessed. */
  const watermark = (): number => {
    const row = readMetaValue.get(COUNTED_THROUGH);
    if (!row)
      throw new Error(
        `the counters' watermark (meta '${COUNTED_THROUGH}') is missing: run \`kviz stats rebuild\``,
      );
    return Number(row.value);
  };
  const latest = (): number => lastPlay.get()?.id ?? 0;
  const cursor = (): FlushCursor | undefined => {
    const row = readMetaValue.get(FLUSH_CURSOR);
    return row ? (JSON.parse(row.value) as FlushCursor) : undefined;
  };

  /** The sums of the plays after `after` through `through`, and how many plays they are. */
  const sumsOf = (after: number, through: number) => {
    const sums = createFlushSums();
    let count = 0;
    for (let from = after; ; ) {
      const rows = playsBetween().values(from, through, CHUNK) as unknown as [number, string, Uint8Array][];
      if (rows.length === 0) break;
      for (const [, day, packed] of rows) sums.add(day, packed, keyOf);
      count += rows.length;
      from = rows.at(-1)![0];
    }
    return { sums, count };
  };

  return {
    watermark,
    latest,
    cursor,
    sumsOf,
    setWatermark: (through: number) =>
      void writeMetaValue().run({ key: COUNTED_THROUGH, value: String(through) }),
    setCursor: (cursor: FlushCursor) =>
      void writeMetaValue().run({ key: FLUSH_CURSOR, value: JSON.stringify(cursor) }),
    deleteCursor,
  };
}

/**
 * The counters a play does not need written in its own transaction (docs/decisions/025): per
 * line, song and album, the confusions, and the per-key and per-confusion day running totals. A flush reads the
 * raw record past the watermark, sums those plays and writes each touched row once, moving the
 * watermark when its last row is written: the raw record is the truth, so a flush counts exactly
 * the plays committed before it, whichever process recorded them, and a crash between flushes
 * loses nothing (the next flush, or the catch-up at start, counts them).
 *
 * A flush comes in one transaction (`flush`: asked for, at start and close) or in chunks of rows
 * (`flushChunk`: the writer's own, docs/decisions/041), each chunk a transaction that also stores
 * where it stopped (`FLUSH_CURSOR`: the last play of the flush and its last row written), so the
 * counters are exact at every commit — rows up to the cursor count the plays through the flush's
 * last, the others through the watermark — and a flush cut by a crash is resumed from its cursor.
 *
 * The writes of a flush live in deferred-writes.ts (split by concern: here the watermark and
 * reading the record, there the set-based statements).
 */
export function createDeferredCounters(db: Db) {
  const sqlite = db.$client;
  const write = createDeferredWrites(db);
  const { watermark, latest, cursor, sumsOf, setWatermark, setCursor, deleteCursor } = createFlushState(db);
  /** The flush under way in chunks, its sums kept between them (rebuilt when the stored cursor is not theirs). */
  let current: { after: number; through: number; parts: FlushPart[]; count: number } | undefined;

  /**
   * Writes the next `budget` rows of the flush under way, or of a new one through the last play
   * recorded (the caller holds a write transaction). Returns the plays counted (when the flush
   * ends) and whether it ended.
   */
  const chunkWithin = (
    budget: number,
    deadline = Number.POSITIVE_INFINITY,
  ): { plays: number; rows: number; finished: boolean } => {
    const after = watermark();
    let stored = cursor();
    // A cursor the watermark has passed (a rebuild by a version that knew no cursor, after a
    // downgrade): every row was rewritten since, so the cursor says nothing any more.
    if (stored && stored.through <= after) {
      deleteCursor();
      stored = undefined;
    }
    const through = stored?.through ?? latest();
    if (through <= after) return { plays: 0, rows: 0, finished: true };
    if (current?.after !== after || current.through !== through) {
      const { sums, count } = sumsOf(after, through);
      current = { after, through, parts: write.partsOf(sums), count };
    }
    const written = write.writeSome(current.parts, stored, budget, deadline);
    if (!written.finished) {
      setCursor({ through, ...written.position! });
      return { plays: 0, rows: written.rows, finished: false };
    }
    setWatermark(through);
    deleteCursor();
    const plays = current.count;
    current = undefined;
    return { plays, rows: written.rows, finished: true };
  };
  /** Everything past the watermark, the flush under way first; returns the plays counted. */
  const flushAll = (): number => {
    let counted = 0;
    while (latest() > watermark()) counted += chunkWithin(Number.POSITIVE_INFINITY).plays;
    return counted;
  };
  const flushAllInTransaction = sqlite.transaction(flushAll);
  const chunkInTransaction = sqlite.transaction(chunkWithin);
  /**
   * Some play is not counted yet, and no transaction is open on this connection: a verify or a
   * rebuild holds one across its awaits, and a flush inside it would move the watermark and the
   * counters under its snapshot (the next flush counts those plays).
   */
  const mayFlush = () => !sqlite.inTransaction && latest() > watermark();

  return {
    watermark,
    /** The id of the last recorded play (0: none). */
    latest,
    /** The flush under way in chunks, as stored (none: every row counts the plays through the watermark). */
    cursor,
    /** Whether some recorded play is not counted yet (two indexed reads). */
    behind: (): boolean => latest() > watermark(),
    /**
     * Counts the plays past the watermark in a transaction of its own (IMMEDIATE: the write lock
     * first, so no other writer commits a play in between): the flush, the catch-up at start.
     * Returns the number of plays counted; nothing is written when there is none, nor inside
     * another caller's transaction (`mayFlush`).
     */
    flush: (): number => (mayFlush() ? flushAllInTransaction.immediate() : 0),
    /**
     * The next chunk of at most `budget` rows of the flush under way (a new one when none is), in
     * a transaction of its own, ending sooner once `ms` have passed: the writer commits the plays
     * that arrived meanwhile between two chunks (docs/decisions/041).
     */
    flushChunk: (
      budget: number,
      ms = Number.POSITIVE_INFINITY,
    ): { plays: number; rows: number; finished: boolean } =>
      mayFlush()
        ? chunkInTransaction.immediate(budget, performance.now() + ms)
        : { plays: 0, rows: 0, finished: true },
    /** The watermark after a rebuild: every play recorded counted (inside the rebuild's transaction). */
    markAllCounted: (): void => {
      setWatermark(latest());
      deleteCursor();
      current = undefined;
    },
  };
}

export type DeferredCounters = ReturnType<typeof createDeferredCounters>;
