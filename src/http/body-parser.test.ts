import { describe, expect, test } from 'bun:test';
import { AppError } from '../errors';
import { MAX_JSON_DEPTH, parseJson } from './body-parser';

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

  test('nesting past MAX_JSON_DEPTH is a 422 naming the top-level field, at any depth, without recursion', () => {
    const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    for (const field of ['deviceInfo', 'quizToken', 'sessionId']) {
      for (const depth of [MAX_JSON_DEPTH, 5_000, 30_000]) {
        let caught: unknown;
        try {
          parseJson(`{"score":1,"${field}":${nest(depth)}}`);
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(AppError);
        expect((caught as AppError).status).toBe(422);
        expect((caught as AppError).field).toBe(field);
      }
      // With an escape in the text (the path that also strips conversion keys).
      expect(() => parseJson(`{"a\\u0041":1,"${field}":${nest(5_000)}}`)).toThrow(AppError);
    }
    // The top level itself.
    expect(() => parseJson(nest(40))).toThrow('The body is nested deeper');
    // Deep enough for every body of the API, and one level short of the bound.
    expect(parseJson(`{"x":${nest(MAX_JSON_DEPTH - 1)}}`)).toBeDefined();
  });
});
