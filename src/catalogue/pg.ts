/**
 * The catalogue over PostgreSQL: import (the same matching on natural keys as
 * src/catalogue/import.ts, one transaction), the first start's seed, and the
 * in-memory index. The import runs under an advisory lock, so instances
 * started together seed once: the second finds the catalogue there.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgDb } from '../db/pg/client';
import { albums, lyrics, meta, songs } from '../db/pg/schema';
import { buildCatalogueIndex, type CatalogueIndex } from './catalogue-index';
import type { ImportSummary } from './import';
import { readCatalogueFile } from './load-file';
import type { NormalizedCatalogue } from './model';
import { lineKey } from './normalize';
import { embeddedCataloguePath } from './seed';
import { formatProblem } from './validate';

/** The key of the transaction advisory lock of an import ("kviy"). */
const IMPORT_LOCK = 0x6b_76_69_79;

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

async function importWithin(tx: Tx, catalogue: NormalizedCatalogue): Promise<ImportSummary> {
  const added = { albums: 0, songs: 0, lines: 0 };
  const existingAlbums = new Map((await tx.select().from(albums)).map((row) => [row.title, row]));
  const existingSongs = new Map((await tx.select().from(songs)).map((row) => [row.title, row]));
  const existingLyrics = new Map(
    (await tx.select().from(lyrics)).map((row) => [`${row.songId}\u0000${row.text}`, row]),
  );
  const keptAlbums = new Set<number>();
  const keptSongs = new Set<number>();
  const keptLyrics = new Set<number>();
  let lineCount = 0;
  let ambiguousLines = 0;
  for (const [albumPosition, album] of catalogue.albums.entries()) {
    let albumId = existingAlbums.get(album.title)?.id;
    if (albumId === undefined) {
      albumId = (
        await tx
          .insert(albums)
          .values({ title: album.title, year: album.year, position: albumPosition })
          .returning({ id: albums.id })
      )[0]!.id;
      added.albums++;
    } else
      await tx
        .update(albums)
        .set({ year: album.year, position: albumPosition, active: true })
        .where(eq(albums.id, albumId));
    keptAlbums.add(albumId);
    for (const [songPosition, song] of album.songs.entries()) {
      let songId = existingSongs.get(song.title)?.id;
      if (songId === undefined) {
        songId = (
          await tx
            .insert(songs)
            .values({ albumId, title: song.title, position: songPosition })
            .returning({ id: songs.id })
        )[0]!.id;
        added.songs++;
      } else
        await tx
          .update(songs)
          .set({ albumId, position: songPosition, active: true })
          .where(eq(songs.id, songId));
      keptSongs.add(songId);
      const fresh: { songId: number; text: string; position: number; ambiguous: boolean }[] = [];
      for (const [position, text] of song.lines.entries()) {
        const ambiguous = catalogue.ambiguousKeys.has(lineKey(text));
        lineCount++;
        if (ambiguous) ambiguousLines++;
        const existing = existingLyrics.get(`${songId}\u0000${text}`);
        if (existing === undefined) {
          fresh.push({ songId, text, position, ambiguous });
          continue;
        }
        keptLyrics.add(existing.id);
        if (existing.position !== position || existing.ambiguous !== ambiguous || !existing.active)
          await tx
            .update(lyrics)
            .set({ position, ambiguous, active: true })
            .where(eq(lyrics.id, existing.id));
      }
      // A song's new lines in one statement: a first start inserts ~2,000 lines, one round trip each would cost seconds.
      if (fresh.length > 0) {
        const ids = await tx.insert(lyrics).values(fresh).returning({ id: lyrics.id });
        for (const { id } of ids) keptLyrics.add(id);
        added.lines += ids.length;
      }
    }
  }
  const retire = async <T extends { id: number; active: boolean }>(
    rows: Iterable<T>,
    kept: Set<number>,
    apply: (id: number) => Promise<unknown>,
  ) => {
    let n = 0;
    for (const row of rows)
      if (row.active && !kept.has(row.id)) {
        await apply(row.id);
        n++;
      }
    return n;
  };
  const retired = {
    albums: await retire(existingAlbums.values(), keptAlbums, (id) =>
      tx.update(albums).set({ active: false }).where(eq(albums.id, id)),
    ),
    songs: await retire(existingSongs.values(), keptSongs, (id) =>
      tx.update(songs).set({ active: false }).where(eq(songs.id, id)),
    ),
    lines: await retire(existingLyrics.values(), keptLyrics, (id) =>
      tx.update(lyrics).set({ active: false }).where(eq(lyrics.id, id)),
    ),
  };
  await tx
    .insert(meta)
    .values({ key: 'artist', value: catalogue.artist })
    .onConflictDoUpdate({ target: meta.key, set: { value: catalogue.artist } });
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
