/**
 * Moving a SQLite deployment onto PostgreSQL (`kviz copy-to-postgres`): the
 * rows that cannot be derived — settings and secrets, the catalogue with its
 * ids, the answer keys, the players, the raw record of every play, the quizzes
 * issued — are copied as they are, in one transaction on the target; every
 * counter is then rebuilt there from the raw record by the PostgreSQL store's
 * own `rebuildCounters`, so the two engines never need a second copy of the
 * counter logic. The SQLite file is only read.
 */
import { asc, count, getTableColumns, gt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { nextChunk } from '../storage/long-work';
import type { PgDb } from '../storage/pg/client';
import * as pg from '../storage/pg/schema';
import type { Db } from '../storage/sqlite/client';
import * as lite from '../storage/sqlite/schema';

/** Rows a statement (13 columns a play: 26,000 parameters, under PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 2_000;

export interface CopyOptions {
  onProgress?: (rows: number, totalRows: number) => void;
  signal?: AbortSignal;
}

export interface CopySummary {
  meta: number;
  albums: number;
  songs: number;
  lyrics: number;
  answerKeys: number;
  players: number;
  plays: number;
  quizDays: number;
  /** Rows of Kviz uživo's finished games (games, lines and players). */
  partyRows: number;
  /** The administrator's notes on dates (docs/decisions/037). */
  annotations: number;
  /** Rows of the per-day referrers, campaigns and shares (docs/decisions/040): no raw record has them. */
  sourceDays: number;
}

/** Why the copy was refused: the target already holds data (ids would collide, players would mix). */
export class TargetNotEmpty extends Error {}

/**
 * The SQLite nonce column holds a canonical token nonce as its 12 bytes and anything else as
 * text (src/storage/sqlite/play-nonce.ts `nonceKey`), and drizzle reads both as bytes: SQLite's
 * `typeof` tells them apart. PostgreSQL keeps the text.
 */
function nonceText(stored: Uint8Array, storedAs: string): string {
  return Buffer.from(stored).toString(storedAs === 'blob' ? 'base64url' : 'utf8');
}

/** Rows of the target that show it is in use: any catalogue, player or play. */
export async function targetRows(target: PgDb): Promise<{ albums: number; players: number; plays: number }> {
  const n = async (table: PgTable) => Number((await target.select({ n: count() }).from(table))[0]!.n);
  return { albums: await n(pg.albums), players: await n(pg.players), plays: await n(pg.plays) };
}

/**
 * Copies the underivable rows of `source` into the empty, migrated `target` in one transaction
 * (Ctrl-C, an error or a refusal leaves the target as it was). Identity sequences are moved
 * past the copied ids, so new rows on PostgreSQL never reuse one.
 */
export async function copySqliteToPg(
  source: Db,
  target: PgDb,
  options: CopyOptions = {},
): Promise<CopySummary> {
  const sourceCount = (table: SQLiteTable) => source.select({ n: count() }).from(table).get()!.n;
  const totals = {
    meta: sourceCount(lite.meta),
    albums: sourceCount(lite.albums),
    songs: sourceCount(lite.songs),
    lyrics: sourceCount(lite.lyrics),
    answerKeys: sourceCount(lite.answerKeys),
    players: sourceCount(lite.players),
    plays: sourceCount(lite.plays),
    quizDays: sourceCount(lite.cumulativeQuizzes),
    // Kviz uživo's finished games (docs/decisions/031): their three tables, counted as rows.
    partyRows: sourceCount(lite.partyGames) + sourceCount(lite.partyLines) + sourceCount(lite.partyPlayers),
    annotations: sourceCount(lite.annotations),
    sourceDays: sourceCount(lite.sourceDays),
  };
  const totalRows = Object.values(totals).reduce((a, b) => a + b, 0);
  let done = 0;
  const step = async (rows: number) => {
    done += rows;
    options.onProgress?.(done, totalRows);
    await nextChunk(options.signal);
  };

  return target.transaction(async (tx) => {
    // Checked inside the transaction: an instance started meanwhile cannot slip a seed in between.
    await tx.execute(sql`LOCK TABLE ${pg.albums}, ${pg.players}, ${pg.plays} IN EXCLUSIVE MODE`);
    const found = await targetRows(tx as unknown as PgDb);
    if (found.albums + found.players + found.plays > 0)
      throw new TargetNotEmpty(
        `The PostgreSQL database already holds data (${found.albums} albums, ${found.players} players, ${found.plays} plays): copy into a new, empty database.`,
      );

    // Settings and secrets replace the ones a start of the target generated (player salt,
    // token secret, daily challenge): player hashes and issued tokens stay valid.
    const metaRows = source.select().from(lite.meta).all();
    for (const row of metaRows)
      await tx
        .insert(pg.meta)
        .values(row)
        .onConflictDoUpdate({ target: pg.meta.key, set: { value: row.value } });
    await step(metaRows.length);

    const copyAll = async <Row>(rows: Row[], table: PgTable) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
        await tx.insert(table).values(chunk as never);
        await step(chunk.length);
      }
    };
    await copyAll(source.select().from(lite.albums).orderBy(asc(lite.albums.id)).all(), pg.albums);
    await copyAll(source.select().from(lite.songs).orderBy(asc(lite.songs.id)).all(), pg.songs);
    await copyAll(source.select().from(lite.lyrics).orderBy(asc(lite.lyrics.id)).all(), pg.lyrics);
    await copyAll(
      source.select().from(lite.answerKeys).orderBy(asc(lite.answerKeys.id)).all(),
      pg.answerKeys,
    );
    await copyAll(source.select().from(lite.players).orderBy(asc(lite.players.id)).all(), pg.players);
    await copyAll(source.select().from(lite.cumulativeQuizzes).all(), pg.cumulativeQuizzes);

    // Plays in id order, a chunk at a time: a million of them must not sit in memory at once.
    for (let after = 0; ; ) {
      const chunk = source
        .select({ ...getTableColumns(lite.plays), storedAs: sql<string>`typeof(${lite.plays.nonce})` })
        .from(lite.plays)
        .where(gt(lite.plays.id, after))
        .orderBy(asc(lite.plays.id))
        .limit(ROWS_PER_STATEMENT)
        .all();
      if (chunk.length === 0) break;
      await tx
        .insert(pg.plays)
        .values(chunk.map(({ storedAs, ...row }) => ({ ...row, nonce: nonceText(row.nonce, storedAs) })));
      after = chunk.at(-1)!.id;
      await step(chunk.length);
    }

    await copyAll(
      source.select().from(lite.partyGames).orderBy(asc(lite.partyGames.id)).all(),
      pg.partyGames,
    );
    await copyAll(source.select().from(lite.partyLines).all(), pg.partyLines);
    await copyAll(source.select().from(lite.partyPlayers).all(), pg.partyPlayers);
    await copyAll(
      source.select().from(lite.annotations).orderBy(asc(lite.annotations.id)).all(),
      pg.annotations,
    );
    await copyAll(source.select().from(lite.sourceDays).all(), pg.sourceDays);

    const withIds = [
      'albums',
      'songs',
      'lyrics',
      'answer_keys',
      'players',
      'plays',
      'party_games',
      'annotations',
    ];
    for (const table of withIds)
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1), (SELECT max(id) FROM ${table}) IS NOT NULL)`,
        ),
      );
    return totals;
  });
}
