import { describe, expect, test } from 'bun:test';
import type { Day } from '../../time/day';
import { encodeAnswers } from './answer-codec';
import { createFilteredCount, type FilterablePlay } from './filtered-counts';
import { answerKeyLookup, decodePlay, type PlayRow } from './play-rows';
import { createBatchSums } from './recompute';

const DAY = '2026-11-27' as Day;
const play = (playerId: number, firstOfPlayer: boolean): FilterablePlay => ({
  playerId,
  day: DAY,
  hour: 20,
  mode: 'normal',
  deviceClass: 'phone',
  browser: 'safari',
  score: 1,
  answers: [{ lyricId: 1, songId: 1, albumId: 1, selectedSongId: 1 }],
  firstOfPlayer,
});

describe('filtered counts', () => {
  test('a player is new once, even when several of their plays carry the first-seen time (one batch)', () => {
    const count = createFilteredCount({}, { from: DAY, to: DAY });
    // Player 1: three plays recorded in the same millisecond as their first; player 2: a first play and a later one.
    for (const p of [play(1, true), play(1, true), play(2, true), play(1, true), play(2, false)])
      count.add(p);
    const day = count.result().days.get(DAY)!;
    expect(day.plays).toBe(5);
    expect(day.players).toBe(2);
    expect(day.newPlayers).toBe(2);
  });
});

describe('a filtered read decodes only the answers an album or song filter counts', () => {
  // Keys: 1 = line 1 of song 1 (album 1), 2 = line 2 of song 2 (album 1), 3 = line 3 of song 3 (album 2).
  const keyOf = answerKeyLookup([
    { id: 1, lyricId: 1, songId: 1, albumId: 1 },
    { id: 2, lyricId: 2, songId: 2, albumId: 1 },
    { id: 3, lyricId: 3, songId: 3, albumId: 2 },
  ]);
  const row = (answers: [number, number | undefined][]): PlayRow => ({
    player_id: 7,
    day: DAY,
    hour: 20,
    mode: 1,
    device_class: 1,
    browser: 1,
    score: answers.filter(([, wrong]) => wrong === undefined).length,
    answers: encodeAnswers(answers.map(([keyId, wrongSongId]) => ({ keyId, wrongSongId }))),
    first: 1,
  });
  const rows = [
    row([
      [1, undefined],
      [2, 3],
      [3, undefined],
    ]),
    row([[3, 1]]),
    row([
      [2, undefined],
      [1, 2],
    ]),
  ];

  test('the flat answers of the filter only; a play with none is handed on empty', () => {
    expect(decodePlay(rows[0]!, keyOf).answers).toEqual([
      { lyricId: 1, songId: 1, albumId: 1, selectedSongId: 1 },
      { lyricId: 2, songId: 2, albumId: 1, selectedSongId: 3 },
      { lyricId: 3, songId: 3, albumId: 2, selectedSongId: 3 },
    ]);
    expect(decodePlay(rows[0]!, keyOf, { album: 1 }).answers.map((a) => a.lyricId)).toEqual([1, 2]);
    expect(decodePlay(rows[0]!, keyOf, { song: 3 }).answers.map((a) => a.lyricId)).toEqual([3]);
    expect(decodePlay(rows[1]!, keyOf, { album: 1 }).answers).toEqual([]);
  });

  test('the counts are those of the whole decode filtered by the count: the same figures', () => {
    for (const filter of [{ album: 1 }, { album: 2 }, { song: 2 }, { album: 1, song: 3 }]) {
      const whole = createFilteredCount(filter, { from: DAY, to: DAY });
      const narrowed = createFilteredCount(filter, { from: DAY, to: DAY });
      for (const r of rows) {
        whole.add(decodePlay(r, keyOf));
        narrowed.add(decodePlay(r, keyOf, filter));
      }
      expect(narrowed.result()).toEqual(whole.result());
    }
  });
});

test("'summed' counts every per-answer sum the per-day counting does, without the per-day maps", () => {
  const all = createBatchSums(true);
  const summed = createBatchSums('summed');
  const firsts = { firstOfPlayer: true, firstOfPlayerToday: true, firstOfPlayerThisHour: true };
  for (let i = 0; i < 40; i++) {
    const answers = Array.from({ length: 30 }, (_, n) => {
      const line = (i * 7 + n * 13) % 50;
      const songId = 1 + (line % 9);
      return {
        lyricId: line + 1,
        songId,
        albumId: 1 + (songId % 3),
        selectedSongId: n % 4 ? songId : 1 + ((songId + i) % 9),
      };
    });
    const p = { ...play(i % 5, false), day: (i % 2 ? '2026-11-26' : DAY) as Day, answers };
    all.add(p, firsts);
    summed.add(p, firsts);
  }
  expect(all.answerDays.size).toBe(2);
  expect(summed.answerDays.size).toBe(0);
  expect(summed.confusionDays.size).toBe(0);
  const { answerDays: _a, confusionDays: _c, add: _x, ...sums } = all;
  const { answerDays: _b, confusionDays: _d, add: _y, ...same } = summed;
  expect(same).toEqual(sums);
  expect(sums.lyricConfusions.size).toBeGreaterThan(0);
});
