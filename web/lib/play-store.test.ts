import { describe, expect, test } from 'bun:test';
import { MemoryStorage } from '../../test/support/memory-storage';
import {
  currentPlay,
  forgetTabPlay,
  HISTORY_SIZE,
  mergePlays,
  playIdOf,
  playInProgress,
  quizPageAction,
  readHistory,
  rememberFinished,
  resultsPageAction,
  savePlay,
} from './play-store';
import { emptyQuiz, type Question, type QuizState, quizReducer } from './quiz-state';
import { PLAY_KEY, QUIZ_STATE_KEY } from './storage';

const question = (id: number): Question => ({
  id,
  lyricId: id,
  lyric: `Stih ${id}`,
  correctSongId: 1,
  correctSongTitle: 'Pjesma 1',
  albumTitle: 'Album',
  albumYear: 1992,
  options: [1, 2, 3, 4, 5].map((o) => ({ id: o, title: `Pjesma ${o}` })),
});

const started = (token: string, lines = 3): QuizState =>
  quizReducer(emptyQuiz, {
    type: 'loaded',
    questions: Array.from({ length: lines }, (_, i) => question(i + 1)),
    token: `payload.${token}`,
    fetchedAt: 1,
  });

/** `play` answered for its first `n` lines (right ones by `right`) and moved on past each. */
function answered(play: QuizState, n: number, right = true): QuizState {
  let s = play;
  for (const q of play.questions.slice(0, n)) {
    s = quizReducer(s, { type: 'answer', questionId: q.id, selectedSongId: right ? 1 : 2 });
    s = quizReducer(s, { type: 'next' });
  }
  return s;
}

const stores = () => ({ session: new MemoryStorage(), local: new MemoryStorage() });

describe('where a play is found', () => {
  test('a new tab (no tab play) finds the browser’s latest play', () => {
    const { session, local } = stores();
    savePlay(new MemoryStorage(), local, started('A'), true);
    expect(currentPlay(session, local)?.token).toBe('payload.A');
  });

  test('a tab keeps its own finished play when another tab started a new one', () => {
    const tabA = new MemoryStorage();
    const tabB = new MemoryStorage();
    const local = new MemoryStorage();
    const a = answered(started('A'), 3);
    savePlay(tabA, local, a, true);
    savePlay(tabB, local, started('B'), true);
    // Tab A saves again (its results page): the browser's slot stays with B.
    savePlay(tabA, local, a);
    expect(currentPlay(tabA, local)?.token).toBe('payload.A');
    expect(currentPlay(new MemoryStorage(), local)?.token).toBe('payload.B');
  });

  test('two copies of one play merge to the one further along, keeping an acknowledged submission', () => {
    const base = started('A');
    const ahead = answered(base, 2);
    const behind = { ...answered(base, 1), submitted: true, submission: { playId: 7, score: 1 } };
    expect(mergePlays(behind, ahead)).toEqual({
      ...ahead,
      submitted: true,
      submission: { playId: 7, score: 1 },
    });
    expect(mergePlays(base, started('B'))).toBe(base);
    expect(mergePlays(base, undefined)).toBe(base);
  });

  test('storage that holds no play, or garbage, is no play', () => {
    const { session, local } = stores();
    expect(currentPlay(session, local)).toBeUndefined();
    session.setItem(QUIZ_STATE_KEY, '{not json');
    local.setItem(PLAY_KEY, JSON.stringify({ questions: [] }));
    expect(currentPlay(session, local)).toBeUndefined();
  });

  test('forgetting the tab’s play keeps the browser’s copy (the result stays reachable)', () => {
    const { session, local } = stores();
    const done = answered(started('A'), 3);
    savePlay(session, local, done, true);
    forgetTabPlay(session);
    expect(session.getItem(QUIZ_STATE_KEY)).toBeNull();
    expect(currentPlay(session, local)?.token).toBe('payload.A');
  });

  test('a play in progress is offered on the start page; a finished one is not', () => {
    const { session, local } = stores();
    savePlay(session, local, answered(started('A'), 1), true);
    expect(playInProgress(local, session)?.currentIndex).toBe(1);
    savePlay(session, local, answered(started('A'), 3));
    expect(playInProgress(local, session)).toBeUndefined();
  });
});

describe('what the pages do with the play they find', () => {
  test.each<[string, QuizState | undefined, boolean, ReturnType<typeof quizPageAction>]>([
    ['no play', undefined, false, 'new'],
    ['a play in progress', answered(started('A'), 1), false, 'resume'],
    ['a finished play', answered(started('A'), 3), false, 'finished'],
    ['a finished play, new play asked', answered(started('A'), 3), true, 'new'],
    ['a play in progress, new play asked', answered(started('A'), 1), true, 'new'],
  ])('/quiz with %s → %s', (_, play, wantsNew, action) => {
    expect(quizPageAction(play, wantsNew)).toBe(action);
  });

  test.each<[string, QuizState | undefined, ReturnType<typeof resultsPageAction>]>([
    ['no play', undefined, 'to-start'],
    ['a play in progress', answered(started('A'), 2), 'to-quiz'],
    ['a finished play', answered(started('A'), 3), 'show'],
  ])('/results with %s → %s', (_, play, action) => {
    expect(resultsPageAction(play)).toBe(action);
  });
});

describe('the history of finished plays', () => {
  test('a play is remembered once, newest first, whichever tab finished it', () => {
    const local = new MemoryStorage();
    const a = answered(started('A'), 3);
    const b = answered(started('B'), 3, false);
    rememberFinished(local, a, 100);
    rememberFinished(local, a, 200);
    rememberFinished(local, answered(started('C'), 1), 250); // unfinished: not remembered
    expect(rememberFinished(local, b, 300)).toEqual([
      { id: playIdOf(b), score: 0, at: 300 },
      { id: playIdOf(a), score: 3, at: 100 },
    ]);
  });

  test(`at most ${HISTORY_SIZE} plays are kept`, () => {
    const local = new MemoryStorage();
    for (let i = 0; i < HISTORY_SIZE + 5; i++) rememberFinished(local, answered(started(`T${i}`), 3), i);
    const history = readHistory(local);
    expect(history).toHaveLength(HISTORY_SIZE);
    expect(history[0]?.at).toBe(HISTORY_SIZE + 4);
  });
});
