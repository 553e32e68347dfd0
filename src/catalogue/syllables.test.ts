import { describe, expect, test } from 'bun:test';
import { countSyllables } from './syllables';

describe('countSyllables', () => {
  describe.each([
    // vowels, one syllable each, two side by side are two
    ['more', 2],
    ['pjesma', 2],
    ['ideja', 3],
    ['pauk', 2],
    ['a', 1],
    // lj, nj, dž are consonants
    ['ljubav', 2],
    ['njega', 2],
    ['džep', 1],
    // the long yat "ije" is one syllable
    ['rijeka', 2],
    ['vrijeme', 2],
    ['dijete', 2],
    ['mlijeko', 2],
    ['snijeg', 1],
    ['cvijet', 1],
    // syllabic r: between consonants, or first before a consonant
    ['prst', 1],
    ['vrt', 1],
    ['Trst', 1],
    ['smrt', 1],
    ['krv', 1],
    ['grlo', 2],
    ['srce', 2],
    ['crven', 2],
    ['četvrt', 2],
    ['Hrvatska', 3],
    ['tvrđava', 3],
    ['umrli', 3],
    ['rđa', 2],
    ['rt', 1],
    // r next to a vowel is a plain consonant
    ['umro', 2],
    ['mrak', 1],
    ['Zagreb', 2],
    ['groblje', 2],
    // accents of dictionaries do not add syllables
    ['rȉjeka', 2],
    ['r̀t', 1],
  ] as const)('%s', (word, syllables) => {
    test(`has ${syllables}`, () => expect(countSyllables(word)).toBe(syllables));
  });

  test('a line is the sum of its words; hyphenated words count as two, numbers as none', () => {
    expect(countSyllables('Ležali smo na vrućem kamenu kraj mora')).toBe(13);
    expect(countSyllables('Crno-bijeli svijet, prst i vrt!')).toBe(8);
    expect(countSyllables('Godina 1992.')).toBe(3);
    expect(countSyllables('')).toBe(0);
  });
});
