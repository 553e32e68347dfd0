/**
 * The catalogue over PostgreSQL: import (the walk of src/catalogue/import-walk.ts, as
 * src/storage/sqlite/catalogue-import.ts over SQLite, one transaction), the first start's seed, and the
 * in-memory index. The import runs under an advisory lock, so instances
 * started together seed once: the second finds the catalogue there.
 */
import { eq, sql } from 'drizzle-orm';
import { buildCatalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import {
  type CatalogueWrite,
  type ImportSummary,
  importWalk,
  type WriteResult,
} from '../../catalogue/import-walk';
import { embeddedCataloguePath, readCatalogueFile } from '../../catalogue/load-file';
import type { NormalizedCatalogue } from '../../catalogue/openapi';
import { formatProblem } from '../../catalogue/validate';
import type { PgDb } from './client';
import { albums, lyrics, meta, songs } from './schema';

/** The key of the transaction advisory lock of an import ("kviy"). */
const IMPORT_LOCK = 0x6b_76_69_79;

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** The walk of import-walk.ts written inside `tx`. */
async function importWithin(tx: Tx, catalogue: NormalizedCatalogue): Promise<ImportSummary> {
  const tables = { albums, songs, lyrics };
  const write = async (w: CatalogueWrite): Promise<WriteResult> => {
    switch (w.op) {
      case 'insertAlbum':
        return (
          await tx
            .insert(albums)
            .values({ title: w.title, year: w.year, position: w.position })
            .returning({ id: albums.id })
        ).map((row) => row.id);
      case 'updateAlbum':
        await tx
          .update(albums)
          .set({ year: w.year, position: w.position, active: true })
          .where(eq(albums.id, w.id));
        return;
      case 'insertSong':
        return (
          await tx
            .insert(songs)
            .values({ albumId: w.albumId, title: w.title, position: w.position })
            .returning({ id: songs.id })
        ).map((row) => row.id);
      case 'updateSong':
        await tx
          .update(songs)
          .set({ albumId: w.albumId, position: w.position, active: true })
          .where(eq(songs.id, w.id));
        return;
      case 'insertLines':
        return (await tx.insert(lyrics).values(w.lines).returning({ id: lyrics.id })).map((row) => row.id);
      case 'updateLine':
        await tx
          .update(lyrics)
          .set({ position: w.position, ambiguous: w.ambiguous, active: true })
          .where(eq(lyrics.id, w.id));
        return;
      case 'retire': {
        const table = tables[w.table];
        await tx.update(table).set({ active: false }).where(eq(table.id, w.id));
        return;
      }
      case 'artist':
        await tx
          .insert(meta)
          .values({ key: 'artist', value: w.name })
          .onConflictDoUpdate({ target: meta.key, set: { value: w.name } });
        return;
      case 'step':
        return;
    }
  };
  const walk = importWalk(catalogue, {
    albums: await tx.select().from(albums),
    songs: await tx.select().from(songs),
    lyrics: await tx.select().from(lyrics),
  });
  for (let next = walk.next(); ; next = walk.next(await write(next.value))) if (next.done) return next.value;
}

export function importCataloguePg(db: PgDb, catalogue: NormalizedCatalogue): Promise<ImportSummary> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    return importWithin(tx, catalogue);
  });
}

/** The embedded demo catalogue when the database has none yet; instances starting together import it once. */
export async function seedCataloguePg(
  db: PgDb,
  path = embeddedCataloguePath,
): Promise<ImportSummary | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    if ((await tx.select({ id: albums.id }).from(albums).limit(1)).length > 0) return undefined;
    const result = readCatalogueFile(path, { lint: false });
    if (!result.catalogue)
      throw new Error(`The embedded catalogue is invalid:\n${result.errors.map(formatProblem).join('\n')}`);
    return importWithin(tx, result.catalogue);
  });
}

export async function loadCatalogueIndexPg(db: PgDb): Promise<CatalogueIndex> {
  return buildCatalogueIndex({
    artist: (await db.select().from(meta).where(eq(meta.key, 'artist')))[0]?.value ?? '',
    albums: await db
      .select()
      .from(albums)
      .where(eq(albums.active, true))
      .orderBy(albums.year, albums.position),
    songs: await db.select().from(songs).where(eq(songs.active, true)).orderBy(songs.position),
    lyrics: await db.select().from(lyrics).where(eq(lyrics.active, true)).orderBy(lyrics.id),
  });
}
