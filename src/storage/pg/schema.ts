/**
 * The PostgreSQL schema (docs/decisions/023-postgresql.md): the same tables,
 * columns and keys as the SQLite one (src/storage/sqlite/schema.ts), so the stores of the
 * two engines read and write the same rows and the property names match. The
 * differences are PostgreSQL's types: identity columns, booleans, `bytea` for
 * the packed answers, `bigint` counters (a total of answers passes 2^31 at
 * about 200 million plays), the nonce always as text (PostgreSQL has no column
 * holding both a blob and a text), and `stats_version`, the counter the
 * instances watch for the statistics version (SQLite has `PRAGMA data_version`).
 * Migrations: src/storage/pg/pg-migrations (`npm run db:generate:pg`).
 */
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dayBrowserKeys, dayDeviceKeys, dayHourKeys, dayScoreKeys } from '../encoding/day-keys';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const id = (name: string) => integer(name).primaryKey().generatedByDefaultAsIdentity();
const counter = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

function counterColumns<Key extends string>(keys: readonly Key[], columnName: (key: Key) => string) {
  return Object.fromEntries(keys.map((key) => [key, counter(columnName(key))])) as {
    [K in Key]: ReturnType<typeof counter>;
  };
}

export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const albums = pgTable('albums', {
  id: id('id'),
  title: text('title').notNull().unique(),
  year: integer('year').notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

export const songs = pgTable(
  'songs',
  {
    id: id('id'),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id),
    title: text('title').notNull().unique(),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('songs_album').on(t.albumId)],
);

export const lyrics = pgTable(
  'lyrics',
  {
    id: id('id'),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    ambiguous: boolean('ambiguous').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('lyrics_song_text').on(t.songId, t.text)],
);

export const players = pgTable('players', {
  id: id('id'),
  hash: text('hash').notNull().unique(),
  firstSeen: bigint('first_seen', { mode: 'number' }).notNull(),
});

export const answerKeys = pgTable(
  'answer_keys',
  {
    id: id('id'),
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

export const plays = pgTable(
  'plays',
  {
    id: id('id'),
    /** The quiz token's nonce, unique: a token submitted to two instances at once records one play. */
    nonce: text('nonce').notNull().unique(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    day: text('day').notNull(),
    hour: integer('hour').notNull(),
    mode: integer('mode').notNull(),
    deviceClass: integer('device_class').notNull(),
    browser: integer('browser').notNull(),
    score: integer('score').notNull(),
    totalQuestions: integer('total_questions').notNull(),
    answers: bytea('answers').notNull(),
  },
  // The dashboard's filtered reads find a range's plays by day (docs/decisions/039).
  (t) => [index('plays_day').on(t.day)],
);

const itemCounterColumns = {
  occurrences: counter('occurrences'),
  correct: counter('correct'),
};

/**
 * The counter tables (lyric, song and album stats, the confusions, cumulative_answers and
 * cumulative_confusions) name catalogue rows without a foreign key: they are derived from the
 * plays, whose answer keys do reference the catalogue, written only by the aggregator's fold and
 * checked against the raw record by verify; a foreign key checked every new counter row of every
 * fold, a third of the fold's CPU (migration 0010, docs/decisions/043).
 */
export const lyricStats = pgTable('lyric_stats', {
  lyricId: integer('lyric_id').primaryKey(),
  ...itemCounterColumns,
});

export const songStats = pgTable('song_stats', {
  songId: integer('song_id').primaryKey(),
  ...itemCounterColumns,
});

export const albumStats = pgTable('album_stats', {
  albumId: integer('album_id').primaryKey(),
  ...itemCounterColumns,
});

export const scoreStats = pgTable(
  'score_stats',
  {
    mode: text('mode').notNull(),
    score: integer('score').notNull(),
    plays: counter('plays'),
  },
  (t) => [primaryKey({ columns: [t.mode, t.score] })],
);

export const hourStats = pgTable('hour_stats', {
  hour: integer('hour').primaryKey(),
  attempts: counter('attempts'),
  uniquePlayers: counter('unique_players'),
});

export const hourPlayers = pgTable(
  'hour_players',
  {
    hour: integer('hour').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
  },
  (t) => [primaryKey({ columns: [t.hour, t.playerId] })],
);

export const totals = pgTable('totals', {
  id: integer('id').primaryKey(),
  plays: counter('plays'),
  players: counter('players'),
  answers: counter('answers'),
  correct: counter('correct'),
  scoreSum: counter('score_sum'),
});

export const cumulativeDays = pgTable('cumulative_days', {
  day: text('day').primaryKey(),
  plays: counter('plays'),
  players: counter('players'),
  newPlayers: counter('new_players'),
  answers: counter('answers'),
  correct: counter('correct'),
  scoreSum: counter('score_sum'),
  ...counterColumns(dayHourKeys, (key) => key),
  ...counterColumns(dayDeviceKeys, (key) => key.replace('device', 'device_').toLowerCase()),
  ...counterColumns(dayBrowserKeys, (key) => key.replace('browser', 'browser_').toLowerCase()),
});

export const cumulativeScores = pgTable(
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

export const dayPlayers = pgTable(
  'day_players',
  {
    day: text('day').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
  },
  (t) => [primaryKey({ columns: [t.day, t.playerId] })],
);

export const cumulativeQuizzes = pgTable('cumulative_quizzes', {
  day: text('day').primaryKey(),
  issued: counter('issued'),
});

export const lyricConfusions = pgTable(
  'lyric_confusions',
  {
    lyricId: integer('lyric_id').notNull(),
    selectedSongId: integer('selected_song_id').notNull(),
    times: counter('times'),
  },
  (t) => [primaryKey({ columns: [t.lyricId, t.selectedSongId] })],
);

export const songConfusions = pgTable(
  'song_confusions',
  {
    songId: integer('song_id').notNull(),
    selectedSongId: integer('selected_song_id').notNull(),
    times: counter('times'),
  },
  (t) => [primaryKey({ columns: [t.songId, t.selectedSongId] })],
);

/**
 * One row (id = 1), bumped in every transaction that changes statistics (a
 * batch of plays, quizzes issued, a rebuild): each instance reads it at most
 * once a second and keys its response caches on it (docs/decisions/010, 023).
 */
export const statsVersion = pgTable('stats_version', {
  id: integer('id').primaryKey(),
  version: counter('version'),
});

/**
 * The plays whose counters are not folded in yet (docs/decisions/030): a row is inserted with its
 * play, in the play's transaction, and deleted by the aggregator in the transaction that adds the
 * play to every counter. `firsts` is what the play's memberships decided (1: the player's first
 * play, 2: first that day, 4: first in that hour of day); mode, score and day are copied from the
 * play so the percentile reads can count a pending play without joining the raw record.
 */
export const pendingPlays = pgTable('pending_plays', {
  // No foreign key to plays: the row is written with its play, and a key check a play costs.
  playId: integer('play_id').primaryKey(),
  firsts: integer('firsts').notNull(),
  mode: integer('mode').notNull(),
  score: integer('score').notNull(),
  day: text('day').notNull(),
});

/** Quizzes issued, per batch and day, not yet added to cumulative_quizzes (docs/decisions/030). */
export const pendingQuizzes = pgTable('pending_quizzes', {
  id: id('id'),
  day: text('day').notNull(),
  issued: integer('issued').notNull(),
});

// ---------------------------------------------------------------------------
// The daily challenge (docs/decisions/021): counters of the ranked daily plays,
// as in src/storage/sqlite/schema.ts.

/** Which players have their ranked daily play on which day (one each). */
export const dailyPlayers = pgTable(
  'daily_players',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.day] })],
);

/** Score histogram of the ranked daily plays of each day. */
export const dailyScores = pgTable(
  'daily_scores',
  {
    day: text('day').notNull(),
    score: integer('score').notNull(),
    plays: counter('plays'),
  },
  (t) => [primaryKey({ columns: [t.day, t.score] })],
);

/** Answers of the ranked daily plays per day and line. */
export const dailyLines = pgTable(
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
 * Per answer key and day: running totals of occurrences and right answers, as in
 * src/storage/sqlite/schema.ts (docs/decisions/019); a range is the row through `to` minus the
 * row before `from`, per key. The index finds a key's latest row up to a day.
 */
export const cumulativeAnswers = pgTable(
  'cumulative_answers',
  {
    keyId: integer('key_id').notNull(),
    day: text('day').notNull(),
    occurrences: counter('occurrences'),
    correct: counter('correct'),
  },
  (t) => [primaryKey({ columns: [t.day, t.keyId] }), index('cumulative_answers_key_day').on(t.keyId, t.day)],
);

/**
 * Per line, wrong song picked and day: running totals of the times picked, as in
 * src/storage/sqlite/schema.ts (docs/decisions/024); a range is the row through `to` minus the row
 * before `from`, per pair. The index finds a pair's latest row up to a day.
 */
export const cumulativeConfusions = pgTable(
  'cumulative_confusions',
  {
    lyricId: integer('lyric_id').notNull(),
    selectedSongId: integer('selected_song_id').notNull(),
    day: text('day').notNull(),
    times: counter('times'),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.lyricId, t.selectedSongId] }),
    index('cumulative_confusions_pair_day').on(t.lyricId, t.selectedSongId, t.day),
  ],
);

/** Kviz uživo's finished games: as in the SQLite schema (docs/decisions/031-live-game.md). */
export const partyGames = pgTable('party_games', {
  id: id('id'),
  code: text('code').notNull(),
  startedAtMs: bigint('started_at_ms', { mode: 'number' }).notNull(),
  endedAtMs: bigint('ended_at_ms', { mode: 'number' }).notNull(),
  lines: integer('lines').notNull(),
  seconds: integer('seconds').notNull(),
  difficulty: text('difficulty').notNull(),
  autoNext: integer('auto_next').notNull(),
  players: integer('players').notNull(),
  linesPlayed: integer('lines_played').notNull(),
});

export const partyLines = pgTable(
  'party_lines',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => partyGames.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    lyricId: integer('lyric_id').notNull(),
    correctSongId: integer('correct_song_id').notNull(),
    skipped: boolean('skipped').notNull(),
    answered: integer('answered').notNull(),
    correct: integer('correct').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.position] }), index('party_lines_lyric').on(t.lyricId)],
);

export const partyPlayers = pgTable(
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

/** The administrator's notes on dates: as in the SQLite schema (docs/decisions/037). */
export const annotations = pgTable(
  'annotations',
  {
    id: id('id'),
    day: text('day').notNull(),
    text: text('text').notNull(),
    createdAtMs: bigint('created_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('annotations_day').on(t.day)],
);

/** Where visits come from and the shares, per day: as in the SQLite schema (docs/decisions/040). */
export const sourceDays = pgTable(
  'source_days',
  {
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
);
