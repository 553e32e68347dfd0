/**
 * Answer keys (lyric, song, album as one row id) on PostgreSQL: those a batch of plays needs and no
 * committed batch made are created in two statements for the whole batch, and cached once the
 * batch commits. Split from play-store.ts because which keys survive a failed batch is a rule of
 * its own.
 */
import { sql } from 'drizzle-orm';
import type { GradedPlay } from '../../play/grade';
import { answerKeyNumber } from '../encoding/recompute';
import { ANSWER_KEYS_LOCK } from './locks';
import type { PgRunner } from './running-totals';
import { answerKeys } from './schema';

type Answer = GradedPlay['answers'][number];

export function createAnswerKeys() {
  /** Committed keys by lyric, song and album (one number). */
  const keyIds = new Map<number, number>();
  let loaded = false;
  const keyNumber = answerKeyNumber;

  /**
   * The answer key of every answer of a batch's plays, the missing ones created in the order the
   * batch first uses them (the ids SQLite gives the same plays: the packed answers of both engines
   * are byte-identical). `created` gets the keys this transaction made: they enter the cache only
   * if it commits.
   */
  const keysOfBatch = async (
    tx: PgRunner,
    plays: readonly { answers: readonly Answer[] }[],
    created: Map<number, number>,
  ): Promise<number[][]> => {
    // The first batch of this process reads every key there is: keys are few (about one a line),
    // and a warm cache spares every later batch the two statements below.
    if (!loaded) {
      for (const row of await tx.select().from(answerKeys)) keyIds.set(keyNumber(row), row.id);
      loaded = true;
    }
    const missing = new Map<number, Answer>();
    for (const play of plays)
      for (const a of play.answers) {
        const k = keyNumber(a);
        if (!keyIds.has(k) && !created.has(k)) missing.set(k, a);
      }
    if (missing.size > 0) {
      // Creating keys one batch at a time: two batches creating the same new keys in opposite
      // orders would deadlock (a start-up event: keys are made the first time a line is answered).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ANSWER_KEYS_LOCK})`);
      const ordered = [...missing.values()];
      const arrays = sql`unnest(${`{${ordered.map((a) => a.lyricId)}}`}::int[], ${`{${ordered.map((a) => a.songId)}}`}::int[], ${`{${ordered.map((a) => a.albumId)}}`}::int[]) WITH ORDINALITY AS k(lyric_id, song_id, album_id, ord)`;
      await tx.execute(
        sql`INSERT INTO ${answerKeys} (${sql.identifier(answerKeys.lyricId.name)}, ${sql.identifier(answerKeys.songId.name)}, ${sql.identifier(answerKeys.albumId.name)}) SELECT lyric_id, song_id, album_id FROM ${arrays} ORDER BY ord ON CONFLICT DO NOTHING`,
      );
      const found = await tx
        .select()
        .from(answerKeys)
        .where(
          sql`(${answerKeys.lyricId}, ${answerKeys.songId}, ${answerKeys.albumId}) IN (SELECT lyric_id, song_id, album_id FROM ${arrays})`,
        );
      for (const row of found) created.set(keyNumber(row), row.id);
    }
    return plays.map((play) =>
      play.answers.map((a) => {
        const k = keyNumber(a);
        return keyIds.get(k) ?? created.get(k)!;
      }),
    );
  };

  return {
    keysOfBatch,
    /** Keys created by a committed batch enter the cache. */
    committed(created: Map<number, number>): void {
      for (const [k, id] of created) keyIds.set(k, id);
    },
  };
}
