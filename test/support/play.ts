/** Test support: fetching a quiz and building its submission through the HTTP API. */
import type { Database } from 'bun:sqlite';
import type { SubmitBody } from '../../src/shared/contracts/quiz';
import type { TestApp } from './fixtures';

export interface FetchedQuiz {
  token: string;
  questions: { lyricId: number; correctSongId: number; options: { id: number }[] }[];
}

export async function fetchQuiz(app: Pick<TestApp, 'request'>, count = 30): Promise<FetchedQuiz> {
  const res = await app.request(`/api/quiz?count=${count}`);
  if (res.status !== 200) throw new Error(`quiz fetch failed: ${res.status} ${await res.text()}`);
  return { token: res.headers.get('x-quiz-token')!, questions: await res.json() };
}

/** A truthful submission answering the first `correct` questions right and the rest wrong. */
export function answerQuiz(
  quiz: FetchedQuiz,
  correct: number,
  sessionId = '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11',
): SubmitBody {
  const answers = quiz.questions.map((q, i) => {
    const right = i < correct;
    const selectedSongId = right ? q.correctSongId : q.options.find((o) => o.id !== q.correctSongId)!.id;
    return { lyricId: q.lyricId, songId: q.correctSongId, selectedSongId, isCorrect: right };
  });
  return {
    quizToken: quiz.token,
    sessionId,
    deviceInfo: 'Mozilla/5.0 (test)',
    score: Math.min(correct, answers.length),
    totalQuestions: answers.length,
    answers,
  };
}

export function submit(
  app: Pick<TestApp, 'request'>,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return app.request('/api/stats/submit-quiz', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const statsTables = [
  'plays',
  'answer_keys',
  'players',
  'lyric_stats',
  'song_stats',
  'album_stats',
  'score_stats',
  'hour_stats',
  'hour_players',
  'totals',
  'cumulative_days',
  'cumulative_scores',
  'day_players',
  'lyric_confusions',
  'song_confusions',
  'daily_players',
  'daily_scores',
  'daily_lines',
  'cumulative_answers',
];

/**
 * Row counts of every statistics table written by a submission: a rejected request must leave
 * them unchanged. (cumulative_quizzes is not among them: quiz fetches are counted in memory and written
 * on a timer, not by the request.)
 */
export function rowCounts(sqlite: Database): Record<string, number> {
  return Object.fromEntries(
    statsTables.map((table) => [
      table,
      (sqlite.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    ]),
  );
}

/**
 * `plays` truthful plays recorded through a running server's HTTP API: play i answers its first
 * (i × 3) mod 31 questions right and the rest wrong, as one of 7 players (a free play of
 * `difficulty`). Resolves once the server's per-line statistics count them.
 */
export async function recordPlays(
  url: string,
  plays: number,
  /**
   * `deviceInfo`: the user agent the plays report (default 'e2e': device and browser 'other').
   * `daily`: the day's challenge, the same 30 lines in every play (at most 7 plays: one a player).
   */
  options: { difficulty?: 'easy' | 'normal' | 'hard'; deviceInfo?: string; daily?: boolean } = {},
): Promise<void> {
  const search = options.difficulty ? `?difficulty=${options.difficulty}` : '';
  const fetchQuestions = async (): Promise<FetchedQuiz> => {
    const res = await fetch(options.daily ? `${url}/api/daily` : `${url}/api/quiz${search}`);
    const body = await res.json();
    return { token: res.headers.get('x-quiz-token')!, questions: options.daily ? body.questions : body };
  };
  const answered = async () =>
    ((await (await fetch(`${url}/api/stats/lyrics`)).json()) as { occurrences: number }[]).reduce(
      (n, line) => n + line.occurrences,
      0,
    );
  let expected = await answered();
  for (let i = 0; i < plays; i++) {
    const quiz = await fetchQuestions();
    expected += quiz.questions.length;
    const body = answerQuiz(quiz, (i * 3) % 31, `00000000-0000-4000-8000-00000000000${i % 7}`);
    const submitted = await fetch(`${url}/api/stats/submit-quiz`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, deviceInfo: options.deviceInfo ?? 'e2e' }),
    });
    if (submitted.status !== 200) throw new Error(await submitted.text());
  }
  // The per-line statistics follow the plays within the writer's flush, under a second
  // (docs/decisions/035): the tests that read them right after playing wait for it here.
  const deadline = Date.now() + 10_000;
  while ((await answered()) < expected && Date.now() < deadline) await Bun.sleep(20);
}
