/**
 * Answer keys (lyric, song, album as one row id) on PostgreSQL: found or created two statements a
 * play, kept by the batch only when the play's savepoint holds, cached once the batch commits.
 * Split from play-store.ts because which keys survive a failed play is a rule of its own.
 */
import { sql } from 'drizzle-orm';
import type { GradedPlay } from '../../play/grade';
import { answerKeyNumber } from '../encoding/recompute';
import type { PgRunner } from './running-totals';
import { answerKeys } from './schema';

export function createAnswerKeys() {
  /** Committed keys by lyric, song and album (one number). */
  const keyIds = new Map<number, number>();
  const keyNumber = answerKeyNumber;

  /**
   * The answer keys of a play's answers, those missing created: two statements
   * for the whole play (one round trip per answer would cost 60 a play).
   */
  const keysOf = async (
    tx: PgRunner,
    answers: GradedPlay['answers'],
    own: Map<number, number>,
    batch: Map<number, number>,
  ): Promise<number[]> => {
    const known = (a: GradedPlay['answers'][number]) => {
      const k = keyNumber(a);
      return keyIds.get(k) ?? batch.get(k) ?? own.get(k);
    };
    const missing = answers.filter((a) => known(a) === undefined);
    if (missing.length > 0) {
      const arrays = sql`unnest(${`{${missing.map((a) => a.lyricId)}}`}::int[], ${`{${missing.map((a) => a.songId)}}`}::int[], ${`{${missing.map((a) => a.albumId)}}`}::int[])`;
      await tx.execute(
        sql`INSERT INTO ${answerKeys} (${sql.identifier(answerKeys.lyricId.name)}, ${sql.identifier(answerKeys.songId.name)}, ${sql.identifier(answerKeys.albumId.name)}) SELECT * FROM ${arrays} ON CONFLICT DO NOTHING`,
      );
      const found = await tx
        .select()
        .from(answerKeys)
        .where(
          sql`(${answerKeys.lyricId}, ${answerKeys.songId}, ${answerKeys.albumId}) IN (SELECT * FROM ${arrays})`,
        );
      for (const row of found) own.set(keyNumber(row), row.id);
    }
    return answers.map((a) => known(a)!);
  };

  return {
    keysOf,
    /** The id of a key number the batch used: committed before or created by the batch. */
    idOf: (k: number, batch: Map<number, number>): number => keyIds.get(k) ?? batch.get(k)!,
    /** Keys created by a committed batch enter the cache. */
    committed(created: Map<number, number>): void {
      for (const [k, id] of created) keyIds.set(k, id);
    },
  };
}
