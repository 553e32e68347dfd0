/**
 * Answer keys (lyric, song, album as one row id) on PostgreSQL: those a batch of plays needs and
 * this process has not seen are created (or found) in two statements for the whole batch, before
 * the batch's transaction, and cached. Split from play-store.ts because when keys are made is a
 * rule of its own.
 */
import { sql } from 'drizzle-orm';
import type { GradedPlay } from '../../play/grade';
import { answerKeyNumber } from '../encoding/recompute';
import type { PgDb } from './client';
import { ANSWER_KEYS_LOCK } from './locks';
import { numberArray } from './pg-arrays';
import { answerKeys } from './schema';

type Answer = GradedPlay['answers'][number];

export function createAnswerKeys() {
  /** Committed keys by lyric, song and album (one number). */
  const keyIds = new Map<number, number>();
  let loaded = false;
  const keyNumber = answerKeyNumber;
  const keyArrays = (keys: Answer[]) =>
    sql`unnest(${numberArray(keys.map((a) => a.lyricId))}::int[], ${numberArray(keys.map((a) => a.songId))}::int[], ${numberArray(keys.map((a) => a.albumId))}::int[]) WITH ORDINALITY AS k(lyric_id, song_id, album_id, ord)`;
  /** Reads the committed keys among `keys` into the cache, and takes them out of `missing`. */
  const find = async (db: PgDb, keys: Answer[], missing: Map<number, Answer>) => {
    const found = await db
      .select()
      .from(answerKeys)
      .where(
        sql`(${answerKeys.lyricId}, ${answerKeys.songId}, ${answerKeys.albumId}) IN (SELECT lyric_id, song_id, album_id FROM ${keyArrays(keys)})`,
      );
    for (const row of found) {
      keyIds.set(keyNumber(row), row.id);
      missing.delete(keyNumber(row));
    }
  };

  /**
   * The answer key of every answer of a batch's plays, the missing ones created first, in the
   * order the batch first uses them (the ids SQLite gives the same plays: the packed answers of
   * both engines are byte-identical), in a short transaction of their own under ANSWER_KEYS_LOCK,
   * then cached. Not in the batch's transaction: the lock was held there until the batch
   * committed, so every batch that met a new key (all of them in an instance's first second, the
   * other instances' keys included) waited for the whole batch before it (issue 31). A key whose
   * batch then fails stays, unused: a key names a line's answer, it counts nothing.
   */
  const keysOfBatch = async (
    db: PgDb,
    plays: readonly { answers: readonly Answer[] }[],
  ): Promise<number[][]> => {
    // The first batch of this process reads every key there is: keys are few (about one a line),
    // and a warm cache spares every later batch the statements below.
    if (!loaded) {
      for (const row of await db.select().from(answerKeys)) keyIds.set(keyNumber(row), row.id);
      loaded = true;
    }
    const missing = new Map<number, Answer>();
    for (const play of plays)
      for (const a of play.answers) {
        const k = keyNumber(a);
        if (!keyIds.has(k)) missing.set(k, a);
      }
    // Keys another instance made since this one read them are found without the lock.
    if (missing.size > 0) await find(db, [...missing.values()], missing);
    if (missing.size > 0) {
      const ordered = [...missing.values()];
      await db.transaction(async (tx) => {
        // One creator at a time: two making the same new keys in opposite orders would deadlock.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${ANSWER_KEYS_LOCK})`);
        await tx.execute(
          sql`INSERT INTO ${answerKeys} (${sql.identifier(answerKeys.lyricId.name)}, ${sql.identifier(answerKeys.songId.name)}, ${sql.identifier(answerKeys.albumId.name)}) SELECT lyric_id, song_id, album_id FROM ${keyArrays(ordered)} ORDER BY ord ON CONFLICT DO NOTHING`,
        );
      });
      await find(db, ordered, missing);
    }
    return plays.map((play) => play.answers.map((a) => keyIds.get(keyNumber(a))!));
  };

  return { keysOfBatch };
}
