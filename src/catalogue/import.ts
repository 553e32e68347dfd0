import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { albums, lyrics, meta, songs } from '../db/schema';
import { nextChunk } from '../stats/sqlite/counter-check';
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

/** Lines written between two progress reports (and chances to stop) of `importCatalogueInSteps`. */
const LINES_PER_STEP = 2_000;

/** How `importCatalogueInSteps` reports progress and learns to stop. */
export interface ImportOptions {
  onProgress?: (lines: number, totalLines: number) => void;
  signal?: AbortSignal;
  linesPerStep?: number;
}

/** What an import has written so far: lines of the catalogue, in file order. */
export interface ImportStep {
  lines: number;
  totalLines: number;
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
    const steps = importSteps(tx as unknown as Db, catalogue);
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  });
}

/**
 * `importCatalogue` for `kviz import` of a large file: the same writes in one IMMEDIATE
 * transaction, reporting progress every LINES_PER_STEP lines and letting the event loop turn
 * there, so that Ctrl-C (an aborted `signal`) stops it: the transaction is rolled back and
 * `Interrupted` thrown, leaving the database as it was.
 */
export async function importCatalogueInSteps(
  db: Db,
  catalogue: NormalizedCatalogue,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const sqlite = db.$client;
  sqlite.run('BEGIN IMMEDIATE');
  try {
    const steps = importSteps(db, catalogue, options.linesPerStep);
    for (;;) {
      const next = steps.next();
      if (next.done) {
        options.onProgress?.(next.value.lines, next.value.lines);
        sqlite.run('COMMIT');
        return next.value;
      }
      options.onProgress?.(next.value.lines, next.value.totalLines);
      await nextChunk(options.signal);
    }
  } catch (error) {
    sqlite.run('ROLLBACK');
    throw error;
  }
}

/** The import's writes (inside the caller's transaction), pausing every LINES_PER_STEP lines. */
function* importSteps(
  tx: Db,
  catalogue: NormalizedCatalogue,
  linesPerStep = LINES_PER_STEP,
): Generator<ImportStep, ImportSummary> {
  {
    const totalLines = catalogue.albums.reduce(
      (sum, album) => sum + album.songs.reduce((n, song) => n + song.lines.length, 0),
      0,
    );
    yield { lines: 0, totalLines };
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

    for (const [albumPosition, album] of catalogue.albums.entries()) {
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

      for (const [songPosition, song] of album.songs.entries()) {
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

        for (const [position, text] of song.lines.entries()) {
          const ambiguous = catalogue.ambiguousKeys.has(lineKey(text));
          lineCount++;
          if (ambiguous) ambiguousLines++;
          const existing = existingLyrics.get(`${songId}\u0000${text}`);
          if (existing === undefined) {
            const id = insertLyric.get({ songId, text, position, ambiguous })!.id;
            keptLyrics.add(id);
            added.lines++;
          } else {
            keptLyrics.add(existing.id);
            if (existing.position !== position || existing.ambiguous !== ambiguous || !existing.active)
              tx.update(lyrics)
                .set({ position, ambiguous, active: true })
                .where(eq(lyrics.id, existing.id))
                .run();
          }
          if (lineCount % linesPerStep === 0) yield { lines: lineCount, totalLines };
        }
      }
    }

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
  }
}
