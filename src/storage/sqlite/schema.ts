/**
 * The one drizzle schema. Catalogue rows are never deleted: a re-import marks
 * what left the catalogue inactive, so recorded statistics keep their rows
 * (docs/decisions/003-catalogue-identity.md).
 */

import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { dayBrowserKeys, dayDeviceKeys, dayHourKeys, dayScoreKeys } from '../encoding/day-keys';

/** Small key/value store for generated secrets and settings (quiz token key, admin password hash, player salt). */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const albums = sqliteTable('albums', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull().unique(),
  year: integer('year').notNull(),
  position: integer('position').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
});

export const songs = sqliteTable(
  'songs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id),
    title: text('title').notNull().unique(),
    position: integer('position').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [index('songs_album').on(t.albumId)],
);

export const lyrics = sqliteTable(
  'lyrics',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    /**
     * The line also occurs in another song: no answer would be right, so it is never asked
     * (docs/product.md#lines-and-options).
     */
    ambiguous: integer('ambiguous', { mode: 'boolean' }).notNull().default(false),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [uniqueIndex('lyrics_song_text').on(t.songId, t.text)],
);

// ---------------------------------------------------------------------------
// Statistics (docs/decisions/006-statistics-counters.md, 014-time-series-and-compact-record.md).
// `plays` (with `answer_keys`) is the raw record, kept forever and the source of
// truth; every other table is a counter updated in the same transaction as the
// play, so every read costs the same whatever the number of plays.
//
// Tables marked WITHOUT ROWID get that clause in their migration by hand: drizzle
// cannot declare it. A migration that recreates one of them must keep it.

/** One row per distinct player: a salted hash of the session id, never the id itself. */
export const players = sqliteTable('players', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  hash: text('hash').notNull().unique(),
  /** Unix milliseconds of the player's first recorded play. */
  firstSeen: integer('first_seen').notNull(),
});

/**
 * What was asked: a line, its song and that song's album when the play was
 * recorded (a re-import may move a song to another album; its old plays keep
 * the old album). Packed answers refer to these ids: a line asked a million
 * times is named once.
 */
export const answerKeys = sqliteTable(
  'answer_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lyricId: integer('lyric_id')
      .notNull()
      .references(() => lyrics.id),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id),
  },
  (t) => [uniqueIndex('answer_keys_lyric_song_album').on(t.lyricId, t.songId, t.albumId)],
);

/**
 * The raw record of a play: one row of small integers and the packed answers
 * (src/storage/encoding/answer-codec.ts). About 150 bytes a play with its index.
 */
export const plays = sqliteTable(
  'plays',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /**
     * The quiz token's nonce: a token is recorded once. The 12 random bytes of a
     * canonical nonce are stored as a BLOB, anything else as TEXT (SQLite never
     * equates the two), see `nonceKey` in src/storage/sqlite/play-nonce.ts.
     */
    nonce: blob('nonce', { mode: 'buffer' }).notNull().unique(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    /** Unix milliseconds. */
    createdAt: integer('created_at').notNull(),
    /** Calendar day (YYYY-MM-DD) in STATS_TIMEZONE at the time of recording. */
    day: text('day').notNull(),
    /** Hour of day 0–23 in STATS_TIMEZONE at the time of recording. */
    hour: integer('hour').notNull(),
    /** Codes of src/storage/encoding/codes.ts: play mode (a difficulty or the daily challenge), device class, browser family. */
    mode: integer('mode').notNull(),
    deviceClass: integer('device_class').notNull(),
    browser: integer('browser').notNull(),
    score: integer('score').notNull(),
    totalQuestions: integer('total_questions').notNull(),
    /** The answers in the order asked, packed (src/storage/encoding/answer-codec.ts). */
    answers: blob('answers', { mode: 'buffer' }).notNull(),
  },
  // The dashboard's filtered reads find a range's plays by day (docs/decisions/039).
  (t) => [index('plays_day').on(t.day)],
);

const counter = (name: string) => integer(name).notNull().default(0);

/** One integer column per key: `h00…h23`, `s00…s30`, `device_phone`… */
function counterColumns<Key extends string>(keys: readonly Key[], columnName: (key: Key) => string) {
  return Object.fromEntries(keys.map((key) => [key, counter(columnName(key))])) as {
    [K in Key]: ReturnType<typeof counter>;
  };
}

const itemCounterColumns = {
  occurrences: counter('occurrences'),
  correct: counter('correct'),
};

export const lyricStats = sqliteTable('lyric_stats', {
  lyricId: integer('lyric_id')
    .primaryKey()
    .references(() => lyrics.id),
  ...itemCounterColumns,
});

export const songStats = sqliteTable('song_stats', {
  songId: integer('song_id')
    .primaryKey()
    .references(() => songs.id),
  ...itemCounterColumns,
});

export const albumStats = sqliteTable('album_stats', {
  albumId: integer('album_id')
    .primaryKey()
    .references(() => albums.id),
  ...itemCounterColumns,
});

/** Score histogram per play mode: how many recorded plays have each score. */
export const scoreStats = sqliteTable(
  'score_stats',
  {
    mode: text('mode').notNull(),
    score: integer('score').notNull(),
    plays: counter('plays'),
  },
  (t) => [primaryKey({ columns: [t.mode, t.score] })],
);

export const hourStats = sqliteTable('hour_stats', {
  hour: integer('hour').primaryKey(),
  attempts: counter('attempts'),
  uniquePlayers: counter('unique_players'),
});

/** Which players have played in which hour of day (makes hour_stats.unique_players exact). */
export const hourPlayers = sqliteTable(
  'hour_players',
  {
    hour: integer('hour').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
  },
  (t) => [primaryKey({ columns: [t.hour, t.playerId] })],
);

/** One row (id = 1): totals of the overview. */
export const totals = sqliteTable('totals', {
  id: integer('id').primaryKey(),
  plays: counter('plays'),
  players: counter('players'),
  answers: counter('answers'),
  correct: counter('correct'),
  scoreSum: counter('score_sum'),
});

/**
 * Running totals per calendar day (STATS_TIMEZONE): each row holds the sums of
 * every day from the first through its own, and a day without plays has no row
 * (the one before it stands for it). A range [from, to] is the row at `to` minus
 * the row before `from`: two rows, whatever the number of plays or days; a day's
 * own figures are its row minus the one before (docs/decisions/014).
 */
export const cumulativeDays = sqliteTable('cumulative_days', {
  day: text('day').primaryKey(),
  plays: counter('plays'),
  /** Distinct players of each day, summed (player-days; exact per day through day_players). */
  players: counter('players'),
  /** Players whose first recorded play was on one of the days. */
  newPlayers: counter('new_players'),
  answers: counter('answers'),
  correct: counter('correct'),
  scoreSum: counter('score_sum'),
  /** Plays per hour of day. */
  ...counterColumns(dayHourKeys, (key) => key),
  ...counterColumns(dayDeviceKeys, (key) => key.replace('device', 'device_').toLowerCase()),
  ...counterColumns(dayBrowserKeys, (key) => key.replace('browser', 'browser_').toLowerCase()),
});

/** The score histogram as running totals per play mode and day (like cumulative_days). */
export const cumulativeScores = sqliteTable(
  'cumulative_scores',
  {
    mode: text('mode').notNull(),
    day: text('day').notNull(),
    plays: counter('plays'),
    scoreSum: counter('score_sum'),
    ...counterColumns(dayScoreKeys, (key) => key),
  },
  (t) => [primaryKey({ columns: [t.mode, t.day] })],
);

/** Which players played on which day (makes the players of a day exact). WITHOUT ROWID. */
export const dayPlayers = sqliteTable(
  'day_players',
  {
    day: text('day').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
  },
  (t) => [primaryKey({ columns: [t.day, t.playerId] })],
);

/**
 * Quizzes issued (GET /api/quiz) as running totals per day, counted in memory and
 * written with the next commit or after a few seconds (src/play/quizzes-issued.ts):
 * not derived from the raw record, so verify and rebuild leave it alone.
 */
export const cumulativeQuizzes = sqliteTable('cumulative_quizzes', {
  day: text('day').primaryKey(),
  issued: counter('issued'),
});

/** Per line: how many times each wrong song was selected for it. WITHOUT ROWID. */
export const lyricConfusions = sqliteTable(
  'lyric_confusions',
  {
    lyricId: integer('lyric_id')
      .notNull()
      .references(() => lyrics.id),
    selectedSongId: integer('selected_song_id')
      .notNull()
      .references(() => songs.id),
    times: counter('times'),
  },
  (t) => [primaryKey({ columns: [t.lyricId, t.selectedSongId] })],
);

/** Per song: how many times each wrong song was selected when it was the answer. WITHOUT ROWID. */
export const songConfusions = sqliteTable(
  'song_confusions',
  {
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id),
    selectedSongId: integer('selected_song_id')
      .notNull()
      .references(() => songs.id),
    times: counter('times'),
  },
  (t) => [primaryKey({ columns: [t.songId, t.selectedSongId] })],
);

// ---------------------------------------------------------------------------
// The daily challenge (docs/decisions/021-daily-challenge.md). Counters of the
// ranked daily plays (mode code `daily` in `plays`), verified and rebuilt
// from the raw record like the others.

/** Which players have their ranked daily play on which day (one each). WITHOUT ROWID. */
export const dailyPlayers = sqliteTable(
  'daily_players',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.day] })],
);

/** Score histogram of the ranked daily plays of each day. WITHOUT ROWID. */
export const dailyScores = sqliteTable(
  'daily_scores',
  {
    day: text('day').notNull(),
    score: integer('score').notNull(),
    plays: counter('plays'),
  },
  (t) => [primaryKey({ columns: [t.day, t.score] })],
);

/** Answers of the ranked daily plays per day and line. WITHOUT ROWID. */
export const dailyLines = sqliteTable(
  'daily_lines',
  {
    day: text('day').notNull(),
    lyricId: integer('lyric_id')
      .notNull()
      .references(() => lyrics.id),
    occurrences: counter('occurrences'),
    correct: counter('correct'),
  },
  (t) => [primaryKey({ columns: [t.day, t.lyricId] })],
);

/**
 * Per answer key (a line, its song and album when asked) and day: running totals of
 * occurrences and right answers, like cumulative_days — a day without answers of a key
 * has no row (the one before it stands for it). A range of the lyric, song or album
 * tables is, per key, the row through `to` minus the row before `from`; songs and
 * albums sum their keys, so they keep the meaning of song_stats and album_stats (the
 * album a song had when the play was recorded). WITHOUT ROWID (docs/decisions/019).
 */
export const cumulativeAnswers = sqliteTable(
  'cumulative_answers',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => answerKeys.id),
    day: text('day').notNull(),
    occurrences: counter('occurrences'),
    correct: counter('correct'),
  },
  // Day first: a day's rows sit together at the end of the table, so a play updates a few
  // pages rather than one page per line (keyed key first, a write cost several times more:
  // docs/decisions/019).
  // The index finds a key's latest row up to a day.
  (t) => [primaryKey({ columns: [t.day, t.keyId] }), index('cumulative_answers_key_day').on(t.keyId, t.day)],
);

/**
 * Per line, wrong song picked and day: running totals of how many times that song was picked
 * for that line, like cumulative_answers — a day without such a pick has no row (the one before
 * it stands for it). A range's confusions are, per (line, wrong song) pair, the row through `to`
 * minus the row before `from`; a song's are its lines' (a line never changes song,
 * docs/decisions/003). The pairs to read are those of lyric_confusions (all time).
 * WITHOUT ROWID (docs/decisions/024).
 */
export const cumulativeConfusions = sqliteTable(
  'cumulative_confusions',
  {
    lyricId: integer('lyric_id')
      .notNull()
      .references(() => lyrics.id),
    selectedSongId: integer('selected_song_id')
      .notNull()
      .references(() => songs.id),
    day: text('day').notNull(),
    times: counter('times'),
  },
  // Day first, as cumulative_answers (docs/decisions/019): a batch updates its day's rows, which
  // sit together; the index finds a pair's latest row up to a day.
  (t) => [
    primaryKey({ columns: [t.day, t.lyricId, t.selectedSongId] }),
    index('cumulative_confusions_pair_day').on(t.lyricId, t.selectedSongId, t.day),
  ],
);

/**
 * Kviz uživo's finished games (docs/decisions/031-live-game.md): apart from the free-play
 * record, so live answers never reach its counters, percentile or top lists. A nickname
 * exists only in its game's rows.
 */
export const partyGames = sqliteTable('party_games', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull(),
  startedAtMs: integer('started_at_ms').notNull(),
  endedAtMs: integer('ended_at_ms').notNull(),
  lines: integer('lines').notNull(),
  seconds: integer('seconds').notNull(),
  difficulty: text('difficulty').notNull(),
  autoNext: integer('auto_next').notNull(),
  players: integer('players').notNull(),
  linesPlayed: integer('lines_played').notNull(),
});

/** A game's lines in the order shown, with how its players did on each. */
export const partyLines = sqliteTable(
  'party_lines',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => partyGames.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    lyricId: integer('lyric_id').notNull(),
    correctSongId: integer('correct_song_id').notNull(),
    skipped: integer('skipped', { mode: 'boolean' }).notNull(),
    answered: integer('answered').notNull(),
    correct: integer('correct').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.position] }), index('party_lines_lyric').on(t.lyricId)],
);

/** A game's players, best first: points, right answers and every answer (JSON: `[[option, ms, points] | null, …]`). */
export const partyPlayers = sqliteTable(
  'party_players',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => partyGames.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    rank: integer('rank').notNull(),
    nickname: text('nickname').notNull(),
    points: integer('points').notNull(),
    correct: integer('correct').notNull(),
    answers: text('answers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.place] })],
);

/**
 * The administrator's notes on dates ("radio show", "new catalogue"), drawn on the dashboard's
 * trend (docs/decisions/037). A handful of rows: the dashboard reads those of the range shown.
 */
export const annotations = sqliteTable(
  'annotations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Calendar day (YYYY-MM-DD) in STATS_TIMEZONE. */
    day: text('day').notNull(),
    text: text('text').notNull(),
    /** Unix milliseconds. */
    createdAtMs: integer('created_at_ms').notNull(),
  },
  (t) => [index('annotations_day').on(t.day)],
);

/**
 * Where visits come from and the shares, per day (docs/decisions/040): `kind` is `referrer` (the
 * referring host, '' for none), `campaign` (`source|medium|campaign`) or `share` (the button).
 * At most SOURCE_KEYS_PER_DAY keys per day of a referrer or a campaign, plus `(ostalo)`.
 */
export const sourceDays = sqliteTable(
  'source_days',
  {
    /** Calendar day (YYYY-MM-DD) in STATS_TIMEZONE. */
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
);
