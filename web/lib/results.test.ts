import { describe, expect, test } from 'bun:test';
import { emptyQuiz, type Question, type QuizState, quizReducer } from './quiz-state';
import { personalRecord, positionTexts, scoreNote } from './ranking';
import { lineResultsById, reviewOf } from './review';
import { answerSquares, shareMessage, shareUrl } from './share';

const question = (id: number, correct: number): Question => ({
  id,
  lyricId: 100 + id,
  lyric: `Stih ${id}`,
  correctSongId: correct,
  correctSongTitle: `Pjesma ${correct}`,
  albumTitle: `Album ${correct}`,
  albumYear: 1990 + correct,
  options: [1, 2, 3, 4, 5].map((o) => ({ id: o, title: `Pjesma ${o}` })),
});

/** A play of `picks.length` lines whose right songs are 1, 2, 3, …; the player picked `picks`. */
function playOf(picks: number[]): QuizState {
  let s = quizReducer(emptyQuiz, {
    type: 'loaded',
    questions: picks.map((_, i) => question(i + 1, (i % 5) + 1)),
    token: 'p.sig',
    fetchedAt: 1,
  });
  for (const [i, pick] of picks.entries()) {
    s = quizReducer(s, { type: 'answer', questionId: i + 1, selectedSongId: pick });
    s = quizReducer(s, { type: 'next' });
  }
  return s;
}

describe('the review of a play', () => {
  const play = playOf([1, 5, 3, 1, 5]); // right: lines 1, 3, 5; missed: 2 (picked 5), 4 (picked 1)

  test('missed lines first, each group in the order asked, with pick, right song, album and year', () => {
    const review = reviewOf(play);
    expect(review.map((r) => [r.questionId, r.isCorrect])).toEqual([
      [2, false],
      [4, false],
      [1, true],
      [3, true],
      [5, true],
    ]);
    expect(review[0]).toEqual({
      questionId: 2,
      lyricId: 102,
      lyric: 'Stih 2',
      isCorrect: false,
      picked: 'Pjesma 5',
      correct: 'Pjesma 2',
      albumTitle: 'Album 2',
      albumYear: 1992,
    });
  });

  test('with the line counters: the share of players right, and the most confused song for missed lines only', () => {
    const lines = lineResultsById([
      {
        lyricId: 102,
        occurrences: 8,
        correctAnswers: 2,
        confusedWith: { songId: 4, title: 'Pjesma 4', times: 5 },
      },
      // Counts as strings (docs/product.md#counts-as-strings) become numbers.
      { lyricId: 101, occurrences: '3', correctAnswers: '3' } as never,
      { lyricId: 103, occurrences: 0, correctAnswers: 0, confusedWith: { songId: 1, title: 'X', times: 1 } },
    ]);
    const review = reviewOf(play, lines);
    const byId = new Map(review.map((r) => [r.questionId, r]));
    expect(byId.get(2)).toMatchObject({ share: 25, confusedWith: 'Pjesma 4' });
    expect(byId.get(1)).toMatchObject({ share: 100 });
    expect(byId.get(1)?.confusedWith).toBeUndefined();
    expect(byId.get(3)?.share).toBeUndefined(); // never shown to anyone: no share to state
    expect(byId.get(4)?.share).toBeUndefined(); // not in the answer
  });
});

describe('the share text', () => {
  test('one square per line in the order asked: 🟩 right, 🟥 wrong or unanswered', () => {
    const play = playOf([1, 5, 3, 1]);
    const withUnanswered = { ...play, questions: [...play.questions, question(99, 1)] };
    expect(answerSquares(withUnanswered.questions, withUnanswered.answers)).toBe('🟩🟥🟩🟥🟥');
  });

  test('the share sentence with the row of squares under it', () => {
    expect(shareMessage(21, 'Lovro Lanterna', '🟩🟥')).toBe(
      'Imam 21/30 bodova u Lovro Lanterna Kvizu znanja!\n🟩🟥',
    );
  });

  test('the shared URL carries the score and a cache-busting v of the last 5 digits of the time', () => {
    expect(shareUrl('https://kviz.example.hr', 1_763_720_012_345, 25)).toBe(
      'https://kviz.example.hr/?r=25&v=12345',
    );
  });
});

describe('ranking texts', () => {
  test('the position box: better than, equal to, and out of how many plays', () => {
    expect(positionTexts({ percentile: 63.44, samePercent: 5.1, totalPlayers: 1532 })).toEqual({
      better: 'Bolje od 63,4% igrača',
      same: 'Isti rezultat ima 5,1% igrača',
      total: '(od ukupno 1.532 igranja)',
    });
  });

  test('the first recorded play of all gets a line of its own', () => {
    expect(positionTexts({ percentile: 0, samePercent: 100, totalPlayers: 1 }).first).toContain('prvi igrač');
  });

  test('a server without samePercent: the line is left out', () => {
    expect(positionTexts({ percentile: 10, totalPlayers: 2 } as never).same).toBeUndefined();
  });

  test.each([
    [30, 4, 'Savršeno! Svih 30 stihova pogođeno – čestitamo!'],
    [30, 0, 'Savršeno! Svih 30 stihova pogođeno – čestitamo!'],
    [12, 0, 'Vaša prva igra! Svaka sljedeća donosi 30 novih stihova.'],
    [12, 3, undefined],
  ])('score %p after %p earlier plays → %p', (score, earlier, note) => {
    expect(scoreNote(score, earlier)).toBe(note);
  });

  test('the personal best and the earlier plays, this play excluded', () => {
    const history = [
      { id: 'now', score: 27, at: 3 },
      { id: 'b', score: 22, at: 2 },
      { id: 'a', score: 25, at: 1 },
    ];
    expect(personalRecord(history, 'now', 27)).toEqual({
      best: 27,
      newBest: true,
      earlier: [
        { id: 'b', score: 22, at: 2 },
        { id: 'a', score: 25, at: 1 },
      ],
    });
    expect(personalRecord(history, 'now', 20).newBest).toBe(false);
    expect(personalRecord([{ id: 'now', score: 9, at: 1 }], 'now', 9)).toEqual({
      best: 9,
      newBest: false,
      earlier: [],
    });
  });
});
