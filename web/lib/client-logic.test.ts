import { describe, expect, test } from 'bun:test';
import { RATING_BANDS, ratingFor } from '../../src/shared/rating';
import { formatCount, formatPercent } from './format';
import { emptyQuiz, isFinished, type Question, quizReducer, submissionOf } from './quiz-state';
import { feedShareUrl, messageShareUrl, shareText, shareUrl, tweetUrl } from './share';
import { isMobileUserAgent } from './user-agent';

describe('rating bands', () => {
  test.each([
    [0, 'Nedovoljno'],
    [10, 'Nedovoljno'],
    [11, 'Dovoljno'],
    [15, 'Dovoljno'],
    [16, 'Dobro'],
    [20, 'Dobro'],
    [21, 'Vrlo dobro'],
    [25, 'Vrlo dobro'],
    [26, 'Odlično'],
    [30, 'Odlično'],
  ])('%p → %p', (score, label) => {
    expect<string>(ratingFor(score).label).toBe(label);
  });
  test('the bands cover 0–30 without gaps', () => {
    expect(RATING_BANDS.map((b) => [b.min, b.max])).toEqual([
      [0, 10],
      [11, 15],
      [16, 20],
      [21, 25],
      [26, 30],
    ]);
  });
});

describe('sharing', () => {
  test('share text', () => {
    expect(shareText(21, 'Lovro Lanterna')).toBe('Imam 21/30 bodova u Lovro Lanterna Kvizu znanja!');
  });
  test('share URL carries v = the last 5 digits of the timestamp', () => {
    expect(shareUrl('https://kviz.example.hr', 1_763_720_012_345)).toBe('https://kviz.example.hr/?v=12345');
    expect(shareUrl('https://kviz.example.hr/', 1_763_720_000_042)).toBe('https://kviz.example.hr/?v=00042');
  });
  test('target links carry the text and the URL', () => {
    const url = 'https://kviz.example.hr/?v=12345';
    expect(messageShareUrl('Imam 3/30', url)).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Imam 3/30 ${url}`)}`,
    );
    expect(tweetUrl('Imam 3/30', url)).toBe(
      `https://twitter.com/intent/tweet?text=Imam%203%2F30&url=${encodeURIComponent(url)}`,
    );
    expect(feedShareUrl(url, false)).toStartWith('https://www.facebook.com/sharer/sharer.php?u=');
    expect(feedShareUrl(url, true)).toStartWith('https://m.facebook.com/sharer.php?u=');
    expect(feedShareUrl(url, true)).toContain('hashtag=%23KvizZnanja');
  });
  test('mobile detection', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(
      true,
    );
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0')).toBe(false);
  });
});

const question = (id: number, correct: number): Question => ({
  id,
  lyricId: id,
  lyric: `Stih ${id}`,
  correctSongId: correct,
  correctSongTitle: `Pjesma ${correct}`,
  albumTitle: 'Album',
  albumYear: 1992,
  options: [1, 2, 3, 4, 5].map((o) => ({ id: o, title: `Pjesma ${o}` })),
});

describe('quiz state', () => {
  const loaded = quizReducer(emptyQuiz, {
    type: 'loaded',
    questions: [question(10, 1), question(11, 2)],
    token: 't',
    fetchedAt: 1,
  });

  test('a correct answer is recorded and raises the count', () => {
    const s = quizReducer(loaded, { type: 'answer', questionId: 10, selectedSongId: 1 });
    expect(s.answers).toEqual([{ questionId: 10, selectedSongId: 1, correctSongId: 1, isCorrect: true }]);
    expect(s.correctCount).toBe(1);
  });

  test('an answered question ignores further answers', () => {
    const once = quizReducer(loaded, { type: 'answer', questionId: 10, selectedSongId: 3 });
    const twice = quizReducer(once, { type: 'answer', questionId: 10, selectedSongId: 1 });
    expect(twice).toBe(once);
    expect(twice.correctCount).toBe(0);
  });

  test('next increments the index; the quiz is finished past the last question; reset clears', () => {
    let s = quizReducer(loaded, { type: 'next' });
    expect(s.currentIndex).toBe(1);
    expect(isFinished(s)).toBe(false);
    s = quizReducer(s, { type: 'next' });
    expect(isFinished(s)).toBe(true);
    expect(quizReducer(s, { type: 'reset' })).toEqual(emptyQuiz);
    expect(isFinished(emptyQuiz)).toBe(false);
  });

  test('the submission carries the answers, the score from them and the token; unknown questions are skipped', () => {
    let s = quizReducer(loaded, { type: 'answer', questionId: 10, selectedSongId: 1 });
    s = quizReducer(s, { type: 'answer', questionId: 11, selectedSongId: 5 });
    s = {
      ...s,
      answers: [...s.answers, { questionId: 999, selectedSongId: 1, correctSongId: 1, isCorrect: true }],
    };
    expect(submissionOf(s, 'sid', 'UA')).toEqual({
      quizToken: 't',
      sessionId: 'sid',
      deviceInfo: 'UA',
      score: 1,
      totalQuestions: 2,
      answers: [
        { lyricId: 10, songId: 1, selectedSongId: 1, isCorrect: true },
        { lyricId: 11, songId: 2, selectedSongId: 5, isCorrect: false },
      ],
    });
  });
});

describe('number formatting', () => {
  test('percentages have one decimal, a decimal comma and a % sign', () => {
    expect([formatPercent(63.44), formatPercent(0), formatPercent(100), formatPercent(7.25)]).toEqual([
      '63,4%',
      '0,0%',
      '100,0%',
      '7,3%',
    ]);
  });
  test('counts group thousands with a dot', () => {
    expect([formatCount(2002), formatCount(1532), formatCount(7)]).toEqual(['2.002', '1.532', '7']);
  });
});
