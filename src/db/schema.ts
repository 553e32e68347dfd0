/**
 * The one drizzle schema. Catalogue rows are never deleted: a re-import marks
 * what left the catalogue inactive, so recorded statistics keep their rows
 * (docs/decisions/003-catalogue-identity.md).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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

export type AlbumRow = typeof albums.$inferSelect;
export type SongRow = typeof songs.$inferSelect;
export type LyricRow = typeof lyrics.$inferSelect;

export const nowSeconds = sql`(unixepoch())`;
