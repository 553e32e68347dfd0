import { describe, expect, test } from 'bun:test';
import type { CatalogueIndex, IndexedLyric, IndexedSong } from '../catalogue/catalogue-index';
import { streakOf } from '../shared/streak';
import { nextDayStart } from '../time/day-end';
import { dailyLines, dailyQuestions } from './select';

/** A catalogue of `lines` askable lines over 40 songs (ids from 1). */
function catalogueOf(lines: number): CatalogueIndex {
  const album = { id: 1, title: 'Album', year: 2000 };
  const songs: IndexedSong[] = Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    title: `Pjesma ${i + 1}`,
    album,
    index: i,
    option: { id: i + 1, title: `Pjesma ${i + 1}` },
  }));
  const askable: IndexedLyric[] = Array.from({ length: lines }, (_, i) => ({
    id: 1000 + i,
    text: `Stih ${i}`,
    song: songs[i % songs.length]!,
  }));
  return {
    artist: 'Test',
    albums: [album],
    songs,
    lyricsById: new Map(askable.map((l) => [l.id, l])),
    songsById: new Map(songs.map((s) => [s.id, s])),
    askable,
  };
}

const DAY0 = 20_000; // 2024-10-04, days since 1970-01-01

describe('the daily choice of lines', () => {
  test('no line repeats within 60 consecutive days on a catalogue of 1,994 lines (the demo size), over a year of starts', () => {
    const catalogue = catalogueOf(1994);
    const days = Array.from({ length: 365 + 60 }, (_, i) =>
      dailyLines('secret', DAY0 + i, catalogue).map((l) => l.id),
    );
    for (const ids of days) expect(new Set(ids).size).toBe(30);
    for (let start = 0; start + 60 <= days.length; start++) {
      const seen = new Set<number>();
      for (const ids of days.slice(start, start + 60)) for (const id of ids) seen.add(id);
      expect(seen.size).toBe(60 * 30);
    }
  });

  test('a smaller catalogue repeats a line only after every line was asked (floor(lines / 30) days)', () => {
    const catalogue = catalogueOf(200); // 6 full days, then the order wraps
    const window = Math.floor(200 / 30);
    for (let start = 0; start < 40; start++) {
      const seen = new Set<number>();
      for (let d = 0; d < window; d++)
        for (const l of dailyLines('s', DAY0 + start + d, catalogue)) seen.add(l.id);
      expect(seen.size).toBe(window * 30);
    }
  });

  test('the same (secret, day, catalogue) gives the same questions; another secret or day does not', () => {
    const catalogue = catalogueOf(500);
    const key = (secret: string, day: number) =>
      JSON.stringify(
        dailyQuestions(secret, day, catalogue).map((q) => [q.lyricId, q.options.map((o) => o.id)]),
      );
    // A new catalogue object with the same lines in another order: the choice depends on the ids only.
    const reordered = { ...catalogueOf(500), askable: [...catalogue.askable].reverse() };
    expect(key('a', DAY0)).toBe(key('a', DAY0));
    expect(
      JSON.stringify(
        dailyQuestions('a', DAY0, reordered)
          .map((q) => q.lyricId)
          .sort(),
      ),
    ).toBe(
      JSON.stringify(
        dailyQuestions('a', DAY0, catalogue)
          .map((q) => q.lyricId)
          .sort(),
      ),
    );
    expect(key('a', DAY0 + 1)).not.toBe(key('a', DAY0));
    expect(key('b', DAY0)).not.toBe(key('a', DAY0));
    for (const q of dailyQuestions('a', DAY0, catalogue)) {
      expect(new Set(q.options.map((o) => o.id)).size).toBe(5);
      expect(q.options.some((o) => o.id === q.correctSongId)).toBe(true);
    }
  });

  test('a catalogue with fewer than 30 lines asks all of them', () => {
    expect(dailyLines('s', DAY0, catalogueOf(12))).toHaveLength(12);
  });
});

describe('nextDayStart', () => {
  test('is the next midnight in the zone, on ordinary and daylight-saving days', () => {
    const z = 'Europe/Zagreb';
    expect(new Date(nextDayStart(Date.UTC(2025, 0, 10, 12), z)).toISOString()).toBe(
      '2025-01-10T23:00:00.000Z',
    );
    expect(new Date(nextDayStart(Date.UTC(2025, 2, 30, 1, 30), z)).toISOString()).toBe(
      '2025-03-30T22:00:00.000Z',
    );
    expect(new Date(nextDayStart(Date.UTC(2025, 9, 26, 0, 30), z)).toISOString()).toBe(
      '2025-10-26T23:00:00.000Z',
    );
    // One millisecond before midnight: the midnight a millisecond later.
    expect(nextDayStart(Date.UTC(2025, 0, 10, 22, 59, 59, 999), z)).toBe(Date.UTC(2025, 0, 10, 23));
  });
});

describe('streakOf', () => {
  test('current and best runs of consecutive days', () => {
    expect(streakOf([], '2025-04-15')).toEqual({ current: 0, best: 0 });
    expect(streakOf(['2025-04-14'], '2025-04-15')).toEqual({ current: 1, best: 1 });
    expect(streakOf(['2025-04-13'], '2025-04-15')).toEqual({ current: 0, best: 1 });
    expect(
      streakOf(
        ['2025-04-15', '2025-04-14', '2025-04-10', '2025-04-09', '2025-04-08', '2025-04-14'],
        '2025-04-15',
      ),
    ).toEqual({ current: 2, best: 3 });
    // Across a month and a DST change; a day in the future is ignored.
    expect(
      streakOf(['2025-03-30', '2025-03-31', '2025-03-29', '2025-04-01', '2025-04-09'], '2025-04-01'),
    ).toEqual({
      current: 4,
      best: 4,
    });
  });
});
