/**
 * Every error code the document lists is one the server sends (docs/decisions/034): for each
 * code a request that gets it, with the code's own status, a request id in the body equal to the
 * `X-Request-Id` header; and the document's list is exactly `errorCodes`. Every answer is also
 * checked against the document by the test app.
 */
import { describe, expect, test } from 'bun:test';
import { createQuizToken, newNonce } from '../src/quiz/token';
import { type ErrorCode, errorCodes } from '../src/shared/contracts/error';
import { createTestApp, type TestApp } from './support/fixtures';
import { answerQuiz, fetchQuiz, submit } from './support/play';

const SECRET = 'test-secret-test-secret-test-secret-0';
const json = { 'content-type': 'application/json' };

/** A request that gets each code, on an app of its own configuration. */
const triggers: Record<
  ErrorCode,
  { env?: Record<string, string>; send: (app: TestApp) => Promise<Response> }
> = {
  bad_request_target: { send: (app) => app.request('/api/quiz', { method: 'CONNECT' }) },
  malformed_body: {
    send: (app) => app.request('/api/stats/submit-quiz', { method: 'POST', headers: json, body: '{"quiz' }),
  },
  unauthorized: { send: (app) => app.request('/api/admin/stats/overview') },
  not_found: { send: (app) => app.request('/api/nope') },
  method_not_allowed: { send: (app) => app.request('/api/quiz', { method: 'DELETE' }) },
  request_timeout: {
    env: { REQUEST_TIMEOUT_SECONDS: '1' },
    send: (app) =>
      app.request('/api/v1/plays', {
        method: 'POST',
        headers: json,
        body: new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"tok')) }),
        duplex: 'half',
      } as RequestInit),
  },
  body_too_large: {
    send: (app) =>
      app.request('/api/v1/plays', { method: 'POST', headers: json, body: `"${'x'.repeat(70_000)}"` }),
  },
  unsupported_media_type: {
    send: (app) =>
      app.request('/api/v1/plays', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }),
  },
  validation_failed: { send: (app) => app.request('/api/v1/quiz?count=0') },
  token_malformed: {
    send: async (app) => submit(app, { ...answerQuiz(await fetchQuiz(app), 3), quizToken: 'x' }),
  },
  token_bad_signature: {
    send: async (app) => {
      const body = answerQuiz(await fetchQuiz(app), 3);
      return submit(app, { ...body, quizToken: `${body.quizToken.split('.')[0]}.AAAA` });
    },
  },
  token_expired: {
    send: async (app) => {
      const body = answerQuiz(await fetchQuiz(app), 3);
      app.clock.advance(3 * 3600);
      return submit(app, body);
    },
  },
  token_not_yet_valid: {
    send: async (app) => {
      const quiz = await fetchQuiz(app);
      const token = createQuizToken(SECRET, {
        lyricIds: quiz.questions.map((q) => q.lyricId),
        options: quiz.questions.map((q) => q.options.map((o) => o.id)),
        issuedAt: app.clock.nowSeconds() + 3600,
        nonce: newNonce(),
      });
      return submit(app, answerQuiz({ ...quiz, token }, 3));
    },
  },
  play_mismatch: { send: async (app) => submit(app, { ...answerQuiz(await fetchQuiz(app), 3), score: 4 }) },
  unknown_lyric: {
    send: async (app) => {
      // A token this server signed for a line the catalogue no longer has (an import in between).
      const quiz = await fetchQuiz(app);
      quiz.questions[0] = { ...quiz.questions[0]!, lyricId: 999_999 };
      const token = createQuizToken(SECRET, {
        lyricIds: quiz.questions.map((q) => q.lyricId),
        options: quiz.questions.map((q) => q.options.map((o) => o.id)),
        issuedAt: app.clock.nowSeconds(),
        nonce: newNonce(),
      });
      return submit(app, answerQuiz({ ...quiz, token }, 3));
    },
  },
  incomplete_play: {
    send: async (app) => {
      const quiz = await (await app.request('/api/v1/quiz?count=5')).json();
      return app.request('/api/v1/plays', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          token: quiz.token,
          sessionId: '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11',
          answers: quiz.questions.map((q: { lyricId: number; correctSongId: number }) => ({
            lyricId: q.lyricId,
            selectedSongId: q.correctSongId,
          })),
        }),
      });
    },
  },
  play_conflict: {
    send: async (app) => {
      const quiz = await fetchQuiz(app);
      await submit(app, answerQuiz(quiz, 3));
      return submit(app, answerQuiz(quiz, 4));
    },
  },
  rate_limited: {
    env: { RATE_LIMIT_QUIZ_PER_MINUTE: '1' },
    send: async (app) => {
      await app.request('/api/v1/quiz');
      return app.request('/api/v1/quiz');
    },
  },
  invalid_range: { send: (app) => app.request('/api/daily/percentile/3?day=2025-02-30') },
  storage_unavailable: {
    send: async (app) => {
      // A full disk: the store's write fails as SQLite's does (test/hostile/full-disk.test.ts does it for real).
      const quiz = await fetchQuiz(app);
      app.stores.plays.recordPlays = () =>
        Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
      return submit(app, answerQuiz(quiz, 5));
    },
  },
  internal_error: {
    send: async (app) => {
      // A database that fails under a read: the generic 500, nothing internal in it.
      app.stores.stats.getLyricStats = () => Promise.reject(new Error('disk on fire'));
      return app.request('/api/v1/stats/lines');
    },
  },
};

describe('every documented error code is sent', () => {
  test('the document lists exactly the codes of errorCodes', async () => {
    const app = await createTestApp();
    const doc = await (await app.request('/openapi/json')).json();
    const listed = doc.components.schemas.Error.properties.error.properties.code.enum;
    expect([...listed].sort()).toEqual(Object.keys(errorCodes).sort());
    expect(Object.keys(triggers).sort()).toEqual(Object.keys(errorCodes).sort());
  });

  test.each(Object.keys(triggers) as ErrorCode[])('%s', async (code) => {
    const trigger = triggers[code];
    const app = await createTestApp({ env: trigger.env });
    const res = await trigger.send(app);
    const body = await res.json();
    expect(body.error.code).toBe(code);
    expect(res.status).toBe(errorCodes[code].status);
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toContain('disk on fire');
  });
});
