import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { tabulateWords } from './lint';
import { NEAR_DUPLICATE_PERCENT, nearDuplicateWarnings } from './lint-near-duplicates';
import type { LintSong } from './lint-types';
import { lineKey } from './normalize';
import type { CatalogueFile } from './openapi';
import { validateCatalogue } from './validate';
import { wordsOf } from './words';

/** Five songs of natural lines that give no warning; each test adds what it checks. */
function catalogue(): CatalogueFile & { albums: { songs: { title: string; lines: string[] }[] }[] } {
  const songs: [string, string[]][] = [
    ['Stari most', ['Kamen pamti korake predaka', 'Rijeka ispod tiho šumi', 'Na ogradi sjede golubovi']],
    ['Kiša', ['Oblaci se spuštaju nad krovove', 'Prozori su mokri od jutra', 'Kapi kucaju po limu']],
    ['Vjetar s juga', ['Jedra se napinju prema otoku', 'Masline šušte iznad uvale', 'Ribari vežu barke']],
    ['Pekar', ['Brašno mu je u kosi', 'Prvi kruh izlazi prije zore', 'Susjedi čekaju pred vratima']],
    ['Ljeto', ['Djeca trče bosa po pijesku', 'Lubenica se hladi u bunaru', 'Noći su duge i tople']],
  ];
  return {
    artist: 'Lovro Lanterna',
    albums: [{ title: 'Album', year: 2000, songs: songs.map(([title, lines]) => ({ title, lines })) }],
  };
}
const songAt = (c: ReturnType<typeof catalogue>, s: number) => c.albums[0]!.songs[s]!;

describe('import warnings', () => {
  test('the base catalogue has none', () => {
    expect(validateCatalogue(catalogue()).warnings).toEqual([]);
  });

  test("a line holding another song's title, in any inflected form, names that song", () => {
    const c = catalogue();
    songAt(c, 1).lines.push('Preko starog mosta hodam po kiši');
    const result = validateCatalogue(c);
    expect(result.warnings).toEqual([
      {
        path: 'albums[0].songs[1].lines[3]',
        message: 'names "Stari most" (albums[0].songs[0]), the title of another song',
      },
    ]);
    expect(result.catalogue).toBeDefined();
  });

  test('half a title, a title of function words or another letter is not a title', () => {
    const c = catalogue();
    songAt(c, 0).title = 'Ti i ja';
    songAt(c, 2).title = 'Kuća';
    songAt(c, 1).lines.push('Preko mosta hodam sam', 'Ti i ja stojimo na kiši', 'Netko kuca na vrata');
    songAt(c, 4).lines.push('Vjetar nosi miris mora');
    expect(validateCatalogue(c).warnings).toEqual([]);
  });

  test('lines of two songs that share 70 % of the shorter one are near-duplicates, on both', () => {
    const c = catalogue();
    songAt(c, 1).lines.push('Djeca trče bosa po travi'); // 4 of 5 words of the line in "Ljeto"
    songAt(c, 2).lines.push('Djeca spavaju bosa na travi'); // 2 of 5: different enough
    const result = validateCatalogue(c);
    expect(result.warnings).toEqual([
      {
        path: 'albums[0].songs[1].lines[3]',
        message:
          'is nearly the same as "Djeca trče bosa po pijesku" in "Ljeto" (albums[0].songs[4].lines[0]); a player could not tell which song is meant',
      },
      {
        path: 'albums[0].songs[4].lines[0]',
        message:
          'is nearly the same as "Djeca trče bosa po travi" in "Kiša" (albums[0].songs[1].lines[3]); a player could not tell which song is meant',
      },
    ]);
  });

  test('an exact duplicate stays an ambiguous line only; near-duplicates inside one song are a verse variant', () => {
    const c = catalogue();
    songAt(c, 1).lines.push('Djeca trče bosa po pijesku!');
    songAt(c, 3).lines.push('Prvi kruh izlazi prije zore u gradu');
    const result = validateCatalogue(c);
    expect(result.warnings.map((w) => [w.path, w.message.split(' ').slice(0, 4).join(' ')])).toEqual([
      ['albums[0].songs[1].lines[3]', 'the line also appears'],
      ['albums[0].songs[4].lines[0]', 'the line also appears'],
    ]);
  });

  test('a song whose title is in more than a third of its distinct lines is a warning on the song', () => {
    const c = catalogue();
    songAt(c, 4).title = 'Trešnje';
    songAt(c, 4).lines.push(
      'Trešnje su zrele u lipnju',
      'Pod trešnjom je hladovina',
      'Berem trešnje s djedom',
    );
    const result = validateCatalogue(c);
    expect(result.warnings).toEqual([
      {
        path: 'albums[0].songs[4]',
        message: 'the title "Trešnje" is in 3 of its 6 distinct lines; more than a third gives the song away',
      },
    ]);
  });

  test('a title in a third of the distinct lines is a hook: a repeated chorus counts once', () => {
    const c = catalogue();
    songAt(c, 4).title = 'Trešnje';
    songAt(c, 4).lines.push('Trešnje su zrele u lipnju', 'Ptice kradu plodove', 'Berem trešnje s djedom');
    songAt(c, 4).lines.push('Berem trešnje s djedom', 'Berem trešnje s djedom');
    expect(validateCatalogue(c).warnings).toEqual([]);
  });

  test('a line of fewer than 2 or more than 20 words is a warning', () => {
    const c = catalogue();
    const words = (n: number) => Array.from({ length: n }, (_, i) => `riječ${i}`).join(' ');
    songAt(c, 0).lines.push('Oj!', words(20), words(21).replaceAll('riječ', 'slovo'));
    expect(validateCatalogue(c).warnings).toEqual([
      { path: 'albums[0].songs[0].lines[3]', message: 'has 1 word(s); a question line should have 2–20' },
      { path: 'albums[0].songs[0].lines[5]', message: 'has 21 word(s); a question line should have 2–20' },
    ]);
  });

  test('strict: every warning is an error and nothing is imported', () => {
    const c = catalogue();
    songAt(c, 0).lines.push('Oj!');
    expect(validateCatalogue(c, { strict: true })).toEqual({
      catalogue: undefined,
      errors: [
        { path: 'albums[0].songs[0].lines[3]', message: 'has 1 word(s); a question line should have 2–20' },
      ],
      warnings: [],
    });
    expect(validateCatalogue(catalogue(), { strict: true }).catalogue).toBeDefined();
  });

  test('lint: false (the first-start seed) skips the advisory checks, not ambiguous lines', () => {
    const c = catalogue();
    songAt(c, 0).lines.push('Oj!', 'Noći su duge i tople'); // too short; also a line of "Ljeto"
    const all = validateCatalogue(c).warnings.map((w) => w.path);
    expect(all).toEqual([
      'albums[0].songs[0].lines[3]',
      'albums[0].songs[0].lines[4]',
      'albums[0].songs[4].lines[2]',
    ]);
    const seeded = validateCatalogue(c, { lint: false });
    expect(seeded.warnings.map((w) => w.path)).toEqual([
      'albums[0].songs[0].lines[4]',
      'albums[0].songs[4].lines[2]',
    ]);
    expect(seeded.catalogue?.ambiguousKeys.size).toBe(1);
  });
});

describe('nearDuplicateWarnings', () => {
  /** Every pair compared: what the word index must find, and nothing else. */
  function bruteForce(songs: LintSong[]): Map<string, string[]> {
    const lines = songs.flatMap((song, s) =>
      song.lines.map((line) => ({ s, line, words: new Set(wordsOf(line.text)) })),
    );
    const found = new Map<string, string[]>();
    for (const a of lines)
      for (const b of lines) {
        if (a.s === b.s || a.line.key === b.line.key) continue;
        if (a.words.size < 3 || b.words.size < 3) continue;
        const shared = [...a.words].filter((w) => b.words.has(w)).length;
        if (shared * 100 >= NEAR_DUPLICATE_PERCENT * Math.min(a.words.size, b.words.size))
          found.set(a.line.path, [...(found.get(a.line.path) ?? []), b.line.path].sort());
      }
    return found;
  }

  test('property: the word index finds exactly the pairs a comparison of every pair finds', () => {
    // Few words, so that random lines often overlap.
    const line = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'), {
      minLength: 1,
      maxLength: 9,
    });
    const songs = fc.array(fc.array(line, { minLength: 1, maxLength: 8 }), { minLength: 2, maxLength: 8 });
    fc.assert(
      fc.property(songs, (raw) => {
        const lint: LintSong[] = raw.map((lines, s) => ({
          path: `songs[${s}]`,
          album: 'albums[0]',
          title: `Pjesma ${s}`,
          lines: [...new Map(lines.map((words) => [lineKey(words.join(' ')), words.join(' ')])).values()].map(
            (text, l) => ({ path: `songs[${s}].lines[${l}]`, text, key: lineKey(text) }),
          ),
        }));
        const found = new Map(
          nearDuplicateWarnings(tabulateWords(lint)).map((w) => [
            w.path,
            [...w.message.matchAll(/\((songs\[\d+\]\.lines\[\d+\])\)/g)].map((m) => m[1]!).sort(),
          ]),
        );
        expect(found).toEqual(bruteForce(lint));
      }),
      { numRuns: 300 },
    );
  });
});
