import { afterEach, describe, expect, test } from 'bun:test';
import { ApiError, getAdminOverview, getPercentile, getQuiz, submitQuiz } from './api';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Answers every call with `response` and records what was asked. */
function answerWith(response: () => Response): { url: string; init: RequestInit }[] {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return response();
  }) as typeof fetch;
  return calls;
}

/** What a call rejected with, as a plain object (a failed call must reject). */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, message, name } = error as ApiError;
  return { status, message, name };
}

describe('a non-OK answer raises ApiError "status: text"', () => {
  test.each([
    ['the response text', new Response('boom', { status: 500 }), '500: boom'],
    [
      'the status text when the body is empty',
      new Response('', { status: 503, statusText: 'Service Unavailable' }),
      '503: Service Unavailable',
    ],
    [
      'a JSON error body as it came',
      Response.json({ error: { code: 'too_many', message: 'slow down' } }, { status: 429 }),
      '429: {"error":{"code":"too_many","message":"slow down"}}',
    ],
  ])('with %s', async (_, response, message) => {
    answerWith(() => response.clone());
    expect(await failure(getPercentile(21))).toEqual({ status: response.status, message, name: 'ApiError' });
  });

  test('the quiz call raises its own fixed text, "Failed to fetch quiz questions"', async () => {
    answerWith(() => new Response('boom', { status: 500 }));
    expect(await failure(getQuiz(30))).toEqual({
      status: 500,
      message: 'Failed to fetch quiz questions',
      name: 'ApiError',
    });
  });

  test("the error keeps the answer's headers (the sign-in reads Retry-After)", async () => {
    answerWith(() => new Response('', { status: 429, headers: { 'retry-after': '120' } }));
    const error = await getAdminOverview('dXNlcjpwYXNz').catch((e: unknown) => e);
    expect((error as ApiError).headers.get('retry-after')).toBe('120');
  });

  test('a network failure is not an ApiError', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const error = await getPercentile(3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('requests: paths, queries, credentials and headers of each call', () => {
  test('the quiz: count in the query, credentials included, questions and the X-Quiz-Token back', async () => {
    const calls = answerWith(() => Response.json([], { headers: { 'x-quiz-token': 'tok' } }));
    expect(await getQuiz(30)).toEqual({ questions: [], token: 'tok' });
    expect(calls).toEqual([{ url: '/api/quiz?count=30', init: { credentials: 'include' } }]);
  });

  test('the submission: JSON POST with credentials', async () => {
    const calls = answerWith(() =>
      Response.json({ playId: 1, score: 0, totalQuestions: 1, difficulty: 'normal' }),
    );
    const body = {
      quizToken: 't',
      sessionId: '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11',
      deviceInfo: 'UA',
      score: 0,
      totalQuestions: 1,
      answers: [{ lyricId: 1, songId: 2, selectedSongId: 3, isCorrect: false }],
    };
    expect(await submitQuiz(body)).toEqual({ playId: 1, score: 0, totalQuestions: 1, difficulty: 'normal' });
    expect(calls).toEqual([
      {
        url: '/api/stats/submit-quiz',
        init: {
          credentials: 'include',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      },
    ]);
  });

  test('an admin read: Basic credentials and X-Requested-With, so a 401 opens no browser dialog', async () => {
    const calls = answerWith(() => Response.json({ totalAttempts: 1 }));
    await getAdminOverview('dXNlcjpwYXNz');
    expect(calls).toEqual([
      {
        url: '/api/admin/stats/overview',
        init: {
          credentials: 'include',
          headers: { authorization: 'Basic dXNlcjpwYXNz', 'x-requested-with': 'fetch' },
        },
      },
    ]);
  });
});
