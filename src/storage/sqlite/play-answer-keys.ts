/**
 * Answer keys (lyric, song, album as one row id): found or created while a play is written, and
 * cached only once the batch commits. Split from play-store.ts because which keys survive a
 * failed play's savepoint is a rule of its own.
 */
import { sql } from 'drizzle-orm';
import type { GradedPlay } from '../../play/grade';
import { answerKeyNumber } from '../encoding/recompute';
import type { Db } from './client';
import { onFirstUse, prepare } from './prepared';
import { answerKeys } from './schema';

/** Answer keys made in this batch by plays that held, and by the play being written. */
export interface PlayKeys {
  batch: Map<number, number>;
  own: Map<number, number>;
}

export function createAnswerKeys(db: Db) {
  const ph = sql.placeholder;
  const insertKey = onFirstUse(() =>
    prepare(
      db,
      db
        .insert(answerKeys)
        .values({ lyricId: ph('lyricId'), songId: ph('songId'), albumId: ph('albumId') })
        .onConflictDoNothing(),
    ),
  );
  const findKey = onFirstUse(() =>
    prepare<{ id: number }>(
      db,
      db
        .select({ id: answerKeys.id })
        .from(answerKeys)
        .where(
          sql`${answerKeys.lyricId} = ${ph('lyricId')} AND ${answerKeys.songId} = ${ph('songId')} AND ${answerKeys.albumId} = ${ph('albumId')}`,
        ),
    ),
  );
  /** Answer keys by lyric, song and album (one number). Only committed keys enter it. */
  const keyIds = new Map<number, number>();
  const keyNumber = answerKeyNumber;
  /**
   * The answer key of an answer, found or created in the play's savepoint. Keys created go
   * into `created` (the play's own): the batch keeps them only if the play's savepoint holds,
   * and the cache only once the transaction commits.
   */
  const keyOf = (a: GradedPlay['answers'][number], keys: PlayKeys) => {
    const k = keyNumber(a);
    let id = keyIds.get(k) ?? keys.batch.get(k) ?? keys.own.get(k);
    if (id === undefined) {
      const values = { lyricId: a.lyricId, songId: a.songId, albumId: a.albumId };
      insertKey().run(values);
      id = findKey().get(values)!.id;
      keys.own.set(k, id);
    }
    return id;
  };

  return {
    keyOf,
    /** Keys created by a committed batch enter the cache. */
    committed(created: Map<number, number>): void {
      for (const [k, id] of created) keyIds.set(k, id);
    },
  };
}
