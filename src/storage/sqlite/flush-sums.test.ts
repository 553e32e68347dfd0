import { describe, expect, test } from 'bun:test';
import { encodeAnswers } from '../encoding/answer-codec';
import type { AnswerKey } from '../encoding/recompute';
import { createFlushSums, type Deltas, type FlushSums, pairKey } from './flush-sums';

// Keys 1–3: lines 10, 11 (song 5, album 1) and 20 (song 6, album 2).
const keys: Record<number, AnswerKey> = {
  1: { lyricId: 10, songId: 5, albumId: 1 },
  2: { lyricId: 11, songId: 5, albumId: 1 },
  3: { lyricId: 20, songId: 6, albumId: 2 },
};
const keyOf = (id: number) => keys[id]!;
/** A play of `[answer key, wrong song or undefined]` answers. */
const play = (sums: FlushSums, day: string, answers: [number, number | undefined][]) =>
  sums.add(day, encodeAnswers(answers.map(([keyId, wrongSongId]) => ({ keyId, wrongSongId }))), keyOf);
const rowsOf = (deltas: Deltas) => {
  const rows: number[][] = [];
  deltas.each((a, b, c) => rows.push([a, b, c]));
  expect(rows).toHaveLength(deltas.rows);
  return rows;
};

describe('flush sums', () => {
  test('counts answers per id and wrong picks per pair, rows in key order, across days', () => {
    const sums = createFlushSums();
    // Day 2 first: rows come out in key and day order whatever the order of the plays.
    play(sums, '2026-11-02', [
      [3, 5],
      [1, 6],
    ]);
    play(sums, '2026-11-01', [
      [1, 6],
      [2, undefined],
      [3, 5],
    ]);
    play(sums, '2026-11-01', [
      [1, 7],
      [3, undefined],
    ]);

    expect(rowsOf(sums.lyrics())).toEqual([
      [10, 3, 0],
      [11, 1, 1],
      [20, 3, 1],
    ]);
    expect(rowsOf(sums.songs())).toEqual([
      [5, 4, 1],
      [6, 3, 1],
    ]);
    expect(rowsOf(sums.albums())).toEqual([
      [1, 4, 1],
      [2, 3, 1],
    ]);
    expect(rowsOf(sums.lyricConfusions())).toEqual([
      [10, 6, 2],
      [10, 7, 1],
      [20, 5, 2],
    ]);
    expect(rowsOf(sums.songConfusions())).toEqual([
      [5, 6, 2],
      [5, 7, 1],
      [6, 5, 2],
    ]);
    const days = sums.days().map(([day, answers, pairs]) => [day, rowsOf(answers), rowsOf(pairs)]);
    expect(days).toEqual([
      [
        '2026-11-01',
        [
          [1, 2, 0],
          [2, 1, 1],
          [3, 2, 1],
        ],
        [
          [10, 6, 1],
          [10, 7, 1],
          [20, 5, 1],
        ],
      ],
      [
        '2026-11-02',
        [
          [1, 1, 0],
          [3, 1, 0],
        ],
        [
          [10, 6, 1],
          [20, 5, 1],
        ],
      ],
    ]);
  });

  test('a one-day flush: the all-time line confusions are the day’s rows; no wrong pick, no rows', () => {
    const sums = createFlushSums();
    for (let i = 0; i < 5_000; i++) play(sums, '2026-11-01', [[1 + (i % 3), 7 + (i % 2)]]);
    const [[, , pairs]] = sums.days() as [[string, Deltas, Deltas]];
    expect(sums.lyricConfusions()).toEqual(pairs);
    expect(rowsOf(pairs).reduce((sum, [, , times]) => sum + times!, 0)).toBe(5_000);

    const right = createFlushSums();
    play(right, '2026-11-01', [[1, undefined]]);
    expect(right.lyricConfusions().rows).toBe(0);
    expect(rowsOf(right.lyricConfusions())).toEqual([]);
    expect(right.songConfusions().rows).toBe(0);
    expect(rowsOf(right.lyrics())).toEqual([[10, 1, 1]]);
  });

  test('any run of rows comes out alone, and the keys increase with the rows (a flush in chunks: docs/decisions/041)', () => {
    const sums = createFlushSums();
    for (let i = 0; i < 200; i++)
      play(sums, '2026-11-01', [
        [1 + (i % 3), 5 + (i % 7)],
        [1 + ((i + 1) % 3), undefined],
      ]);
    for (const deltas of [sums.lyrics(), sums.lyricConfusions(), sums.songConfusions()]) {
      const whole = rowsOf(deltas);
      for (const cut of [1, 2, deltas.rows - 1]) {
        const parts: number[][] = [];
        deltas.each((a, b, c) => parts.push([a, b, c]), 0, cut);
        deltas.each((a, b, c) => parts.push([a, b, c]), cut);
        expect(parts).toEqual(whole);
      }
      for (let i = 1; i < deltas.rows; i++) expect(deltas.key(i)).toBeGreaterThan(deltas.key(i - 1));
    }
    expect(sums.lyricConfusions().key(0)).toBe(pairKey(10, 5));
  });
});
