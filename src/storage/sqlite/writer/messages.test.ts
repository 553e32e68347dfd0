import { expect, test } from 'bun:test';
import type { PlayToRecord } from '../../contract';
import { fromWirePlay, toWirePlay } from './messages';

test('a play crosses to the writer with its answers packed and comes out equal', () => {
  const play: PlayToRecord = {
    answers: Array.from({ length: 30 }, (_, i) => ({
      position: i,
      lyricId: 2_000 + i * 7,
      songId: 10 + (i % 9),
      albumId: 1 + (i % 3),
      selectedSongId: i % 4 === 0 ? 99 : 10 + (i % 9),
      isCorrect: i % 4 !== 0,
    })),
    score: 22,
    nonce: 'nonce-1',
    sessionId: '00000000-0000-4000-8000-000000000001',
    createdAtMs: 1_764_300_000_000,
    day: '2026-11-28' as PlayToRecord['day'],
    hour: 4,
    difficulty: 'hard',
    dailyDay: '2026-11-28' as PlayToRecord['day'],
    unranked: true,
    deviceClass: 'phone',
    browser: 'safari',
  };
  const wire = toWirePlay(play);
  expect(wire.answers).toBeInstanceOf(Int32Array);
  expect(wire.answers.length).toBe(30 * 6);
  expect(fromWirePlay(structuredClone(wire))).toEqual(play);
});
