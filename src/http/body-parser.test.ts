import { describe, expect, test } from 'bun:test';
import { parseJson } from './body-parser';

describe('parseJson (the body parser)', () => {
  test.each([
    [
      'a plain body',
      '{"score":3,"answers":[{"lyricId":1,"isCorrect":true}],"deviceInfo":"Mozilla/5.0"}',
      {
        score: 3,
        answers: [{ lyricId: 1, isCorrect: true }],
        deviceInfo: 'Mozilla/5.0',
      },
    ],
    ['toString as a key', '{"deviceInfo":{"toString":[]},"a":1}', { deviceInfo: {}, a: 1 }],
    ['valueOf as a key', '{"valueOf":2,"b":[{"valueOf":{}}]}', { b: [{}] }],
    ['toString spelt with an escape', '{"to\\u0053tring":[],"c":"x"}', { c: 'x' }],
    ['valueOf spelt with an escape', '{"\\u0076alueOf":1}', {}],
    ['the words as values only', '{"d":"toString","e":"valueOf\\n"}', { d: 'toString', e: 'valueOf\n' }],
  ])('%s: conversion keys never survive', (_, text, expected) => {
    expect(parseJson(text)).toEqual(expected);
  });

  test('malformed JSON still throws', () => {
    expect(() => parseJson('{"a":')).toThrow();
    expect(() => parseJson('{"toString":')).toThrow();
  });
});
