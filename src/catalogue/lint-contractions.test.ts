import { describe, expect, test } from 'bun:test';
import type { CatalogueFile } from './openapi';
import { validateCatalogue } from './validate';

/** Five songs of three lines each, no warning; the tests add one line to the third. */
function catalogue(extra: string): CatalogueFile {
  const titles = ['Kamen', 'Kiša', 'Jedra', 'Pekar', 'Ljeto'];
  const songs = titles.map((title, s) => ({
    title,
    // Two-word lines of words of their own: no near-duplicates, no rhyme, no simile.
    lines: [`dan${s}a noć${s}a`, `dan${s}b noć${s}b`, `dan${s}c noć${s}c`],
  }));
  songs[2]!.lines.push(extra);
  return { artist: 'Lovro Lanterna', albums: [{ title: 'Album', year: 2000, songs }] };
}

describe('contraction warnings', () => {
  test('"ko" and a "kao" are the standard spelling: no warning', () => {
    expect(validateCatalogue(catalogue('Bijela jedra ko galebovi nad valom')).warnings).toEqual([]);
    expect(validateCatalogue(catalogue('Bijela jedra kao galebovi nad valom')).warnings).toEqual([]);
  });

  test('"k\'o" with any apostrophe, at any case, is a warning on the line', () => {
    for (const spelling of ["k'o", 'k’o', 'Kʼo', 'K`O']) {
      const result = validateCatalogue(catalogue(`Bijela jedra ${spelling} galebovi nad valom`));
      expect(result.warnings).toEqual([
        {
          path: 'albums[0].songs[2].lines[3]',
          message: 'spells "k\'o" with an apostrophe; the contraction of "kao" is written "ko"',
        },
      ]);
    }
  });

  test('an apostrophe inside a longer word is not the contraction', () => {
    expect(validateCatalogue(catalogue("Mak'o je jedra, al' vjetar je stao")).warnings).toEqual([]);
  });

  test('strict: the spelling stops the import', () => {
    expect(
      validateCatalogue(catalogue("Jedra k'o galebovi nad valom"), { strict: true }).catalogue,
    ).toBeUndefined();
  });
});
