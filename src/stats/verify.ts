import type { Db } from '../db/client';

/**
 * The counters recomputed from the raw record (plays + play_answers) with
 * GROUP BY queries: what every counter table must hold. Used by
 * `kviz stats verify` (compare) and `kviz stats rebuild` (rewrite).
 */
const recomputations: Record<string, { key: string; columns: string[]; recompute: string }> = {
  lyric_stats: {
    key: 'lyric_id',
    columns: ['occurrences', 'correct'],
    recompute:
      'SELECT lyric_id, count(*) AS occurrences, sum(is_correct) AS correct FROM play_answers GROUP BY lyric_id',
  },
  song_stats: {
    key: 'song_id',
    columns: ['occurrences', 'correct'],
    recompute:
      'SELECT song_id, count(*) AS occurrences, sum(is_correct) AS correct FROM play_answers GROUP BY song_id',
  },
  album_stats: {
    key: 'album_id',
    columns: ['occurrences', 'correct'],
    recompute:
      'SELECT album_id, count(*) AS occurrences, sum(is_correct) AS correct FROM play_answers GROUP BY album_id',
  },
  score_stats: {
    key: 'score',
    columns: ['plays'],
    recompute: 'SELECT score, count(*) AS plays FROM plays GROUP BY score',
  },
  hour_stats: {
    key: 'hour',
    columns: ['attempts', 'unique_players'],
    recompute:
      'SELECT hour, count(*) AS attempts, count(DISTINCT player_id) AS unique_players FROM plays GROUP BY hour',
  },
  hour_players: {
    key: "hour || ':' || player_id",
    columns: ['hour'],
    recompute: "SELECT DISTINCT hour || ':' || player_id AS k, hour FROM plays",
  },
  totals: {
    key: 'id',
    columns: ['plays', 'players', 'answers', 'correct', 'score_sum'],
    recompute: `SELECT 1 AS id, count(*) AS plays, (SELECT count(*) FROM players) AS players,
                  (SELECT count(*) FROM play_answers) AS answers, (SELECT coalesce(sum(is_correct), 0) FROM play_answers) AS correct,
                  coalesce(sum(score), 0) AS score_sum
                FROM plays HAVING count(*) > 0`,
  },
};

export interface CounterDifference {
  table: string;
  key: string | number;
  column: string;
  stored: number;
  recomputed: number;
}

type Row = Record<string, number | string>;

function keyed(rows: Row[]): Map<string, Row> {
  return new Map(rows.map((row) => [String(Object.values(row)[0]), row]));
}

/** Every difference between the stored counters and a recompute from the raw answers. */
export function verifyCounters(db: Db): CounterDifference[] {
  const sqlite = db.$client;
  const differences: CounterDifference[] = [];
  for (const [table, spec] of Object.entries(recomputations)) {
    const stored = keyed(
      sqlite.query(`SELECT ${spec.key} AS k, ${spec.columns.join(', ')} FROM ${table}`).all() as Row[],
    );
    const recomputed = keyed(sqlite.query(spec.recompute).all() as Row[]);
    for (const key of new Set([...stored.keys(), ...recomputed.keys()])) {
      for (const column of spec.columns) {
        const s = Number(stored.get(key)?.[column] ?? 0);
        const r = Number(recomputed.get(key)?.[column] ?? 0);
        if (s !== r) differences.push({ table, key, column, stored: s, recomputed: r });
      }
    }
  }
  return differences;
}

/** Rewrites every counter from the raw answers, in one transaction. */
export function rebuildCounters(db: Db): void {
  const sqlite = db.$client;
  sqlite
    .transaction(() => {
      for (const [table, spec] of Object.entries(recomputations)) {
        sqlite.run(`DELETE FROM ${table}`);
        if (table === 'hour_players')
          sqlite.run('INSERT INTO hour_players (hour, player_id) SELECT DISTINCT hour, player_id FROM plays');
        else sqlite.run(`INSERT INTO ${table} (${spec.key}, ${spec.columns.join(', ')}) ${spec.recompute}`);
      }
    })
    .immediate();
}
