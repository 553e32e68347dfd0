import { describe, expect, test } from 'bun:test';
import { CORRECT_ANSWERS, countOf, LINES, pluralForm, QUIZZES } from './plural';

describe('Croatian plural forms', () => {
  test.each([
    [0, '0 točnih odgovora'],
    [1, '1 točan odgovor'],
    [2, '2 točna odgovora'],
    [4, '4 točna odgovora'],
    [5, '5 točnih odgovora'],
    [11, '11 točnih odgovora'],
    [12, '12 točnih odgovora'],
    [14, '14 točnih odgovora'],
    [21, '21 točan odgovor'],
    [22, '22 točna odgovora'],
    [25, '25 točnih odgovora'],
    [30, '30 točnih odgovora'],
    [101, '101 točan odgovor'],
    [111, '111 točnih odgovora'],
    [2002, '2.002 točna odgovora'],
  ])('%p → %p', (count, text) => {
    expect(countOf(count, CORRECT_ANSWERS)).toBe(text);
  });

  test.each([
    [1, '1 stih'],
    [2, '2 stiha'],
    [5, '5 stihova'],
    [2002, '2.002 stiha'],
    [2005, '2.005 stihova'],
  ])('lines: %p → %p', (count, text) => {
    expect(countOf(count, LINES)).toBe(text);
  });

  test('the form alone, for counts written elsewhere', () => {
    expect([1, 3, 7, 13, 23, 1000].map((n) => pluralForm(n, QUIZZES))).toEqual([
      'kviz',
      'kviza',
      'kvizova',
      'kvizova',
      'kviza',
      'kvizova',
    ]);
  });
});
