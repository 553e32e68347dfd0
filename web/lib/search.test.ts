import { describe, expect, test } from 'bun:test';
import { foldText, matchesTerms, queryTerms, searchableText } from '../../src/shared/search';

const finds = (query: string, ...texts: string[]) => matchesTerms(searchableText(texts), queryTerms(query));

describe('search without diacritics', () => {
  test('folding: lower case, no diacritics, đ as dj', () => {
    expect(foldText('Čuvar ŠKURA žito ćup Đurđa')).toBe('cuvar skura zito cup djurdja');
  });

  test.each([
    ['cuvar', 'Stari čuvar svjetla'],
    ['čuvar', 'Stari čuvar svjetla'],
    ['CUVAR', 'Stari čuvar svjetla'],
    ['zatvorene skure', 'Zatvorene škure'],
    ['djurdjevak', 'Đurđevak u proljeće'],
    ['durdevak', 'Đurđevak u proljeće'],
    ['đurđevak', 'Đurđevak u proljeće'],
    ['  svjetla   stari ', 'Stari čuvar svjetla'],
  ])('%p finds %p', (query, text) => {
    expect(finds(query, text)).toBe(true);
  });

  test('every word must occur, in any of the texts (line, song, album)', () => {
    expect(finds('bura 1992', 'Puše bura', 'Zatvorene škure', 'Sol na usnama (1992)')).toBe(true);
    expect(finds('bura 2001', 'Puše bura', 'Zatvorene škure', 'Sol na usnama (1992)')).toBe(false);
    expect(finds('cuvarica', 'Stari čuvar svjetla')).toBe(false);
  });

  test('an empty query matches everything', () => {
    expect(queryTerms('   ')).toEqual([]);
    expect(finds('', 'bilo što')).toBe(true);
  });

  test('words do not join across two texts', () => {
    expect(finds('burazatvorene', 'Puše bura', 'Zatvorene škure')).toBe(false);
  });
});
