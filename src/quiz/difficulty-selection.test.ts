import { describe, expect, test } from 'bun:test';
import { createTestDb, makeCatalogue, seededRandom } from '../../test/support/fixtures';
import { loadCatalogueIndex } from '../storage/sqlite/catalogue-load';
import {
  buildDifficultySelection,
  generateSelectedQuiz,
  type LineCounts,
  MIN_SHOWN,
  pickDistractors,
  pickLines,
} from './difficulty-selection';
import { generateQuiz } from './generate';

// 4 albums (1992, 1995, 1998, 2001) × 5 songs × 10 lines.
const index = loadCatalogueIndex(createTestDb(makeCatalogue(4, 5, 10)));

describe('difficulty selection (docs/decisions/022)', () => {
  test('without any statistics: random lines; hard offers the album first, easy the distant years', () => {
    const selection = buildDifficultySelection(index, [], []);
    expect(selection.hard.unseen).toHaveLength(index.askable.length);
    const random = seededRandom(3);
    const shares = (questions: ReturnType<typeof generateQuiz>) => {
      let same = 0;
      let gap = 0;
      let n = 0;
      for (const q of questions)
        for (const o of q.options) {
          if (o.id === q.correctSongId) continue;
          const song = index.songsById.get(o.id)!;
          const right = index.songsById.get(q.correctSongId)!;
          n++;
          if (song.album === right.album) same++;
          gap += Math.abs(song.album.year - right.album.year);
        }
      return { same: same / n, gap: gap / n };
    };
    const hard = shares(generateSelectedQuiz(index, selection.hard, 50, random));
    const normal = shares(generateQuiz(index, 50, random));
    const easy = shares(generateSelectedQuiz(index, selection.easy, 50, random));
    // Four album mates exist for every song: hard offers exactly them.
    expect(hard.same).toBe(1);
    expect(easy.same).toBe(0);
    expect(normal.same).toBeGreaterThan(0);
    expect(normal.same).toBeLessThan(1);
    expect(easy.gap).toBeGreaterThan(normal.gap);
    expect(hard.gap).toBe(0);
  });

  test('lines: two thirds from the preferred quarter of seen lines, one third unseen, none twice', () => {
    // Lines 0..149 seen 10 times with accuracy growing with position; the last 50 unseen (4 shows).
    const counts: LineCounts[] = index.askable.map((lyric, i) => ({
      lyricId: lyric.id,
      occurrences: i < 150 ? 10 : MIN_SHOWN - 1,
      correctAnswers: i < 150 ? Math.floor(i / 15) : 0,
    }));
    const selection = buildDifficultySelection(index, counts, []);
    expect(selection.hard.preferred.length).toBe(Math.ceil(150 / 4));
    expect(selection.hard.unseen.length).toBe(50);
    const random = seededRandom(11);
    for (let i = 0; i < 50; i++) {
      const hard = pickLines(random, selection.hard, 30);
      const easy = pickLines(random, selection.easy, 30);
      for (const lines of [hard, easy]) {
        expect(new Set(lines).size).toBe(30);
        expect(lines.filter((at) => at >= 150)).toHaveLength(10);
      }
      // The hardest quarter is lines 0..37 (accuracy 0–20 %), the easiest 112..149 (70–90 %).
      expect(hard.filter((at) => at < 150).every((at) => at < 38)).toBe(true);
      expect(easy.filter((at) => at < 150).every((at) => at >= 112)).toBe(true);
    }
  });

  test('a quiz longer than the preferred and unseen lines is filled from the rest', () => {
    const counts = index.askable.map((lyric) => ({ lyricId: lyric.id, occurrences: 10, correctAnswers: 5 }));
    const selection = buildDifficultySelection(index, counts, []);
    const lines = pickLines(seededRandom(1), selection.hard, 200);
    expect(new Set(lines).size).toBe(200);
  });

  test('hard offers the songs most confused with the right one, at most three, easy none of them', () => {
    const a = index.songs[0]!;
    const [b, c, d, e] = index.songs.filter((s) => s !== a && s.album === a.album);
    const [x, y, z] = index.songs.filter((s) => s.album !== a.album);
    const confusions = [
      { songId: a.id, selectedSongId: e!.id, times: 9 },
      { songId: a.id, selectedSongId: x!.id, times: 5 },
      { songId: a.id, selectedSongId: y!.id, times: 4 },
      { songId: a.id, selectedSongId: z!.id, times: 3 },
      { songId: a.id, selectedSongId: b!.id, times: 1 },
    ];
    const selection = buildDifficultySelection(index, [], confusions);
    const tiers = selection.hard.tiers[a.index]!;
    expect([...tiers[0]!, ...tiers[1]!, ...tiers[2]!]).toEqual([e!.index, x!.index, y!.index]);
    const random = seededRandom(5);
    for (let i = 0; i < 20; i++) {
      const hard = pickDistractors(random, tiers, 4);
      expect(hard).toContain(e!.index);
      expect(hard).toContain(x!.index);
      expect(hard).toContain(y!.index);
      // The fourth: an album mate other than e (b, c or d; a single stray pick does not count).
      expect(hard.filter((s) => [b!.index, c!.index, d!.index].includes(s))).toHaveLength(1);
      const easy = pickDistractors(random, selection.easy.tiers[a.index]!, 4);
      expect(easy.some((s) => [e!.index, x!.index, y!.index].includes(s))).toBe(false);
    }
  });
});
