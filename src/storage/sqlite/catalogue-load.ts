import { eq } from 'drizzle-orm';
import { buildCatalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import type { Db } from './client';
import { albums, lyrics, meta, songs } from './schema';

/** The active catalogue of an SQLite database, as the quiz serves it. */
export function loadCatalogueIndex(db: Db): CatalogueIndex {
  // Only the columns the index keeps: drizzle maps every selected value of ~2,000 lines in
  // JavaScript, and with all columns that was a large part of every start (docs/decisions/027).
  return buildCatalogueIndex({
    artist: db.select({ value: meta.value }).from(meta).where(eq(meta.key, 'artist')).get()?.value ?? '',
    albums: db
      .select({ id: albums.id, title: albums.title, year: albums.year })
      .from(albums)
      .where(eq(albums.active, true))
      .orderBy(albums.year, albums.position)
      .all(),
    songs: db
      .select({ id: songs.id, title: songs.title, albumId: songs.albumId })
      .from(songs)
      .where(eq(songs.active, true))
      .orderBy(songs.position)
      .all(),
    // ~2,000 lines read as value arrays: drizzle's row mapping of them was paid at every start
    // (docs/decisions/027).
    lyrics: (
      db
        .select({ id: lyrics.id, text: lyrics.text, songId: lyrics.songId, ambiguous: lyrics.ambiguous })
        .from(lyrics)
        .where(eq(lyrics.active, true))
        .orderBy(lyrics.id)
        .values() as [number, string, number, number][]
    ).map(([id, text, songId, ambiguous]) => ({ id, text, songId, ambiguous: ambiguous !== 0 })),
  });
}
