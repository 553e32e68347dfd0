/**
 * The rows of the dashboard's filtered reads (docs/decisions/039), as both engines read them from
 * the raw record: the same columns, the same conditions, one decoding. Pure: no db.
 */
import type { Day } from '../../time/day';
import { forEachAnswer } from './answer-codec';
import { browserCode, deviceCode, playModeCode } from './codes';
import type { AnswerFilter, FilterablePlay, PlayWhere } from './filtered-counts';
import type { AnswerKey, CountedAnswer } from './recompute';

/** A row of the filtered read, as both engines name its columns (PLAY_COLUMNS). */
export interface PlayRow {
  player_id: number;
  day: string;
  hour: number;
  mode: number;
  device_class: number;
  browser: number;
  score: number;
  answers: Uint8Array;
  first: number;
}

/** `WHERE` and its parameters for the filters of `where` (codes, never text from a request). */
export function playConditions(
  where: PlayWhere,
  from: Day,
  to: Day,
  /** The engine's placeholder for the n-th parameter (1-based): `?` or `$n`. */
  placeholder: (n: number) => string = () => '?',
) {
  const params: (string | number)[] = [from, to];
  const next = (value: string | number) => {
    params.push(value);
    return placeholder(params.length);
  };
  const conditions = [`p.day BETWEEN ${placeholder(1)} AND ${placeholder(2)}`];
  if (where.modes) {
    conditions.push(`p.mode IN (${where.modes.map((m) => next(playModeCode.code(m))).join(', ')})`);
  }
  if (where.device !== undefined) {
    conditions.push(`p.device_class = ${next(deviceCode.code(where.device))}`);
  }
  if (where.browser !== undefined) {
    conditions.push(`p.browser = ${next(browserCode.code(where.browser))}`);
  }
  return { where: conditions.join(' AND '), params };
}

/** Decodes one row of the filtered read (the same columns on both engines). */
export function decodePlay(
  row: PlayRow,
  keyOf: (keyId: number) => AnswerKey,
  /** Only these lines' answers (PlayWhere.answers): the others never become objects. */
  only?: AnswerFilter,
): FilterablePlay {
  const answers: CountedAnswer[] = [];
  const album = only?.album;
  const song = only?.song;
  forEachAnswer(row.answers, (keyId, wrongSongId) => {
    const key = keyOf(keyId);
    if ((album !== undefined && key.albumId !== album) || (song !== undefined && key.songId !== song)) return;
    answers.push({
      lyricId: key.lyricId,
      songId: key.songId,
      albumId: key.albumId,
      selectedSongId: wrongSongId ?? key.songId,
    });
  });
  return {
    playerId: Number(row.player_id),
    day: row.day,
    hour: Number(row.hour),
    mode: playModeCode.name(Number(row.mode)),
    deviceClass: deviceCode.name(Number(row.device_class)),
    browser: browserCode.name(Number(row.browser)),
    score: Number(row.score),
    answers,
    firstOfPlayer: Number(row.first) === 1,
  };
}

/** The answer keys as a lookup (a few thousand rows: read once per filtered read). */
export function answerKeyLookup(rows: { id: number; lyricId: number; songId: number; albumId: number }[]) {
  // An array by id (ids are small and dense: one per line, song and album a play was recorded
  // with), not a Map: it is looked up once per answer of every play read.
  const keys: (AnswerKey | undefined)[] = [];
  for (const k of rows) keys[k.id] = { lyricId: k.lyricId, songId: k.songId, albumId: k.albumId };
  return (keyId: number) => {
    const key = keys[keyId];
    if (!key) throw new Error(`unknown answer key ${keyId}`);
    return key;
  };
}

/** The first play of a player is the one recorded at its first-seen time (players.first_seen). */
export const PLAY_COLUMNS =
  'p.player_id, p.day, p.hour, p.mode, p.device_class, p.browser, p.score, p.answers, CASE WHEN p.created_at = pl.first_seen THEN 1 ELSE 0 END AS first';
