import { describe, expect, test } from 'bun:test';
import { contentWordsOf, isFormOf, stemOf, wordsOf } from './words';

describe('wordsOf', () => {
  test('are the words of the line key: lower case, diacritics kept, punctuation dropped', () => {
    expect(wordsOf('Crno-bijeli SVIJET, Đurđa i 1-1!')).toEqual(['crnobijeli', 'svijet', 'đurđa', 'i', '11']);
    expect(wordsOf(' ,! ')).toEqual([]);
  });
});

describe('contentWordsOf', () => {
  test('leaves out function words, so a title of only pronouns names nothing', () => {
    expect(contentWordsOf('Grad bez sna')).toEqual(['grad', 'sna']);
    expect(contentWordsOf('Ti i ja')).toEqual([]);
  });
});

describe('stemOf and isFormOf', () => {
  test.each([
    ['pjesma', 'pjesm'],
    ['tragovi', 'trag'],
    ['svatovi', 'svat'],
    ['kuće', 'kuć'],
    ['kum', 'kum'],
    ['sol', 'sol'],
    ['sna', 'sna'],
  ])('the stem of %s is %s', (word, stem) => {
    expect(stemOf(word)).toBe(stem);
  });

  test.each([
    ['pjesmom', 'pjesma', true],
    ['pjesme', 'pjesma', true],
    ['tragovima', 'tragovi', true],
    ['traga', 'tragovi', true],
    ['starog', 'stari', true],
    ['sina', 'sin', true],
    ['sin', 'sin', true],
    ['sinoć', 'sin', false],
    ['soba', 'sol', false],
    ['kuca', 'kuća', false],
    ['kućica', 'kuća', false],
  ])('%s is a form of %s: %p', (word, titleWord, expected) => {
    expect(isFormOf(word, stemOf(titleWord))).toBe(expected);
  });
});
