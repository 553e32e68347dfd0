/**
 * The one drizzle schema. Catalogue rows are never deleted: a re-import marks
 * what left the catalogue inactive, so recorded statistics keep their rows
 * (docs/decisions/003-catalogue-identity.md).
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
    /** The line also occurs in another song: never asked (DESIGN.md §4). */
    ambiguous: integer('ambiguous', { mode: 'boolean' }).notNull().default(false),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [uniqueIndex('lyrics_song_text').on(t.songId, t.text)],
);

// ---------------------------------------------------------------------------
// Statistics (docs/decisions/006-statistics-counters.md). `plays` and
// `play_answers` are the raw record, kept forever and the source of truth; the
// *_stats tables are counters updated in the same transaction as the play, so
// every read costs the same whatever the number of plays.

/** One row per distinct player: a salted hash of the session id, never the id itself. */
export const players = sqliteTable('players', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  hash: text('hash').notNull().unique(),
  firstSeen: integer('first_seen').notNull(),
});

export const plays = sqliteTable(
  'plays',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The quiz token's nonce: a token is recorded once. */
    nonce: text('nonce').notNull().unique(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    score: integer('score').notNull(),
    totalQuestions: integer('total_questions').notNull(),
    /** Unix milliseconds. */
    createdAt: integer('created_at').notNull(),
    /** Hour of day 0–23 in STATS_TIMEZONE at the time of recording. */
    hour: integer('hour').notNull(),
    deviceInfo: text('device_info').notNull(),
  },
  (t) => [index('plays_player').on(t.playerId)],
);

export const playAnswers = sqliteTable(
  'play_answers',
  {
    playId: integer('play_id')
      .notNull()
      .references(() => plays.id),
    position: integer('position').notNull(),
    lyricId: integer('lyric_id')
      .notNull()
      .references(() => lyrics.id),
    /** The correct song (the lyric's song when played). */
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id),
    /** The album of the correct song when played. */
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id),
    selectedSongId: integer('selected_song_id')
      .notNull()
      .references(() => songs.id),
    isCorrect: integer('is_correct', { mode: 'boolean' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playId, t.position] })],
);

const counterColumns = {
  occurrences: integer('occurrences').notNull().default(0),
  correct: integer('correct').notNull().default(0),
};

export const lyricStats = sqliteTable('lyric_stats', {
  lyricId: integer('lyric_id')
    .primaryKey()
    .references(() => lyrics.id),
  ...counterColumns,
});

export const songStats = sqliteTable('song_stats', {
  songId: integer('song_id')
    .primaryKey()
    .references(() => songs.id),
  ...counterColumns,
});

export const albumStats = sqliteTable('album_stats', {
  albumId: integer('album_id')
    .primaryKey()
    .references(() => albums.id),
  ...counterColumns,
});

/** Score histogram: how many recorded plays have each score. */
export const scoreStats = sqliteTable('score_stats', {
  score: integer('score').primaryKey(),
  plays: integer('plays').notNull().default(0),
});

export const hourStats = sqliteTable('hour_stats', {
  hour: integer('hour').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  uniquePlayers: integer('unique_players').notNull().default(0),
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
  plays: integer('plays').notNull().default(0),
  players: integer('players').notNull().default(0),
  answers: integer('answers').notNull().default(0),
  correct: integer('correct').notNull().default(0),
  scoreSum: integer('score_sum').notNull().default(0),
});
