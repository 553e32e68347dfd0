import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateCatalogue } from '../src/catalogue/validate';

// The promise of the landing page ("Skoro 2000 stihova", 7 albums, 1992–2013) rests on this file.
describe('the demo catalogue (data/catalogue.json)', () => {
  const raw = JSON.parse(readFileSync(join(import.meta.dir, 'catalogue.json'), 'utf8'));
  const result = validateCatalogue(raw);
  const catalogue = result.catalogue!;

  test('passes the importer with no error, no warning and no ambiguous line', () => {
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(catalogue.ambiguousKeys.size).toBe(0);
  });

  test('7 albums, the first from 1992, the last from 2013, the others in between and in order', () => {
    const years = catalogue.albums.map((a) => a.year);
    expect(years).toHaveLength(7);
    expect(years[0]).toBe(1992);
    expect(years.at(-1)).toBe(2013);
    expect([...years].sort((a, b) => a - b)).toEqual(years);
  });

  test('9–13 songs per album, 18–40 distinct lines per song, 1,900–2,100 lines in all', () => {
    for (const album of catalogue.albums) {
      expect(album.songs.length).toBeGreaterThanOrEqual(9);
      expect(album.songs.length).toBeLessThanOrEqual(13);
      for (const song of album.songs) {
        expect(song.lines.length).toBeGreaterThanOrEqual(18);
        expect(song.lines.length).toBeLessThanOrEqual(40);
      }
    }
    const lines = catalogue.albums.flatMap((a) => a.songs.flatMap((s) => s.lines));
    expect(lines.length).toBeGreaterThanOrEqual(1900);
    expect(lines.length).toBeLessThanOrEqual(2100);
  });

  test('song titles are unique across the catalogue', () => {
    const titles = catalogue.albums.flatMap((a) => a.songs.map((s) => s.title.toLocaleLowerCase('hr')));
    expect(new Set(titles).size).toBe(titles.length);
  });

  test('every line has 4–12 words', () => {
    const outOfRange = catalogue.albums
      .flatMap((a) => a.songs.flatMap((s) => s.lines))
      .filter((line) => {
        const words = line.split(' ').length;
        return words < 4 || words > 12;
      });
    expect(outOfRange).toEqual([]);
  });

  test('the text is Croatian with its diacritics', () => {
    const text = JSON.stringify(raw);
    for (const letter of ['č', 'ć', 'đ', 'š', 'ž']) expect(text).toContain(letter);
  });
});
