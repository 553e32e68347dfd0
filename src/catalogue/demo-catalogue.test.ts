/**
 * The demo catalogue the product ships (data/catalogue.json) against its
 * writing rules (data/README.md): what the importer cannot judge, measured
 * with the project's own syllable counter and rhyme test.
 */
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueFile } from './model';
import { linesRhyme } from './rhyme';
import { embeddedCataloguePath } from './seed';
import { countSyllables } from './syllables';
import { validateCatalogue } from './validate';
import { contentWordsOf, isFormOf, stemOf, wordsOf } from './words';

const file = JSON.parse(readFileSync(embeddedCataloguePath, 'utf8')) as CatalogueFile;
const result = validateCatalogue(file, { strict: true });
const catalogue = result.catalogue!;
const songs = catalogue.albums.flatMap((album) => album.songs);
/** Distinct lines (a chorus once), as the quiz asks them. */
const lines = songs.flatMap((song) => song.lines);
/** Every song's lines in the order they are sung, choruses repeated: stanzas are read in this order. */
const sung = file.albums.flatMap((album) =>
  album.songs.map((song) => ({ title: song.title, lines: song.lines })),
);

/** The share of lines that rhyme with a line at most two away: 1 for a song all in couplets (aabb) or crossed (abab). */
function rhymedShare(order: string[]): number {
  const rhymed = order.filter((line, i) =>
    [i - 2, i - 1, i + 1, i + 2].some((j) => order[j] !== undefined && linesRhyme(line, order[j]!)),
  );
  return rhymed.length / order.length;
}

describe('the demo catalogue', () => {
  test('imports with --strict: no error and no warning', () => {
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(catalogue.ambiguousKeys.size).toBe(0);
  });

  test('one invented artist, 7 albums from 1992 to 2013 in order, 9–13 songs each', () => {
    expect(catalogue.artist).toBe('Lovro Lanterna');
    expect(catalogue.albums.map((album) => album.year)).toEqual([1992, 1995, 1998, 2001, 2005, 2009, 2013]);
    for (const album of catalogue.albums) {
      expect(album.songs.length, album.title).toBeGreaterThanOrEqual(9);
      expect(album.songs.length, album.title).toBeLessThanOrEqual(13);
    }
  });

  test('1,900–2,100 distinct lines', () => {
    expect(lines.length).toBeGreaterThanOrEqual(1900);
    expect(lines.length).toBeLessThanOrEqual(2100);
  });

  test('at least 90 % of the lines have 7–13 syllables', () => {
    const fitting = lines.filter((line) => {
      const syllables = countSyllables(line);
      return syllables >= 7 && syllables <= 13;
    });
    expect(fitting.length / lines.length).toBeGreaterThanOrEqual(0.9);
  });

  // linesRhyme reads spelling only: it misses assonance ("tiho" / "bilo"), slant rhymes on
  // different vowels and the deliberately unrhymed refrain line, so a rhyming catalogue stays
  // below 1 (this one: 0.81). The first edition, unrhymed, scored 0.02, as do these lines with
  // their stanzas broken up (below); 0.75 fails a catalogue that lost a sixth of its rhymes.
  test('the lines rhyme in stanzas: 75 % rhyme within two lines, and half of every song', () => {
    expect(rhymedShare(sung.flatMap((song) => song.lines))).toBeGreaterThanOrEqual(0.75);
    const weak = sung.filter((song) => rhymedShare(song.lines) < 0.5).map((song) => song.title);
    expect(weak).toEqual([]);
  });

  test('the rhyme measure reads stanzas: the same lines interleaved across songs hardly rhyme', () => {
    const longest = Math.max(...sung.map((song) => song.lines.length));
    const interleaved = Array.from({ length: longest }, (_, i) =>
      sung.flatMap((song) => song.lines[i] ?? []),
    );
    expect(rhymedShare(interleaved.flat())).toBeLessThan(0.1);
  });

  test('data/README.md lists every album with its year, songs and lines', () => {
    const readme = readFileSync(join(import.meta.dir, '../../data/README.md'), 'utf8');
    const rows = readme
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .filter((cells) => /^\d{4}$/.test(cells[1] ?? ''))
      .map((cells) => cells.slice(1, 5).join(' | '));
    const albums = catalogue.albums.map((album) => {
      const albumLines = album.songs.reduce((sum, song) => sum + song.lines.length, 0);
      return `${album.year} | ${album.title} | ${album.songs.length} | ${albumLines}`;
    });
    expect(rows).toEqual(albums);
    expect(readme).toContain(`${songs.length} songs and ${lines.length.toLocaleString('en')} lyric lines`);
  });

  test("a song's title words are in at most 2 of its distinct lines (its hook)", () => {
    const giveaways = songs
      .map((song) => {
        const stems = contentWordsOf(song.title).map(stemOf);
        const holding = song.lines.filter((line) =>
          wordsOf(line).some((word) => stems.some((stem) => isFormOf(word, stem))),
        );
        return { title: song.title, holding };
      })
      .filter(({ holding }) => holding.length > 2);
    expect(giveaways).toEqual([]);
  });
});
