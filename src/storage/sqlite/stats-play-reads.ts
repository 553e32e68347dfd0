/**
 * The dashboard's filtered reads take the plays of a range from the raw record (docs/decisions/039):
 * the rows of those days (index `plays_day`) the mode, device and browser keep, their answers
 * decoded one play at a time, so the memory held is one play's, whatever the number of plays.
 */
import type { SQLQueryBindings } from 'bun:sqlite';
import type { StatsStore } from '../contract';
import {
  answerKeyLookup,
  decodePlay,
  PLAY_COLUMNS,
  type PlayRow,
  playConditions,
} from '../encoding/play-rows';
import type { Db } from './client';

export function createPlayReads(db: Db): Pick<StatsStore, 'forEachPlayOfDays'> {
  const sqlite = db.$client;
  return {
    async forEachPlayOfDays(from, to, where, visit) {
      const keyOf = answerKeyLookup(
        sqlite
          .query<{ id: number; lyricId: number; songId: number; albumId: number }, []>(
            'SELECT id, lyric_id AS lyricId, song_id AS songId, album_id AS albumId FROM answer_keys',
          )
          .all(),
      );
      const { where: conditions, params } = playConditions(where, from, to);
      // No ORDER BY: the counts do not depend on the order, and sorting would cost more than the index walk.
      const statement = sqlite.prepare<PlayRow, SQLQueryBindings[]>(
        `SELECT ${PLAY_COLUMNS} FROM plays p INDEXED BY plays_day JOIN players pl ON pl.id = p.player_id WHERE ${conditions}`,
      );
      let n = 0;
      try {
        for (const row of statement.iterate(...params)) {
          visit(decodePlay(row, keyOf, where.answers));
          n++;
        }
      } finally {
        statement.finalize();
      }
      return n;
    },
  };
}
