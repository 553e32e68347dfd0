import { sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { forEachAnswer } from '../encoding/answer-codec';
import type { AnswerKey, ItemCounts } from '../encoding/recompute';
import type { Db } from './client';
import { createDeferredWrites } from './deferred-writes';
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
 * The counters a play does not need written in its own transaction (docs/decisions/025): per
 * line, song and album, the confusions, and the per-key and per-confusion day running totals. A flush reads the
 * raw record past the watermark, sums those plays and writes each touched row once, moving the
 * watermark in the same transaction: the raw record is the truth, so a flush counts exactly the
 * plays committed before it, whichever process recorded them, and a crash between flushes loses
 * nothing (the next flush, or the catch-up at start, counts them).
 *
 * The writes of a flush live in deferred-writes.ts (split by concern: here the watermark and
 * reading the record, there the set-based statements).
 */
export function createDeferredCounters(db: Db) {
  const sqlite = db.$client;
  const ph = sql.placeholder;
  const write = createDeferredWrites(db);
  const readWatermark = sqlite.prepare<{ value: string }, [string]>(
    db
      .select({ value: meta.value })
      .from(meta)
      .where(sql`${meta.key} = ${ph('key')}`)
      .toSQL().sql,
  );
  // The statements of a flush are built at its first use (docs/decisions/027): a start with no
  // play waiting reads the watermark and the last play id only.
  const writeWatermark = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(meta)
        .values({ key: COUNTED_THROUGH, value: ph('value') })
        .onConflictDoUpdate({
          target: meta.key,
          set: { value: sql`excluded.${sql.identifier(meta.value.name)}` },
        }),
    ),
  );
  const lastPlay = sqlite.prepare<{ id: number | null }, []>(
    db
      .select({ id: sql<number | null>`max(${plays.id})`.as('id') })
      .from(plays)
      .toSQL().sql,
  );
  // Positional: [after id, limit] → [id, day, answers].
  const playsAfter = onFirstUse(() =>
    sqlite.prepare<[number, string, Uint8Array], [number, number]>(
      db
        .select({ id: plays.id, day: plays.day, answers: plays.answers })
        .from(plays)
        .where(sql`${plays.id} > ${ph('after')}`)
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
    const row = readWatermark.get(COUNTED_THROUGH);
    if (!row)
      throw new Error(
        `the counters' watermark (meta '${COUNTED_THROUGH}') is missing: run \`kviz stats rebuild\``,
      );
    return Number(row.value);
  };
  const latest = (): number => lastPlay.get()?.id ?? 0;

  /**
   * Counts the plays past the watermark (at most `limit` of them, the first ones) and moves it
   * past them (the caller holds a write transaction).
   */
  const catchUpWithin = (limit = Number.POSITIVE_INFINITY): number => {
    let after = watermark();
    const sums = createFlushSums();
    let counted = 0;
    while (counted < limit) {
      const rows = playsAfter().values(after, Math.min(CHUNK, limit - counted)) as unknown as [
        number,
        string,
        Uint8Array,
      ][];
      if (rows.length === 0) break;
      for (const [, day, packed] of rows) sums.add(day, packed, keyOf);
      counted += rows.length;
      after = rows.at(-1)![0];
    }
    if (counted === 0) return 0;
    write(sums);
    writeWatermark().run({ value: String(after) });
    return counted;
  };
  const catchUp = sqlite.transaction(catchUpWithin);

  return {
    watermark,
    /** The id of the last recorded play (0: none). */
    latest,
    /** Whether some recorded play is not counted yet (two indexed reads). */
    behind: (): boolean => latest() > watermark(),
    /**
     * Counts the plays past the watermark in a transaction of its own (IMMEDIATE: the write lock
     * first, so no other writer commits a play in between): the flush, the catch-up at start.
     * Returns the number of plays counted; nothing is written when there is none.
     */
    flush: (): number => (latest() > watermark() ? catchUp.immediate() : 0),
    /**
     * Like `flush`, for the first `limit` plays past the watermark only: one slice of a flush, so
     * the writer can commit the plays that arrived meanwhile between slices (docs/decisions/035).
     */
    flushSome: (limit: number): number => (latest() > watermark() ? catchUp.immediate(limit) : 0),
    /** The watermark after a rebuild: every play recorded counted (inside the rebuild's transaction). */
    markAllCounted: (): void => void writeWatermark().run({ value: String(latest()) }),
  };
}

export type DeferredCounters = ReturnType<typeof createDeferredCounters>;
