import { describe, expect, test } from 'bun:test';
import { makeCatalogue } from '../../../test/support/fixtures';
import { CLUSTER_START_MS, createTestDatabase } from '../../../test/support/postgres';
import { validateCatalogue } from '../../catalogue/validate';
import { importCatalogue } from '../sqlite/catalogue-import';
import { createSqliteDb } from '../sqlite/client';
import { migrateDb } from '../sqlite/migrate';
import * as sqliteSchema from '../sqlite/schema';
import { importCataloguePg } from './catalogue';
import { closePgDb, createPgDb, migratePg } from './client';
import * as pgSchema from './schema';

const validated = (c: unknown) => {
  const result = validateCatalogue(c);
  if (!result.catalogue) throw new Error(JSON.stringify(result.errors));
  return result.catalogue;
};

/** Rows in id order, with what the import writes (no timestamps). */
const byId = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => a.id - b.id);

/** One walk (import-walk.ts), two writers: the same imports leave the same rows and summaries on both engines. */
describe('catalogue import on PostgreSQL and SQLite', () => {
  test(
    'a first import, a changed one (added, moved, retired) and the first again: equal summaries and rows',
    async () => {
      const changed = makeCatalogue();
      changed.albums[0]!.songs[0]!.lines[3] = 'Posve novi stih';
      changed.albums[0]!.songs[1]!.lines.reverse(); // every line of a song moves
      changed.albums[2]!.songs.pop(); // a song leaves the catalogue
      changed.albums[1]!.year = 1996;
      changed.albums.push({ ...changed.albums[0]!, title: 'Novi album', songs: [] });
      changed.albums
        .at(-1)!
        .songs.push({ title: 'Nova pjesma', lines: ['Prvi stih', 'Drugi stih', 'Treći stih'] });
      const imports = [makeCatalogue(), changed, makeCatalogue()].map(validated);

      const sqlite = createSqliteDb(':memory:');
      migrateDb(sqlite);
      const url = await createTestDatabase();
      await migratePg(url);
      const pg = createPgDb(url, { max: 1 });
      try {
        for (const catalogue of imports) {
          const summary = await importCataloguePg(pg, catalogue);
          expect(summary).toEqual(importCatalogue(sqlite, catalogue));
        }
        expect(byId(await pg.select().from(pgSchema.albums))).toEqual(
          byId(sqlite.select().from(sqliteSchema.albums).all()),
        );
        expect(byId(await pg.select().from(pgSchema.songs))).toEqual(
          byId(sqlite.select().from(sqliteSchema.songs).all()),
        );
        expect(byId(await pg.select().from(pgSchema.lyrics))).toEqual(
          byId(sqlite.select().from(sqliteSchema.lyrics).all()),
        );
        // The first catalogue again: what only the changed one held is retired, the rest active under its first id.
        expect(
          (await pg.select().from(pgSchema.lyrics))
            .filter((l) => !l.active)
            .map((l) => l.text)
            .sort(),
        ).toEqual(['Drugi stih', 'Posve novi stih', 'Prvi stih', 'Treći stih']);
      } finally {
        await closePgDb(pg);
        sqlite.$client.close();
      }
    },
    CLUSTER_START_MS,
  );
});
