/**
 * The dashboard's filtered reads on PostgreSQL (docs/decisions/039): the plays of a range from the
 * raw record (index `plays_day`), as the SQLite store reads them (the same columns, conditions and
 * decoding: src/storage/encoding/play-rows.ts). The rows come in one answer (Bun's client has no
 * cursor here); each is decoded and handed on, so the decoded answers are never all held at once.
 */
import type { StatsStore } from '../contract';
import {
  answerKeyLookup,
  decodePlay,
  PLAY_COLUMNS,
  type PlayRow,
  playConditions,
} from '../encoding/play-rows';
import type { PgDb } from './client';

export function createPlayReads(db: PgDb): Pick<StatsStore, 'forEachPlayOfDays'> {
  const client = db.$client;
  return {
    async forEachPlayOfDays(from, to, where, visit) {
      const keyRows = (await client.unsafe(
        'SELECT id, lyric_id AS "lyricId", song_id AS "songId", album_id AS "albumId" FROM answer_keys',
      )) as { id: number; lyricId: number; songId: number; albumId: number }[];
      const keyOf = answerKeyLookup(
        keyRows.map((k) => ({
          id: Number(k.id),
          lyricId: Number(k.lyricId),
          songId: Number(k.songId),
          albumId: Number(k.albumId),
        })),
      );
      const { where: conditions, params } = playConditions(where, from, to, (n) => `$${n}`);
      const rows = (await client.unsafe(
        `SELECT ${PLAY_COLUMNS} FROM plays p JOIN players pl ON pl.id = p.player_id WHERE ${conditions}`,
        params,
      )) as PlayRow[];
      for (const row of rows) visit(decodePlay(row, keyOf, where.answers));
      return rows.length;
    },
  };
}
