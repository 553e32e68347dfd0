import { describe, expect, test } from 'bun:test';
import { makeCatalogue } from '../../test/support/fixtures';
import { lineKey, normalizeText } from './normalize';
import { pointerToPath, validateCatalogue } from './validate';

/** Edits the catalogue in place, or returns a replacement. */
type Mutation = (c: ReturnType<typeof makeCatalogue>) => unknown;

describe('validateCatalogue', () => {
  test('a valid catalogue passes with no problem', () => {
    const result = validateCatalogue(makeCatalogue());
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.catalogue?.albums).toHaveLength(3);
  });

  const fatal: [string, Mutation, string, RegExp][] = [
    ['artist missing', ({ artist: _, ...rest }) => rest, 'artist', /required/i],
    ['artist blank', (c) => ({ ...c, artist: '   ' }), 'artist', /blank/],
    ['no album', (c) => ({ ...c, albums: [] }), 'albums', /1/],
    [
      'album title empty',
      (c) => {
        c.albums[1]!.title = '';
      },
      'albums[1].title',
      /length|blank/,
    ],
    [
      'album title duplicate',
      (c) => {
        c.albums[2]!.title = ' Album  1 ';
      },
      'albums[2].title',
      /already the title of albums\[0\]/,
    ],
    [
      'year not an integer',
      (c) => {
        (c.albums[0] as { year: unknown }).year = 1992.5;
      },
      'albums[0].year',
      /integer/i,
    ],
    [
      'year too early',
      (c) => {
        c.albums[0]!.year = 1899;
      },
      'albums[0].year',
      /1900/,
    ],
    [
      'year too late',
      (c) => {
        c.albums[0]!.year = 2101;
      },
      'albums[0].year',
      /2100/,
    ],
    ['fewer than 5 songs', () => makeCatalogue(1, 4, 3), 'albums', /at least 5/],
    [
      'song title duplicate across albums',
      (c) => {
        c.albums[2]!.songs[3]!.title = 'Pjesma 1-2';
      },
      'albums[2].songs[3].title',
      /unique across the catalogue/,
    ],
    [
      'song without lines',
      (c) => {
        c.albums[0]!.songs[0]!.lines = [];
      },
      'albums[0].songs[0].lines',
      /1/,
    ],
    [
      'blank line',
      (c) => {
        c.albums[0]!.songs[1]!.lines[4] = ' \n\t ';
      },
      'albums[0].songs[1].lines[4]',
      /blank/,
    ],
    [
      'line over 300 characters',
      (c) => {
        c.albums[1]!.songs[0]!.lines[2] = 'a'.repeat(301);
      },
      'albums[1].songs[0].lines[2]',
      /301 characters/,
    ],
    [
      'line not a string',
      (c) => {
        (c.albums[0]!.songs[0]!.lines as unknown[])[1] = 42;
      },
      'albums[0].songs[0].lines[1]',
      /string/i,
    ],
    [
      'unknown album field',
      (c) => {
        (c.albums[0] as Record<string, unknown>).released = 1992;
      },
      'albums[0].released',
      /.+/,
    ],
    [
      'every line ambiguous',
      () => ({
        artist: 'A',
        albums: [
          {
            title: 'T',
            year: 2000,
            songs: ['a', 'b', 'c', 'd', 'e'].map((title) => ({ title, lines: ['isti stih'] })),
          },
        ],
      }),
      'albums',
      /every line is ambiguous/,
    ],
  ];

  test.each(fatal)('%s → error at its path, no catalogue', (_, mutate, path, message) => {
    const c = makeCatalogue();
    const result = validateCatalogue(mutate(c) ?? c);
    expect(result.catalogue).toBeUndefined();
    const problem = result.errors.find((e) => e.path === path);
    expect(problem?.message).toMatch(message);
  });

  test('reports every problem at once', () => {
    const c = makeCatalogue();
    c.albums[0]!.year = 1800;
    c.albums[1]!.songs[0]!.title = 'Pjesma 1-1';
    c.albums[2]!.songs[2]!.lines[0] = '';
    expect(validateCatalogue(c).errors.map((e) => e.path)).toEqual([
      'albums[0].year',
      'albums[1].songs[0].title',
      'albums[2].songs[2].lines[0]',
    ]);
  });

  test('a line in two songs is a warning on both, kept out of questions', () => {
    const c = makeCatalogue();
    c.albums[0]!.songs[0]!.lines.push('Zajednički stih');
    c.albums[1]!.songs[2]!.lines.push('ZAJEDNIČKI  stih.');
    const result = validateCatalogue(c);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.path)).toEqual([
      'albums[0].songs[0].lines[10]',
      'albums[1].songs[2].lines[10]',
    ]);
    expect(result.warnings[0]!.message).toContain('"Pjesma 2-3"');
    expect(result.catalogue!.ambiguousKeys).toEqual(new Set([lineKey('Zajednički stih')]));
  });

  test('a chorus repeated inside a song is kept once; lines are trimmed and collapsed', () => {
    const c = makeCatalogue(1, 5, 1);
    c.albums[0]!.songs[0]!.lines = [
      '  Refren   ide\tovako ',
      'Drugi stih',
      'Refren ide ovako',
      'refren ide ovako!',
    ];
    const result = validateCatalogue(c);
    expect(result.warnings).toEqual([]);
    expect(result.catalogue!.albums[0]!.songs[0]!.lines).toEqual(['Refren ide ovako', 'Drugi stih']);
  });
});

describe('helpers', () => {
  test('pointerToPath', () => {
    expect(pointerToPath('/albums/2/songs/4/title')).toBe('albums[2].songs[4].title');
    expect(pointerToPath('')).toBe('(root)');
  });
  test('normalizeText collapses all whitespace, NBSP included', () => {
    expect(normalizeText(' a\u00a0 b\n\nc ')).toBe('a b c');
  });
});
