/**
 * Issue 37, finding 2: a submission nested 5,000 deep answered 500 with no request-log line.
 * Now it is a 422 naming the field, and every answer the app gives has its line, the OPTIONS
 * answers of the CORS plugin included (they bypass Elysia's onAfterResponse).
 */
import { describe, expect, test } from 'bun:test';
import { createApp } from '../../src/app';
import { createLogger } from '../../src/logger';
import { createTestApp } from '../support/fixtures';
import { answerQuiz, fetchQuiz } from '../support/play';

describe('one request-log line for every answer', () => {
  test('deeply nested submissions → 422 naming the field; OPTIONS, HEAD and errors all logged', async () => {
    const t = await createTestApp();
    const lines: string[] = [];
    const app = createApp({ ...t.deps, log: createLogger('info', (line) => lines.push(line)) });
    const quiz = await fetchQuiz(t);
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const requests: [string, string, RequestInit?][] = [];
    for (const field of ['deviceInfo', 'quizToken', 'sessionId', 'answers']) {
      const text = JSON.stringify({ ...answerQuiz(quiz, 5), [field]: 0 }).replace(
        `"${field}":0`,
        `"${field}":${deep}`,
      );
      requests.push([
        field,
        '/api/stats/submit-quiz',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: text },
      ]);
    }
    requests.push(['options', '/api/quiz', { method: 'OPTIONS' }]);
    requests.push(['options-admin', '/api/admin/stats/overview', { method: 'OPTIONS' }]);
    requests.push(['head', '/api/daily/summary', { method: 'HEAD' }]);
    requests.push(['not found', '/api/nothing']);
    requests.push(['method', '/api/daily', { method: 'DELETE' }]);
    const statuses: number[] = [];
    for (const [name, path, init] of requests) {
      const res = await app.handle(new Request(`http://localhost${path}`, init));
      statuses.push(res.status);
      if (path === '/api/stats/submit-quiz') {
        expect(res.status, name).toBe(422);
        expect(await res.json()).toMatchObject({ error: { code: 'validation_failed', field: name } });
      } else await res.arrayBuffer();
    }
    for (let spins = 0; lines.length < requests.length && spins < 100; spins++) await Bun.sleep(10);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; status: number; method: string });
    // Lines written after the answer was sent may come in another order: compared as sets of statuses.
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(sorted(logged.filter((l) => l.msg === 'request').map((l) => l.status))).toEqual(sorted(statuses));
    expect(statuses).toEqual([422, 422, 422, 422, 204, 204, 200, 404, 405]);
  });
});
