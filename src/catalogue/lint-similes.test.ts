import { describe, expect, test } from 'bun:test';
import type { CatalogueFile } from './openapi';
import { validateCatalogue } from './validate';

/** Album `a` of 5 songs × 4 distinct lines (20 lines) of which `similes` lines hold a simile word. */
function album(a: number, similes: string[]): CatalogueFile['albums'][number] {
  return {
    title: `Album ${a}`,
    year: 2000 + a,
    songs: [0, 1, 2, 3, 4].map((s) => ({
      title: `Pjesma ${a}-${s}`,
      // Two-word lines of words of their own: no near-duplicates, no rhyme, no simile.
      lines: [0, 1, 2, 3].map((l) => similes[s * 4 + l] ?? `dan${a}${s}${l} noć${a}${s}${l}`),
    })),
  };
}

const catalogue = (...albums: CatalogueFile['albums']): CatalogueFile => ({
  artist: 'Lovro Lanterna',
  albums,
});

describe('simile density warnings', () => {
  test('2 simile lines in 20 (1 in 10) is no warning', () => {
    const two = ['Oblak ko ovca nad kućom', 'Kiša pada kao iz kabla'];
    expect(validateCatalogue(catalogue(album(0, two))).warnings).toEqual([]);
  });

  test('3 in 20 is a warning on that album only; ko, kao and poput all count', () => {
    const three = ['Oblak ko ovca nad kućom', 'Kiša pada kao iz kabla', 'Vjetar zavija poput psa'];
    const { warnings } = validateCatalogue(catalogue(album(0, []), album(1, three)));
    expect(warnings).toEqual([
      {
        path: 'albums[1]',
        message:
          'has a simile (ko, kao, poput) in 3 of its 20 distinct lines (15 %); more than 1 in 10 makes its songs sound alike',
      },
    ]);
  });

  test('"k\'o" counts as "ko" (and is a spelling warning of its own); "kako" and "tko" do not count', () => {
    const lines = ["Oblak k'o ovca nad kućom", 'Kiša pada kao iz kabla', 'Kako vjetar, tko zna']; // 2 similes
    const warnings = validateCatalogue(catalogue(album(0, lines))).warnings.map((w) => w.path);
    expect(warnings).toEqual(['albums[0].songs[0].lines[0]']);
  });

  test('a repeated chorus counts once: the measure is of distinct lines', () => {
    const chorus = 'Srce kao sat u noći';
    const c = catalogue(album(0, ['Oblak ko ovca nad kućom', chorus]));
    c.albums[0]!.songs[0]!.lines.push(chorus, chorus, chorus);
    expect(validateCatalogue(c).warnings).toEqual([]);
  });
});
