import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { parse } from 'csv-parse/sync';
import { createEngineTestApp, type EngineTestApp } from '../../test/support/engines';
import { answerQuiz, type FetchedQuiz, fetchQuiz, submit } from '../../test/support/play';
import type { AdminSummary } from '../shared/contracts/admin-range';
import type { DailyChallenge } from '../shared/contracts/daily';
import type { ScoreDistribution } from '../shared/contracts/time-series';

/**
 * The score distribution of each kind of play (issue 34, defect 1): `difficulty=all` counts what
 * the summary's cards count, so the dashboard's histogram and cards agree; each other mode its
 * own plays. The expected numbers come from the scores the test submitted.
 */

const auth = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** 12:00 in Zagreb on 15 April 2025. */
const NOON = Date.UTC(2025, 3, 15, 10, 0, 0);
const DAY = '2025-04-15';

let app: EngineTestApp;
/** Scores submitted, per kind of play. */
const submitted: Record<'normal' | 'easy' | 'daily', number[]> = { normal: [], easy: [], daily: [] };

async function play(quiz: FetchedQuiz, correct: number, player: number) {
  const res = await submit(app, answerQuiz(quiz, correct, uuid(player)));
  if (res.status !== 200) throw new Error(await res.text());
}

beforeAll(async () => {
  app = await createEngineTestApp('sqlite', {
    env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000', RATE_LIMIT_QUIZ_PER_MINUTE: '1000' },
  });
  app.clock.ms = NOON;
  for (const [i, correct] of [12, 20, 20, 7].entries()) {
    await play(await fetchQuiz(app), correct, i);
    submitted.normal.push(correct);
  }
  for (const [i, correct] of [25, 28].entries()) {
    const res = await app.request('/api/quiz?difficulty=easy');
    const quiz = { token: res.headers.get('x-quiz-token')!, questions: await res.json() } as FetchedQuiz;
    await play(quiz, correct, 10 + i);
    submitted.easy.push(correct);
  }
  // Two daily plays of one player: the first ranked, the second practice; both are daily plays.
  for (const correct of [17, 19]) {
    const res = await app.request('/api/daily');
    const body = (await res.json()) as DailyChallenge;
    await play({ token: res.headers.get('x-quiz-token')!, questions: body.questions }, correct, 20);
    submitted.daily.push(correct);
  }
});
afterAll(() => app.close());

const json = async <T>(path: string): Promise<T> => {
  const res = await app.request(path, { headers: auth });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
const histogramOf = (scores: number[]) =>
  Array.from({ length: 31 }, (_, s) => scores.filter((score) => score === s).length);

describe('the score distribution of each kind of play', () => {
  test('`all` counts every play, as the summary does', async () => {
    const every = [...submitted.normal, ...submitted.easy, ...submitted.daily];
    const s = await json<ScoreDistribution>(`/api/admin/stats/scores?from=${DAY}&to=${DAY}&difficulty=all`);
    const summary = await json<AdminSummary>(`/api/admin/stats/summary?from=${DAY}&to=${DAY}`);
    expect(s.difficulty).toBe('all');
    expect(s.plays).toBe(every.length);
    expect(s.plays).toBe(summary.current.plays);
    expect(s.averageScore).toBe(summary.current.averageScore);
    expect(s.histogram).toEqual(histogramOf(every));
  });

  test.each([
    ['normal', 'normal'],
    ['easy', 'easy'],
    ['daily', 'daily'],
  ] as const)('`%s` counts only its plays', async (mode, kind) => {
    const s = await json<ScoreDistribution>(
      `/api/admin/stats/scores?from=${DAY}&to=${DAY}&difficulty=${mode}`,
    );
    expect(s.plays).toBe(submitted[kind].length);
    expect(s.histogram).toEqual(histogramOf(submitted[kind]));
  });

  test('without `difficulty` the API keeps its default, the free plays of `normal`', async () => {
    const s = await json<ScoreDistribution>(`/api/admin/stats/scores?from=${DAY}&to=${DAY}`);
    expect(s.difficulty).toBe('normal');
    expect(s.plays).toBe(submitted.normal.length);
  });

  test('the exports of the histogram and the bands take the same choice', async () => {
    const res = await app.request(`/api/admin/export/scores.csv?from=${DAY}&to=${DAY}&difficulty=all`, {
      headers: auth,
    });
    expect(res.status).toBe(200);
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    // Rezultat;Igranja;Udio (%)
    expect(rows[0]).toEqual(['Rezultat', 'Igranja', 'Udio (%)']);
    const plays = rows.slice(1).reduce((sum, row) => sum + Number(row[1]), 0);
    expect(plays).toBe(submitted.normal.length + submitted.easy.length + submitted.daily.length);
  });

  test('an unknown kind of play is refused', async () => {
    const res = await app.request(`/api/admin/stats/scores?difficulty=daily_practice`, { headers: auth });
    expect(res.status).toBe(422);
  });
});
