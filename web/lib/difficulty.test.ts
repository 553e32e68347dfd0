import { describe, expect, test } from 'bun:test';
import { difficultyOf, levelSuffix, newPlayHref } from './difficulty';
import { positionTexts } from './ranking';

describe('difficulty in the browser (docs/decisions/022)', () => {
  test('the new-play address: normal is plain /quiz?nova, easy and hard name their difficulty', () => {
    expect(newPlayHref('normal')).toBe('/quiz?nova');
    expect(newPlayHref('hard')).toBe('/quiz?nova&difficulty=hard');
    expect(newPlayHref('easy')).toBe('/quiz?nova&difficulty=easy');
  });

  test.each([
    ['?nova&difficulty=hard', 'hard'],
    ['?nova&difficulty=easy', 'easy'],
    ['?nova', 'normal'],
    ['?difficulty=HARD', 'normal'],
    ['', 'normal'],
  ] as const)('%p asks for %p', (search, difficulty) => {
    expect(difficultyOf(search)).toBe(difficulty);
  });

  test('the position names the level compared with, except for normal, whose words stay unchanged', () => {
    const p = { percentile: 63.4, samePercent: 5.1, totalPlayers: 1532 };
    expect(positionTexts(p).better).toBe('Bolje od 63,4% igrača');
    expect(positionTexts(p, 'normal').better).toBe('Bolje od 63,4% igrača');
    expect(positionTexts(p, 'hard').better).toBe('Bolje od 63,4% igrača na teškoj razini');
    expect(positionTexts(p, 'easy').better).toBe('Bolje od 63,4% igrača na laganoj razini');
    expect(positionTexts({ ...p, totalPlayers: 1 }, 'hard').first).toBe(
      'Vi ste prvi igrač ovog kviza na teškoj razini – vaš rezultat je mjerilo za sve ostale!',
    );
    expect(levelSuffix(undefined)).toBe('');
  });
});
