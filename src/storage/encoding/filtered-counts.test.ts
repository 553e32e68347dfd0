import { describe, expect, test } from 'bun:test';
import type { Day } from '../../time/day';
import { createFilteredCount, type FilterablePlay } from './filtered-counts';

const DAY = '2026-11-27' as Day;
const play = (playerId: number, firstOfPlayer: boolean): FilterablePlay => ({
  playerId,
  day: DAY,
  hour: 20,
  mode: 'normal',
  deviceClass: 'phone',
  browser: 'safari',
  score: 1,
  answers: [{ key: { lyricId: 1, songId: 1, albumId: 1 }, selectedSongId: 1 }],
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
