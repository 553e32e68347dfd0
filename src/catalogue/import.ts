import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { albums, lyrics, meta, songs } from '../db/schema';
import type { NormalizedCatalogue } from './model';
import { lineKey } from './normalize';

export interface ImportSummary {
  artist: string;
  albums: number;
  songs: number;
  lines: number;
  ambiguousLines: number;
  added: { albums: number; songs: number; lines: number };
  retired: { albums: number; songs: number; lines: number };
}

/**
 * Writes a validated catalogue in one transaction. Rows are matched on their
 * natural keys (album title, song title, song + line text) so that unchanged
 * entries keep their ids, and with them their statistics; entries that left
 * the catalogue are marked inactive, never deleted. Running it twice with the
 * same catalogue changes nothing.
 */
export function importCatalogue(db: Db, catalogue: NormalizedCatalogue): ImportSummary {
  return db.transaction((tx) => {
    // Prepared once: a first start inserts ~2,000 lines, and the builder would re-render each.
    const insertLyric = tx
      .insert(lyrics)
      .values({
        songId: sql.placeholder('songId'),
        text: sql.placeholder('text'),
        position: sql.placeholder('position'),
        ambiguous: sql.placeholder('ambiguous'),
      })
      .returning({ id: lyrics.id })
      .prepare();
    const added = { albums: 0, songs: 0, lines: 0 };
    const existingAlbums = new Map(
      tx
        .select()
        .from(albums)
        .all()
        .map((row) => [row.title, row]),
    );
    const existingSongs = new Map(
      tx
        .select()
        .from(songs)
        .all()
        .map((row) => [row.title, row]),
    );
    const existingLyrics = new Map(
      tx
        .select()
        .from(lyrics)
        .all()
        .map((row) => [`${row.songId}\u0000${row.text}`, row]),
    );
    const keptAlbums = new Set<number>();
    const keptSongs = new Set<number>();
    const keptLyrics = new Set<number>();
    let lineCount = 0;
    let ambiguousLines = 0;

    catalogue.albums.forEach((album, albumPosition) => {
      let albumId = existingAlbums.get(album.title)?.id;
      if (albumId === undefined) {
        albumId = tx
          .insert(albums)
          .values({ title: album.title, year: album.year, position: albumPosition })
          .returning({ id: albums.id })
          .get().id;
        added.albums++;
      } else {
        tx.update(albums)
          .set({ year: album.year, position: albumPosition, active: true })
          .where(eq(albums.id, albumId))
          .run();
      }
      keptAlbums.add(albumId);

      album.songs.forEach((song, songPosition) => {
        let songId = existingSongs.get(song.title)?.id;
        if (songId === undefined) {
          songId = tx
            .insert(songs)
            .values({ albumId, title: song.title, position: songPosition })
            .returning({ id: songs.id })
            .get().id;
          added.songs++;
        } else {
          tx.update(songs)
            .set({ albumId, position: songPosition, active: true })
            .where(eq(songs.id, songId))
            .run();
        }
        keptSongs.add(songId);

        song.lines.forEach((text, position) => {
          const ambiguous = catalogue.ambiguousKeys.has(lineKey(text));
          lineCount++;
          if (ambiguous) ambiguousLines++;
          const existing = existingLyrics.get(`${songId}\u0000${text}`);
          if (existing === undefined) {
            const id = insertLyric.get({ songId, text, position, ambiguous })!.id;
            keptLyrics.add(id);
            added.lines++;
            return;
          }
          keptLyrics.add(existing.id);
          if (existing.position !== position || existing.ambiguous !== ambiguous || !existing.active)
            tx.update(lyrics)
              .set({ position, ambiguous, active: true })
              .where(eq(lyrics.id, existing.id))
              .run();
        });
      });
    });

    const retire = <T extends { id: number; active: boolean }>(
      rows: Iterable<T>,
      kept: Set<number>,
      apply: (id: number) => void,
    ) => {
      let count = 0;
      for (const row of rows)
        if (row.active && !kept.has(row.id)) {
          apply(row.id);
          count++;
        }
      return count;
    };
    const retired = {
      albums: retire(existingAlbums.values(), keptAlbums, (id) =>
        tx.update(albums).set({ active: false }).where(eq(albums.id, id)).run(),
      ),
      songs: retire(existingSongs.values(), keptSongs, (id) =>
        tx.update(songs).set({ active: false }).where(eq(songs.id, id)).run(),
      ),
      lines: retire(existingLyrics.values(), keptLyrics, (id) =>
        tx.update(lyrics).set({ active: false }).where(eq(lyrics.id, id)).run(),
      ),
    };

    tx.insert(meta)
      .values({ key: 'artist', value: catalogue.artist })
      .onConflictDoUpdate({ target: meta.key, set: { value: catalogue.artist } })
      .run();

    return {
      artist: catalogue.artist,
      albums: catalogue.albums.length,
      songs: keptSongs.size,
      lines: lineCount,
      ambiguousLines,
      added,
      retired,
    };
  });
}
