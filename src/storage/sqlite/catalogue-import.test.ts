import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb, makeCatalogue, testConfig } from '../../../test/support/fixtures';
import { validateCatalogue } from '../../catalogue/validate';
import { importCommand, importUsage } from '../../cli/import';
import { lineProgress } from '../../cli/progress';
import { Interrupted } from '../contract';
import { importCatalogue, importCatalogueInSteps } from './catalogue-import';
import { loadCatalogueIndex } from './catalogue-load';
import { closeDb, createSqliteDb } from './client';
import { migrateDb } from './migrate';
import { albums, lyrics, songs } from './schema';

const validated = (c: unknown) => {
  const result = validateCatalogue(c);
  if (!result.catalogue) throw new Error(JSON.stringify(result.errors));
  return result.catalogue;
};

describe('importCatalogue', () => {
  test('re-import of a changed catalogue keeps the ids of unchanged albums, songs and lines', () => {
    const db = createTestDb(makeCatalogue());
    const before = db.select().from(lyrics).all();
    const songsBefore = db.select().from(songs).all();

    const changed = makeCatalogue();
    changed.albums[0]!.songs[0]!.lines[3] = 'Posve novi stih';
    changed.albums[2]!.songs.pop(); // a song leaves the catalogue
    changed.albums[1]!.year = 1996;
    const summary = importCatalogue(db, validated(changed));

    expect(summary.added).toEqual({ albums: 0, songs: 0, lines: 1 });
    expect(summary.retired).toEqual({ albums: 0, songs: 1, lines: 1 + 10 });
    const after = new Map(
      db
        .select()
        .from(lyrics)
        .all()
        .map((l) => [`${l.songId}|${l.text}`, l]),
    );
    for (const old of before) {
      const now = after.get(`${old.songId}|${old.text}`)!;
      expect(now.id).toBe(old.id);
      const removed =
        old.text === 'Stih 4 (1-1)' || old.songId === songsBefore.find((s) => s.title === 'Pjesma 3-4')!.id;
      expect(now.active).toBe(!removed);
    }
    const index = loadCatalogueIndex(db);
    expect(index.songs.map((s) => s.title)).not.toContain('Pjesma 3-4');
    expect(index.askable.some((l) => l.text === 'Posve novi stih')).toBe(true);
    expect(
      db
        .select()
        .from(albums)
        .all()
        .find((a) => a.title === 'Album 2')!.year,
    ).toBe(1996);
  });

  test('importing the same catalogue twice changes nothing', () => {
    const db = createTestDb(makeCatalogue());
    const snapshot = () => [
      db.select().from(albums).all(),
      db.select().from(songs).all(),
      db.select().from(lyrics).all(),
    ];
    const before = snapshot();
    const summary = importCatalogue(db, validated(makeCatalogue()));
    expect(summary.added).toEqual({ albums: 0, songs: 0, lines: 0 });
    expect(summary.retired).toEqual({ albums: 0, songs: 0, lines: 0 });
    expect(snapshot()).toEqual(before);
  });

  test('a song that comes back is active again with its old id', () => {
    const db = createTestDb(makeCatalogue());
    const id = db
      .select()
      .from(songs)
      .all()
      .find((s) => s.title === 'Pjesma 1-1')!.id;
    const without = makeCatalogue();
    without.albums[0]!.songs.shift();
    importCatalogue(db, validated(without));
    importCatalogue(db, validated(makeCatalogue()));
    expect(loadCatalogueIndex(db).songsById.get(id)?.title).toBe('Pjesma 1-1');
  });
});

describe('kviz import [--strict] FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-import-'));
  // importCommand and counts close their connections.
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** Progress lines of the last run (what a log gets: no terminal here). */
  let progressLines: string[] = [];
  const run = async (args: string | string[], dbName: string) => {
    const lines: string[] = [];
    progressLines = [];
    const code = await importCommand(
      testConfig({ DATABASE_PATH: join(dir, dbName) }),
      typeof args === 'string' ? [args] : args,
      (l) => lines.push(l),
      (label, unit) => lineProgress(label, unit, (line) => progressLines.push(line)),
    );
    return { code, output: lines.join('\n') };
  };
  /** The fixture catalogue with one line that names another song's title: one warning. */
  const withWarning = () => {
    const c = makeCatalogue();
    c.albums[0]!.songs[0]!.lines[2] = 'Pjevam pjesmu 1-2 na sav glas';
    return c;
  };
  const counts = (dbName: string) => {
    const db = createSqliteDb(join(dir, dbName));
    try {
      migrateDb(db);
      return [
        db.select().from(albums).all().length,
        db.select().from(songs).all().length,
        db.select().from(lyrics).all().length,
      ];
    } finally {
      closeDb(db);
    }
  };

  test('imports a valid file and prints the summary', async () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify(makeCatalogue()));
    const { code, output } = await run(file, 'ok.db');
    expect(code).toBe(0);
    expect(output).toContain('3 albums, 12 songs, 120 lines (0 ambiguous), 0 warning(s)');
    expect(counts('ok.db')).toEqual([3, 12, 120]);
    // Written to a log: its first line, then its last (the interval keeps the rest out).
    expect(progressLines[0]).toBe('import: 0/120 lines (0%)');
    expect(progressLines.at(-1)).toMatch(/^import: 120\/120 lines \(100%\), [\d,]+\/s, 0:00 left$/);
  });

  test('an invalid file lists every error with its path and writes nothing', async () => {
    const c = makeCatalogue();
    c.albums[0]!.year = 3000;
    c.albums[1]!.songs[1]!.title = 'Pjesma 1-1';
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(c));
    const { code, output } = await run(file, 'bad.db');
    expect(code).toBe(1);
    expect(output).toContain('error: albums[0].year:');
    expect(output).toContain('error: albums[1].songs[1].title:');
    expect(output).toContain('nothing was imported');
    expect(counts('bad.db')).toEqual([0, 0, 0]);
  });

  test('a missing file, non-JSON and no argument fail with a clear message', async () => {
    expect(await run(join(dir, 'nope.json'), 'x.db')).toEqual({
      code: 1,
      output: `Import failed: no such file: ${join(dir, 'nope.json')}`,
    });
    writeFileSync(join(dir, 'broken.json'), '{ "artist": ');
    expect((await run(join(dir, 'broken.json'), 'x.db')).output).toContain('is not valid JSON');
    const usage = { code: 2, output: importUsage };
    expect(await run([], 'x.db')).toEqual(usage);
    expect(await run(['--force', join(dir, 'broken.json')], 'x.db')).toEqual(usage);
    expect(await run([join(dir, 'a.json'), join(dir, 'b.json')], 'x.db')).toEqual(usage);
  });

  test('warnings are listed with their path and the import goes on', async () => {
    const file = join(dir, 'warned.json');
    writeFileSync(file, JSON.stringify(withWarning()));
    const { code, output } = await run(file, 'warned.db');
    expect(code).toBe(0);
    expect(output).toContain('warning: albums[0].songs[0].lines[2]: names "Pjesma 1-2" (albums[0].songs[1])');
    expect(output).toContain('120 lines (0 ambiguous), 1 warning(s)');
    expect(counts('warned.db')).toEqual([3, 12, 120]);
  });

  test('--strict turns warnings into errors: exit 1 and no database is written', async () => {
    const file = join(dir, 'strict.json');
    writeFileSync(file, JSON.stringify(withWarning()));
    for (const args of [
      ['--strict', file],
      [file, '--strict'],
    ]) {
      const { code, output } = await run(args, 'strict.db');
      expect(code).toBe(1);
      expect(output).toContain('error: albums[0].songs[0].lines[2]: names "Pjesma 1-2"');
      expect(output).not.toContain('warning:');
      expect(output).toContain(
        'Import failed: 1 error(s) (warnings count as errors with --strict); nothing was imported.',
      );
      expect(existsSync(join(dir, 'strict.db'))).toBe(false);
    }
  });

  test('--strict imports a catalogue without warnings', async () => {
    const file = join(dir, 'clean.json');
    writeFileSync(file, JSON.stringify(makeCatalogue()));
    expect((await run(['--strict', file], 'clean.db')).code).toBe(0);
    expect(counts('clean.db')).toEqual([3, 12, 120]);
  });
});

describe('importCatalogueInSteps (kviz import of a large file)', () => {
  const emptyDb = () => {
    const db = createSqliteDb(':memory:');
    migrateDb(db);
    return db;
  };
  const counts = (db: ReturnType<typeof createTestDb>) => [
    db.select().from(albums).all().length,
    db.select().from(songs).all().length,
    db.select().from(lyrics).all().length,
  ];

  test('writes what importCatalogue writes, reporting progress between steps of lines', async () => {
    const db = emptyDb();
    const reported: [number, number][] = [];
    const summary = await importCatalogueInSteps(db, validated(makeCatalogue()), {
      linesPerStep: 25,
      onProgress: (done, total) => reported.push([done, total]),
    });
    expect(reported).toEqual([
      [0, 120],
      [25, 120],
      [50, 120],
      [75, 120],
      [100, 120],
      [120, 120],
    ]);
    const again = emptyDb();
    expect(summary).toEqual(importCatalogue(again, validated(makeCatalogue())));
    expect(counts(db)).toEqual([3, 12, 120]);
    expect(loadCatalogueIndex(db).songsById.size).toBe(loadCatalogueIndex(again).songsById.size);
  });

  test('stopped between two steps (Ctrl-C), it rolls back: the database is left as it was', async () => {
    const db = emptyDb();
    importCatalogue(db, validated(makeCatalogue()));
    const before = JSON.stringify([
      db.select().from(albums).all(),
      db.select().from(songs).all(),
      db.select().from(lyrics).all(),
    ]);
    const changed = makeCatalogue();
    changed.albums[0]!.songs[0]!.lines[0] = 'Sasvim nov stih koji prije nije postojao';
    changed.albums.pop();
    const controller = new AbortController();
    const attempt = importCatalogueInSteps(db, validated(changed), {
      linesPerStep: 10,
      // The abort arrives once some lines are written (like Ctrl-C mid-way).
      onProgress: (done) => {
        if (done >= 30) controller.abort();
      },
      signal: controller.signal,
    });
    await expect(attempt).rejects.toBeInstanceOf(Interrupted);
    expect(
      JSON.stringify([
        db.select().from(albums).all(),
        db.select().from(songs).all(),
        db.select().from(lyrics).all(),
      ]),
    ).toBe(before);
    // The connection is usable and not left inside a transaction.
    expect(db.$client.inTransaction).toBe(false);
    expect((await importCatalogueInSteps(db, validated(changed))).retired.albums).toBe(1);
  });
});

describe('kviz import, interrupted (a real process and a real SIGINT)', () => {
  test('Ctrl-C while writing a large catalogue: exit 130, the database as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kviz-import-sigint-'));
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      DATABASE_PATH: join(dir, 'kviz.db'),
      ADMIN_PASSWORD: 'test-password-123',
    };
    const kviz = (file: string) =>
      Bun.spawn([process.execPath, 'src/main.ts', 'import', file], { env, stdout: 'pipe', stderr: 'pipe' });
    const small = join(dir, 'small.json');
    writeFileSync(small, JSON.stringify(makeCatalogue()));
    expect(await kviz(small).exited).toBe(0);
    // 20,000 lines: a second or more of writing, reported every 2,000 lines.
    const large = join(dir, 'large.json');
    writeFileSync(large, JSON.stringify(makeCatalogue(20, 25, 40)));
    const proc = kviz(large);
    const reader = proc.stderr.getReader();
    let stderr = '';
    // The first progress line comes when the writing starts: Ctrl-C then.
    while (!stderr.includes('import: ')) {
      const { value, done } = await reader.read();
      if (done) break;
      stderr += new TextDecoder().decode(value);
    }
    proc.kill('SIGINT');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      stderr += new TextDecoder().decode(value);
    }
    expect(await proc.exited).toBe(130);
    expect(stderr).toContain('Interrupted: nothing was written.');
    const db = createSqliteDb(join(dir, 'kviz.db'));
    expect(db.$client.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    expect([
      db.select().from(albums).all().length,
      db.select().from(songs).all().length,
      db.select().from(lyrics).all().length,
    ]).toEqual([3, 12, 120]);
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
