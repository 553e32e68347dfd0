import { describe, expect, test } from 'bun:test';
import { rhymePairsOf } from './lint-rhyme-pairs';
import type { LintSong } from './lint-types';
import { lineKey } from './normalize';
import type { CatalogueFile } from './openapi';
import { validateCatalogue } from './validate';

const TITLES = ['Kamen', 'Kiša', 'Jedra', 'Pekar', 'Ljeto', 'Zima'];

/** Six songs of two lines of words of their own (no rhyme, no near-duplicate); `stanzas[s]` is added to song s. */
function catalogue(stanzas: string[][]): CatalogueFile {
  const songs = TITLES.map((title, s) => ({
    title,
    lines: [`dan${s}a noć${s}a`, `dan${s}b noć${s}b`, ...(stanzas[s] ?? [])],
  }));
  return { artist: 'Lovro Lanterna', albums: [{ title: 'Album', year: 2000, songs }] };
}

/** A couplet on "sam" / "znam", in other words for every song (no near-duplicates). */
const COUPLETS = [
  ['Na rivi stojim posve sam', 'a kamo ću, to ne znam'],
  ['Pod lampom pišem pismo sam', 'i komu šaljem, jedva znam'],
  ['Kroz polje hodam noćas sam', 'a put do kuće dobro znam'],
  ['Na zidu sjedim sasvim sam', 'i svaku zvijezdu imenom znam'],
  ['U vlaku putujem do zore sam', 'a tko me čeka, i ne znam'],
];
const couplet = (s: number) => COUPLETS[s]!;

describe('rhyme pair warnings', () => {
  test('a rhyme pair in 3 songs is no warning', () => {
    expect(validateCatalogue(catalogue([couplet(0), couplet(1), couplet(2)])).warnings).toEqual([]);
  });

  test('a rhyme pair in 4 songs is a warning on each use, naming the others', () => {
    const { warnings } = validateCatalogue(catalogue([couplet(0), couplet(1), couplet(2), [], couplet(4)]));
    expect(warnings.map((w) => w.path)).toEqual([
      'albums[0].songs[0].lines[2]',
      'albums[0].songs[1].lines[2]',
      'albums[0].songs[2].lines[2]',
      'albums[0].songs[4].lines[2]',
    ]);
    expect(warnings[0]!.message).toBe(
      'rhymes "sam / znam", a pair 4 songs rhyme (albums[0].songs[1].lines[2], albums[0].songs[2].lines[2], albums[0].songs[4].lines[2]); more than 3 make the rhyme predictable',
    );
  });

  test('a crossed stanza (abab) rhymes its pairs; the same word twice is no pair', () => {
    const lines = (texts: string[]) =>
      texts.map((text, i) => ({ path: `lines[${i}]`, text, key: lineKey(text) }));
    expect([
      ...rhymePairsOf(lines(['Noću sam', 'pod zvijezdama', 'a sve znam', 'sa svim ranama'])).keys(),
    ]).toEqual(['sam / znam', 'ranama / zvijezdama']);
    expect([...rhymePairsOf(lines(['Ostajem sam', 'i opet sam', 'u gradu', 'bez nade'])).keys()]).toEqual([]);
  });

  test('one song using a pair twice counts once', () => {
    const twice = [...couplet(0), 'Na klupi opet sjedim sam', 'a što će biti, ne znam'];
    const song: LintSong = {
      path: 'songs[0]',
      album: 'albums[0]',
      title: 'Kamen',
      lines: twice.map((text, i) => ({ path: `lines[${i}]`, text, key: lineKey(text) })),
    };
    expect([...rhymePairsOf(song.lines).keys()]).toEqual(['sam / znam']);
    expect(validateCatalogue(catalogue([twice, couplet(1), couplet(2)])).warnings).toEqual([]);
  });
});
