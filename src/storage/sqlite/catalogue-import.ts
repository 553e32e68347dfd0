import { eq, sql } from 'drizzle-orm';
import {
  type CatalogueWrite,
  type ImportStep,
  type ImportSummary,
  importWalk,
  LINES_PER_STEP,
  type WriteResult,
} from '../../catalogue/import-walk';
import type { NormalizedCatalogue } from '../../catalogue/openapi';
import type { ImportOptions } from '../contract';
import { nextChunk } from '../long-work';
import type { Db } from './client';
import { albums, lyrics, meta, songs } from './schema';

/**
 * Writes a validated catalogue in one transaction. Rows are matched on their
 * natural keys (album title, song title, song + line text) so that unchanged
 * entries keep their ids, and with them their statistics; entries that left
 * the catalogue are marked inactive, never deleted (the walk: import-walk.ts).
 * Running it twice with the same catalogue changes nothing.
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

/** The import's writes (inside the caller's transaction), pausing every `linesPerStep` lines. */
function* importSteps(
  tx: Db,
  catalogue: NormalizedCatalogue,
  linesPerStep = LINES_PER_STEP,
): Generator<ImportStep, ImportSummary> {
  // Prepared once: a first start inserts ~2,000 lines and ~60 songs, and the builder would
  // render and prepare each again, most of a fresh start's import
  // (docs/performance.md#figures-behind-code-comments).
  const ph = sql.placeholder;
  const insertAlbum = tx
    .insert(albums)
    .values({ title: ph('title'), year: ph('year'), position: ph('position') })
    .returning({ id: albums.id })
    .prepare();
  const insertSong = tx
    .insert(songs)
    .values({ albumId: ph('albumId'), title: ph('title'), position: ph('position') })
    .returning({ id: songs.id })
    .prepare();
  const insertLyric = tx
    .insert(lyrics)
    .values({ songId: ph('songId'), text: ph('text'), position: ph('position'), ambiguous: ph('ambiguous') })
    .returning({ id: lyrics.id })
    .prepare();
  const tables = { albums, songs, lyrics };
  const write = (w: CatalogueWrite): WriteResult => {
    switch (w.op) {
      case 'insertAlbum':
        return [insertAlbum.get({ title: w.title, year: w.year, position: w.position })!.id];
      case 'updateAlbum':
        tx.update(albums)
          .set({ year: w.year, position: w.position, active: true })
          .where(eq(albums.id, w.id))
          .run();
        return;
      case 'insertSong':
        return [insertSong.get({ albumId: w.albumId, title: w.title, position: w.position })!.id];
      case 'updateSong':
        tx.update(songs)
          .set({ albumId: w.albumId, position: w.position, active: true })
          .where(eq(songs.id, w.id))
          .run();
        return;
      case 'insertLines':
        return w.lines.map((line) => insertLyric.get(line)!.id);
      case 'updateLine':
        tx.update(lyrics)
          .set({ position: w.position, ambiguous: w.ambiguous, active: true })
          .where(eq(lyrics.id, w.id))
          .run();
        return;
      case 'retire': {
        const table = tables[w.table];
        tx.update(table).set({ active: false }).where(eq(table.id, w.id)).run();
        return;
      }
      case 'artist':
        tx.insert(meta)
          .values({ key: 'artist', value: w.name })
          .onConflictDoUpdate({ target: meta.key, set: { value: w.name } })
          .run();
        return;
      case 'step':
        return;
    }
  };
  const walk = importWalk(
    catalogue,
    {
      albums: tx.select().from(albums).all(),
      songs: tx.select().from(songs).all(),
      lyrics: tx.select().from(lyrics).all(),
    },
    linesPerStep,
  );
  for (let next = walk.next(); ; ) {
    if (next.done) return next.value;
    const w = next.value;
    if (w.op === 'step') yield { lines: w.lines, totalLines: w.totalLines };
    next = walk.next(write(w));
  }
}
