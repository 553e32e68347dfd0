/**
 * The catalogue import's walk, one for both engines (import.ts writes it to SQLite, pg.ts to
 * PostgreSQL). Rows are matched on their natural keys (album title, song title, song + line
 * text) so that unchanged entries keep their ids, and with them their statistics; new entries
 * are inserted; entries that left the catalogue are marked inactive, never deleted.
 *
 * The walk decides, the engine writes: it yields each write and is resumed with the ids an
 * insert returned. A generator rather than an adapter object because SQLite's import runs in a
 * synchronous transaction and PostgreSQL's in an asynchronous one: each drives the same walk
 * with its own loop.
 */

import { lineKey } from './normalize';
import type { NormalizedCatalogue } from './openapi';

export interface ImportSummary {
  artist: string;
  albums: number;
  songs: number;
  lines: number;
  ambiguousLines: number;
  added: { albums: number; songs: number; lines: number };
  retired: { albums: number; songs: number; lines: number };
}

/** What an import has written so far: lines of the catalogue, in file order. */
export interface ImportStep {
  lines: number;
  totalLines: number;
}

/** Lines written between two progress reports (and chances to stop) of an import. */
export const LINES_PER_STEP = 2_000;

/** The catalogue rows already in the database (every one, active or retired). */
export interface ExistingCatalogue {
  albums: Iterable<{ id: number; title: string; active: boolean }>;
  songs: Iterable<{ id: number; title: string; active: boolean }>;
  lyrics: Iterable<{
    id: number;
    songId: number;
    text: string;
    position: number;
    ambiguous: boolean;
    active: boolean;
  }>;
}

// A type, not an interface: SQLite's prepared insert takes it as its parameters (a Record).
type NewLine = {
  songId: number;
  text: string;
  position: number;
  ambiguous: boolean;
};

/** One write of the walk; an update also makes the row active again. */
export type CatalogueWrite =
  | { op: 'insertAlbum'; title: string; year: number; position: number }
  | { op: 'updateAlbum'; id: number; year: number; position: number }
  | { op: 'insertSong'; albumId: number; title: string; position: number }
  | { op: 'updateSong'; id: number; albumId: number; position: number }
  /** A song's new lines, in file order: PostgreSQL inserts them in one statement (one round trip a line would cost seconds on a first start). */
  | { op: 'insertLines'; lines: NewLine[] }
  | { op: 'updateLine'; id: number; position: number; ambiguous: boolean }
  | { op: 'retire'; table: 'albums' | 'songs' | 'lyrics'; id: number }
  | { op: 'artist'; name: string }
  /** Not a write: the lines walked so far, every `linesPerStep` lines (after writing them). */
  | { op: 'step'; lines: number; totalLines: number };

/** The ids an insert returned, in the order of its rows; nothing after any other write. */
export type WriteResult = readonly number[] | undefined;

/** Yields the writes that bring `existing` to `catalogue`; returns the summary. */
export function* importWalk(
  catalogue: NormalizedCatalogue,
  existing: ExistingCatalogue,
  linesPerStep = LINES_PER_STEP,
): Generator<CatalogueWrite, ImportSummary, WriteResult> {
  const totalLines = catalogue.albums.reduce(
    (sum, album) => sum + album.songs.reduce((n, song) => n + song.lines.length, 0),
    0,
  );
  yield { op: 'step', lines: 0, totalLines };
  const existingAlbums = new Map([...existing.albums].map((row) => [row.title, row]));
  const existingSongs = new Map([...existing.songs].map((row) => [row.title, row]));
  const existingLyrics = new Map([...existing.lyrics].map((row) => [`${row.songId}\u0000${row.text}`, row]));
  const added = { albums: 0, songs: 0, lines: 0 };
  const keptAlbums = new Set<number>();
  const keptSongs = new Set<number>();
  const keptLyrics = new Set<number>();
  let lineCount = 0;
  let ambiguousLines = 0;

  for (const [albumPosition, album] of catalogue.albums.entries()) {
    let albumId = existingAlbums.get(album.title)?.id;
    if (albumId === undefined) {
      albumId = (yield {
        op: 'insertAlbum',
        title: album.title,
        year: album.year,
        position: albumPosition,
      })![0]!;
      added.albums++;
    } else yield { op: 'updateAlbum', id: albumId, year: album.year, position: albumPosition };
    keptAlbums.add(albumId);

    for (const [songPosition, song] of album.songs.entries()) {
      let songId = existingSongs.get(song.title)?.id;
      if (songId === undefined) {
        songId = (yield { op: 'insertSong', albumId, title: song.title, position: songPosition })![0]!;
        added.songs++;
      } else yield { op: 'updateSong', id: songId, albumId, position: songPosition };
      keptSongs.add(songId);

      let fresh: NewLine[] = [];
      function* insertFresh(): Generator<CatalogueWrite, void, WriteResult> {
        if (fresh.length === 0) return;
        const ids = (yield { op: 'insertLines', lines: fresh })!;
        for (const id of ids) keptLyrics.add(id);
        added.lines += ids.length;
        fresh = [];
      }
      for (const [position, text] of song.lines.entries()) {
        const ambiguous = catalogue.ambiguousKeys.has(lineKey(text));
        lineCount++;
        if (ambiguous) ambiguousLines++;
        const row = existingLyrics.get(`${songId}\u0000${text}`);
        if (row === undefined) fresh.push({ songId, text, position, ambiguous });
        else {
          keptLyrics.add(row.id);
          if (row.position !== position || row.ambiguous !== ambiguous || !row.active)
            yield { op: 'updateLine', id: row.id, position, ambiguous };
        }
        if (lineCount % linesPerStep === 0) {
          yield* insertFresh();
          yield { op: 'step', lines: lineCount, totalLines };
        }
      }
      yield* insertFresh();
    }
  }

  function* retire(
    table: 'albums' | 'songs' | 'lyrics',
    rows: Iterable<{ id: number; active: boolean }>,
    kept: Set<number>,
  ): Generator<CatalogueWrite, number, WriteResult> {
    let count = 0;
    for (const row of rows)
      if (row.active && !kept.has(row.id)) {
        yield { op: 'retire', table, id: row.id };
        count++;
      }
    return count;
  }
  const retired = {
    albums: yield* retire('albums', existingAlbums.values(), keptAlbums),
    songs: yield* retire('songs', existingSongs.values(), keptSongs),
    lines: yield* retire('lyrics', existingLyrics.values(), keptLyrics),
  };
  yield { op: 'artist', name: catalogue.artist };

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
