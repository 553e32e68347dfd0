import { describe, expect, test } from 'bun:test';
import { linesRhyme, rhymeEnding } from './rhyme';

describe('rhymeEnding', () => {
  test('is taken from the vowel of the penultimate syllable of the last word', () => {
    expect(rhymeEnding('Ležali smo na vrućem kamenu')).toEqual({
      feminine: 'enu',
      masculine: 'nu',
      monosyllable: false,
    });
  });
  test('a one-syllable word rhymes on its vowel, with the consonant before an open one', () => {
    expect(rhymeEnding('Došao je dan')).toEqual({ feminine: 'an', masculine: 'an', monosyllable: true });
    expect(rhymeEnding('samo ti')).toEqual({ feminine: 'ti', masculine: 'ti', monosyllable: true });
  });
  test('"ije" rhymes as its "e"; punctuation and case do not count', () => {
    expect(rhymeEnding('Sve je kao nekad, VRIJEME...')?.feminine).toBe('eme');
  });
  test('a line that ends without a syllable has none', () => {
    expect(rhymeEnding('Bilo je to 1992.')).toBeUndefined();
    expect(rhymeEnding('')).toBeUndefined();
  });
});

describe('linesRhyme', () => {
  test.each([
    ['Ležali smo na vrućem kamenu', 'tvoja ruka na mom ramenu'],
    ['Ribari su krenuli prije zore', 'mreže bacaju u more'],
    ['Čekam te do zore', 'a zvijezde sjaje gore'],
    ['Prošlo je vrijeme', 'u zemlji je sjeme'],
    ['Pada prvi snijeg', 'a ja nemam bijeg'],
    ['Ugasio se dan', 'i nestao je san'],
    ['Ugasio se dan', 'a ja sam opet pijan'],
    ['Samo ostani ti', 'nemoj ništa dati'],
    ['Kad me pitaš gdje', 'reći ću ti prije'],
    ['Kiša pada, mokra je ulica,', 'sklanja se pod strehu bijela ptica!'],
    ['Ostalo je more', 'more'],
  ])('"%s" / "%s" rhyme', (a, b) => {
    expect(linesRhyme(a, b)).toBe(true);
  });

  test.each([
    ['U našoj kući', 'čeka me žena'],
    ['Sja žarko sunce', 'na stolu lonce'],
    ['Samo ostani ti', 'ne pitaj mi'],
    ['Ostalo je more', 'sve do mora'],
    ['Bilo je to 1992.', 'u ljeto dvije'],
  ])('"%s" / "%s" do not rhyme', (a, b) => {
    expect(linesRhyme(a, b)).toBe(false);
  });
});
