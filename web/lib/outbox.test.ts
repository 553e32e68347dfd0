import { describe, expect, test } from 'bun:test';
import type { SubmitBody } from '../../src/shared/contracts/quiz';
import { MemoryStorage } from '../../test/support/memory-storage';
import { type DailyRecord, dailyRecordOf, saveDailyRecord } from './daily';
import {
  duePlays,
  enqueuePlay,
  isFinalRefusal,
  isWaiting,
  MAX_BACKOFF_MS,
  nextDueAt,
  outcomeOf,
  postpone,
  readOutbox,
  settle,
} from './outbox';
import { isExpired, playInProgress, quizPageAction } from './play-store';
import { emptyQuiz, type QuizState } from './quiz-state';
import { PLAY_KEY } from './storage';

const body = (score: number): SubmitBody => ({
  quizToken: `t${score}`,
  sessionId: '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11',
  deviceInfo: 'test',
  score,
  totalQuestions: 30,
  answers: [],
});

describe('the outbox of finished plays (docs/decisions/032)', () => {
  test('a play is kept once, until the server answers for good; its answer is kept by id', () => {
    const local = new MemoryStorage();
    enqueuePlay(local, 'a', body(20), 1000);
    enqueuePlay(local, 'a', body(20), 2000); // the results page hands it over again: no second entry
    enqueuePlay(local, 'b', body(5), 1000);
    expect(readOutbox(local).map((e) => e.id)).toEqual(['a', 'b']);
    expect(duePlays(local, 1000).map((e) => e.id)).toEqual(['a', 'b']);

    settle(local, 'a', {
      kind: 'recorded',
      result: { playId: 7, score: 20, totalQuestions: 30, difficulty: 'normal' },
    });
    expect(isWaiting(local, 'a')).toBe(false);
    expect(outcomeOf(local, 'a')).toMatchObject({ kind: 'recorded', result: { playId: 7 } });
    // Answered: handing it over again does not queue it again.
    enqueuePlay(local, 'a', body(20), 3000);
    expect(readOutbox(local).map((e) => e.id)).toEqual(['b']);

    settle(local, 'b', { kind: 'refused', status: 422, code: 'token_expired' });
    expect(readOutbox(local)).toEqual([]);
    expect(outcomeOf(local, 'b')).toEqual({ kind: 'refused', status: 422, code: 'token_expired' });
  });

  test('a failed attempt waits min(1000 × 2^n, 30000) ms, or longer when the server asks', () => {
    const local = new MemoryStorage();
    enqueuePlay(local, 'a', body(1), 0);
    const waits: number[] = [];
    let now = 0;
    for (let i = 0; i < 7; i++) {
      postpone(local, 'a', now);
      const next = nextDueAt(local)!;
      waits.push(next - now);
      now = next;
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
    expect(duePlays(local, now - 1)).toEqual([]);
    postpone(local, 'a', now, 120_000);
    expect(nextDueAt(local)).toBe(now + 120_000);
  });

  test('408 and 429 are tried again; other client errors are final', () => {
    expect([400, 413, 422].map(isFinalRefusal)).toEqual([true, true, true]);
    expect([408, 429, 500, 502, 503].map(isFinalRefusal)).toEqual([false, false, false, false, false]);
  });

  test('a damaged outbox reads as empty', () => {
    const local = new MemoryStorage();
    local.setItem('kviz.outbox', '{not json');
    expect(readOutbox(local)).toEqual([]);
    local.setItem(
      'kviz.outbox',
      JSON.stringify([{ id: 1 }, null, { id: 'x', body: {}, nextAt: 5, attempts: 0 }]),
    );
    expect(readOutbox(local).map((e) => e.id)).toEqual(['x']);
  });
});

const play = (token: string, fetchedAt: number, answered = 3): QuizState => ({
  ...emptyQuiz,
  questions: Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    lyricId: i + 1,
    lyric: `Stih ${i + 1}`,
    correctSongId: 1,
    correctSongTitle: 'P',
    albumTitle: 'A',
    albumYear: 1992,
    options: [1, 2, 3, 4, 5].map((o) => ({ id: o, title: `P${o}` })),
  })),
  token: `payload.${token}`,
  currentIndex: answered,
  fetchedAt,
});

describe('an expired play (defect 4)', () => {
  test('is not offered to continue once its token outlived QUIZ_TOKEN_TTL_SECONDS', () => {
    const local = new MemoryStorage();
    local.setItem(PLAY_KEY, JSON.stringify(play('x', 0)));
    expect(playInProgress(local, undefined, { ttlSeconds: 7200, now: 7_199_999 })).toBeDefined();
    expect(playInProgress(local, undefined, { ttlSeconds: 7200, now: 7_200_000 })).toBeUndefined();
    expect(isExpired(play('x', 0), undefined, 10 ** 12)).toBe(false);
    expect(quizPageAction(play('x', 0), false, true)).toBe('expired');
    expect(quizPageAction(play('x', 0, 30), false, true)).toBe('finished');
    expect(quizPageAction(play('x', 0), true, true)).toBe('new');
  });
});

describe('the daily record (defect 2)', () => {
  const record = (token: string, result?: DailyRecord['result']): DailyRecord => ({
    day: '2026-11-27',
    number: 3,
    quiz: play(token, 0, 30),
    ...(result ? { result } : {}),
  });

  test("a later play of the day never replaces the day's ranked result; the ranked play itself is updated", () => {
    const local = new MemoryStorage();
    expect(saveDailyRecord(local, record('a', { score: 10, squares: '', ranked: true }))).toBe(true);
    expect(saveDailyRecord(local, record('b'))).toBe(false);
    expect(saveDailyRecord(local, record('b', { score: 30, squares: '', ranked: false }))).toBe(false);
    expect(dailyRecordOf(local, '2026-11-27')?.result).toEqual({ score: 10, squares: '', ranked: true });
    expect(saveDailyRecord(local, record('a', { score: 10, squares: 'x', ranked: true }))).toBe(true);
  });

  test("a play's result is never replaced by its own unfinished state (a stale second tab)", () => {
    const local = new MemoryStorage();
    expect(saveDailyRecord(local, record('a'))).toBe(true);
    expect(saveDailyRecord(local, record('a', { score: 3, squares: 'g', ranked: true }))).toBe(true);
    expect(saveDailyRecord(local, record('a'))).toBe(false);
    expect(dailyRecordOf(local, '2026-11-27')?.result).toEqual({ score: 3, squares: 'g', ranked: true });
  });

  test('a finished play still waiting for the server is not replaced by its own unfinished state', () => {
    const local = new MemoryStorage();
    expect(saveDailyRecord(local, { ...record('a'), quiz: play('a', 0, 30) })).toBe(true);
    expect(saveDailyRecord(local, { ...record('a'), quiz: play('a', 0, 5) })).toBe(false);
    expect(dailyRecordOf(local, '2026-11-27')?.quiz.currentIndex).toBe(30);
  });

  test('an unranked or unfinished record of the day may be replaced', () => {
    const local = new MemoryStorage();
    saveDailyRecord(local, record('a', { score: 30, squares: '', ranked: false }));
    expect(saveDailyRecord(local, record('b', { score: 4, squares: '', ranked: true }))).toBe(true);
    expect(dailyRecordOf(local, '2026-11-27')?.result?.score).toBe(4);
  });
});
