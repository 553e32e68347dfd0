import { type Placeholder, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { excluded, multiRowInsert, prepare, statement } from '../../db/prepared';
import {
  albumStats,
  answerKeys,
  cumulativeAnswers,
  lyricConfusions,
  lyricStats,
  meta,
  plays,
  songConfusions,
  songStats,
} from '../../db/schema';
import { forEachAnswer } from '../answer-codec';
import type { AnswerKey, ItemCounts } from '../recompute';
import { confusionRunningTotals } from './confusion-days';

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

/**
 * Adds a day's answer counts per answer key to cumulative_answers (running totals): first every
 * stored row of a key from that day on gets the counts (the day's own row when it exists, and
 * any later day's); then the keys without a row for the day get one, the key's row before the
 * day plus the counts (one multi-row INSERT per 64 keys; the look-up of the row before runs only
 * for a key's first answers of a day).
 */
function answerRunningTotals(db: Db) {
  const t = cumulativeAnswers;
  const col = (column: SQLiteColumn) => sql.identifier(column.name);
  const before = (column: SQLiteColumn) =>
    sql`coalesce((SELECT p.${col(column)} FROM ${t} p WHERE p.${col(t.keyId)} = v.column1 AND p.${col(t.day)} < v.column2 ORDER BY p.${col(t.day)} DESC LIMIT 1), 0)`;
  type Row = Record<'keyId' | 'day' | 'occurrences' | 'correct', Placeholder>;
  const values = (rows: Row[]) =>
    sql.join(
      rows.map((r) => sql`(${r.keyId}, ${r.day}, ${r.occurrences}, ${r.correct})`),
      sql`, `,
    );
  const keys = ['keyId', 'day', 'occurrences', 'correct'] as const;
  // One statement per key: measured faster here than a multi-row UPDATE … FROM (VALUES …).
  const ph = sql.placeholder;
  const addOne = prepare(
    db,
    statement(
      sql`UPDATE ${t} SET ${col(t.occurrences)} = ${col(t.occurrences)} + ${ph('occurrences')}, ${col(t.correct)} = ${col(t.correct)} + ${ph('correct')} WHERE ${col(t.keyId)} = ${ph('keyId')} AND ${col(t.day)} >= ${ph('day')}`,
    ),
  );
  const open = multiRowInsert(
    db,
    (rows) =>
      statement(
        sql`INSERT INTO ${t} (${col(t.keyId)}, ${col(t.day)}, ${col(t.occurrences)}, ${col(t.correct)}) SELECT v.column1, v.column2, ${before(t.occurrences)} + v.column3, ${before(t.correct)} + v.column4 FROM (VALUES ${values(rows)}) v WHERE NOT EXISTS (SELECT 1 FROM ${t} d WHERE d.${col(t.day)} = v.column2 AND d.${col(t.keyId)} = v.column1) ON CONFLICT DO NOTHING`,
      ),
    keys,
  );
  return (day: string, rows: { keyId: number; occurrences: number; correct: number }[]) => {
    const withDay = rows.map((r) => ({ ...r, day }));
    for (const row of withDay) addOne.run(row);
    open(withDay);
  };
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
 */
export function createDeferredCounters(db: Db) {
  const sqlite = db.$client;
  const ph = sql.placeholder;
  const readWatermark = sqlite.prepare<{ value: string }, [string]>(
    db
      .select({ value: meta.value })
      .from(meta)
      .where(sql`${meta.key} = ${ph('key')}`)
      .toSQL().sql,
  );
  const writeWatermark = prepare(
    db,
    db
      .insert(meta)
      .values({ key: COUNTED_THROUGH, value: ph('value') })
      .onConflictDoUpdate({
        target: meta.key,
        set: { value: sql`excluded.${sql.identifier(meta.value.name)}` },
      }),
  );
  const lastPlay = sqlite.prepare<{ id: number | null }, []>(
    db
      .select({ id: sql<number | null>`max(${plays.id})`.as('id') })
      .from(plays)
      .toSQL().sql,
  );
  // Positional: [after id, limit] → [id, day, answers].
  const playsAfter = sqlite.prepare<[number, string, Uint8Array], [number, number]>(
    db
      .select({ id: plays.id, day: plays.day, answers: plays.answers })
      .from(plays)
      .where(sql`${plays.id} > ${ph('after')}`)
      .orderBy(plays.id)
      .limit(ph('limit'))
      .toSQL().sql,
  );
  const allKeys = sqlite.prepare<[number, number, number, number], []>(
    db
      .select({
        id: answerKeys.id,
        lyricId: answerKeys.lyricId,
        songId: answerKeys.songId,
        albumId: answerKeys.albumId,
      })
      .from(answerKeys)
      .toSQL().sql,
  );

  const counterKeys = ['id', 'occurrences', 'correct'] as const;
  const upsertLyrics = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(lyricStats)
        .values(rows.map(({ id, ...counts }) => ({ lyricId: id, ...counts })))
        .onConflictDoUpdate({
          target: lyricStats.lyricId,
          set: addingUp(lyricStats, ['occurrences', 'correct']),
        }),
    counterKeys,
  );
  const upsertSongs = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(songStats)
        .values(rows.map(({ id, ...counts }) => ({ songId: id, ...counts })))
        .onConflictDoUpdate({
          target: songStats.songId,
          set: addingUp(songStats, ['occurrences', 'correct']),
        }),
    counterKeys,
  );
  const upsertAlbums = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(albumStats)
        .values(rows.map(({ id, ...counts }) => ({ albumId: id, ...counts })))
        .onConflictDoUpdate({
          target: albumStats.albumId,
          set: addingUp(albumStats, ['occurrences', 'correct']),
        }),
    counterKeys,
  );
  const confusionKeys = ['id', 'selectedSongId', 'times'] as const;
  const upsertLyricConfusions = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(lyricConfusions)
        .values(rows.map(({ id, ...rest }) => ({ lyricId: id, ...rest })))
        .onConflictDoUpdate({
          target: [lyricConfusions.lyricId, lyricConfusions.selectedSongId],
          set: addingUp(lyricConfusions, ['times']),
        }),
    confusionKeys,
  );
  const upsertSongConfusions = multiRowInsert(
    db,
    (rows) =>
      db
        .insert(songConfusions)
        .values(rows.map(({ id, ...rest }) => ({ songId: id, ...rest })))
        .onConflictDoUpdate({
          target: [songConfusions.songId, songConfusions.selectedSongId],
          set: addingUp(songConfusions, ['times']),
        }),
    confusionKeys,
  );
  const addToAnswers = answerRunningTotals(db);
  const addToConfusionDays = confusionRunningTotals(db);

  /** answer_keys id → its line, song and album. Keys are never changed once made; new ones are read on a miss. */
  const keys = new Map<number, AnswerKey>();
  const keyOf = (keyId: number): AnswerKey => {
    let key = keys.get(keyId);
    if (!key) {
      for (const [id, lyricId, songId, albumId] of allKeys.values() as unknown as [
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

  /** Writes the sums (the caller holds the transaction). */
  const write = (sums: DeferredSums) => {
    const rows = (map: Map<number, ItemCounts>) => [...map].map(([id, c]) => ({ id, ...c }));
    const picks = (map: Map<number, Map<number, number>>) =>
      [...map].flatMap(([id, bySong]) =>
        [...bySong].map(([selectedSongId, times]) => ({ id, selectedSongId, times })),
      );
    if (sums.lyrics.size > 0) upsertLyrics(rows(sums.lyrics));
    if (sums.songs.size > 0) upsertSongs(rows(sums.songs));
    if (sums.albums.size > 0) upsertAlbums(rows(sums.albums));
    const lyricPicks = picks(sums.lyricConfusions);
    if (lyricPicks.length > 0) upsertLyricConfusions(lyricPicks);
    const songPicks = picks(sums.songConfusions);
    if (songPicks.length > 0) upsertSongConfusions(songPicks);
    for (const day of [...sums.answerDays.keys()].sort())
      addToAnswers(
        day,
        [...sums.answerDays.get(day)!].map(([keyId, counts]) => ({ keyId, ...counts })),
      );
    for (const day of [...sums.confusionDays.keys()].sort())
      addToConfusionDays(
        day,
        [...sums.confusionDays.get(day)!].flatMap(([lyricId, picks]) =>
          [...picks].map(([selectedSongId, times]) => ({ lyricId, selectedSongId, times })),
        ),
      );
  };

  /** Counts every play past the watermark and moves it (the caller holds a write transaction). */
  const catchUpWithin = (): number => {
    let after = watermark();
    const sums = emptyDeferredSums();
    let counted = 0;
    for (;;) {
      const rows = playsAfter.values(after, CHUNK) as unknown as [number, string, Uint8Array][];
      if (rows.length === 0) break;
      for (const [, day, packed] of rows) addDeferred(sums, day, packed, keyOf);
      counted += rows.length;
      after = rows.at(-1)![0];
    }
    if (counted === 0) return 0;
    write(sums);
    writeWatermark.run({ value: String(after) });
    return counted;
  };
  const catchUp = sqlite.transaction(catchUpWithin);

  return {
    watermark,
    /** Whether some recorded play is not counted yet (two indexed reads). */
    behind: (): boolean => latest() > watermark(),
    /**
     * Counts the plays past the watermark in a transaction of its own (IMMEDIATE: the write lock
     * first, so no other writer commits a play in between): the flush, the catch-up at start.
     * Returns the number of plays counted; nothing is written when there is none.
     */
    flush: (): number => (latest() > watermark() ? catchUp.immediate() : 0),
    /** The watermark after a rebuild: every play recorded counted (inside the rebuild's transaction). */
    markAllCounted: (): void => void writeWatermark.run({ value: String(latest()) }),
  };
}

export type DeferredCounters = ReturnType<typeof createDeferredCounters>;
