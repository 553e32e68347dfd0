/**
 * Issue 37, finding 7: one address ranked 40 daily plays with fresh session ids and pushed the
 * day's percentiles. RATE_LIMIT_DAILY_RANKED_PER_ADDRESS caps the ranked ones per address and
 * day; the rest are recorded as practice (docs/decisions/012).
 */
import { describe, expect, test } from 'bun:test';
import type { DailyChallenge } from '../../src/shared/contracts/daily';
import { createTestApp, type TestApp } from '../support/fixtures';
import { answerQuiz, submit } from '../support/play';

const NOON = Date.UTC(2025, 3, 15, 10, 0, 0);
const session = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function playDaily(app: TestApp, sessionId: string, address: string, correct = 30) {
  const from = { 'x-forwarded-for': address };
  const res = await app.request('/api/daily', { headers: from });
  expect(res.status).toBe(200);
  const body = (await res.json()) as DailyChallenge;
  const quiz = { token: res.headers.get('x-quiz-token')!, questions: body.questions };
  const answer = await submit(app, answerQuiz(quiz, correct, sessionId), from);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { ranked?: boolean }).ranked;
}

describe('ranked daily plays per address', () => {
  test('past the cap an address’s plays are recorded unranked; other addresses and the next day are not affected', async () => {
    const app = await createTestApp({
      env: { RATE_LIMIT_DAILY_RANKED_PER_ADDRESS: '3', TRUST_PROXY: 'true' },
    });
    app.clock.ms = NOON;
    const A = '198.51.100.7';
    // A session's second daily play is practice anyway and does not use up the address's budget.
    expect(await playDaily(app, session(1), A)).toBe(true);
    expect(await playDaily(app, session(1), A)).toBe(false);
    expect(await playDaily(app, session(2), A)).toBe(true);
    expect(await playDaily(app, session(3), A)).toBe(true);
    for (let n = 4; n <= 8; n++) expect(await playDaily(app, session(n), A)).toBe(false);
    // Another address (IPv6: counted per /64) ranks.
    expect(await playDaily(app, session(20), '2001:db8:1::1', 5)).toBe(true);
    expect(await playDaily(app, session(21), '2001:db8:1::2', 5)).toBe(true);
    const p = await app.request('/api/daily/percentile/30');
    expect(((await p.json()) as { rankedPlays: number }).rankedPlays).toBe(5);
    // The unranked plays were recorded (as practice) and the counters agree with the record.
    expect(await app.stores.plays.verifyCounters()).toEqual([]);
    // The next day the address ranks again.
    app.clock.advance(86_400);
    expect(await playDaily(app, session(9), A)).toBe(true);
  });

  test('the cap holds through API v1 too (POST /api/v1/plays)', async () => {
    const app = await createTestApp({
      env: { RATE_LIMIT_DAILY_RANKED_PER_ADDRESS: '2', TRUST_PROXY: 'true' },
    });
    app.clock.ms = NOON;
    const from = { 'x-forwarded-for': '198.51.100.9' };
    const ranked: (boolean | undefined)[] = [];
    for (let n = 1; n <= 4; n++) {
      const quiz = (await (await app.request('/api/v1/daily', { headers: from })).json()) as {
        token: string;
        questions: { lyricId: number; correctSongId: number }[];
      };
      const res = await app.request('/api/v1/plays', {
        method: 'POST',
        headers: { ...from, 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (iPhone)' },
        body: JSON.stringify({
          token: quiz.token,
          sessionId: session(30 + n),
          answers: quiz.questions.map((q) => ({ lyricId: q.lyricId, selectedSongId: q.correctSongId })),
        }),
      });
      expect(res.status).toBe(200);
      ranked.push(((await res.json()) as { ranked?: boolean }).ranked);
    }
    expect(ranked).toEqual([true, true, false, false]);
  });

  test('the default cap is 10', async () => {
    const app = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    app.clock.ms = NOON;
    const ranked: (boolean | undefined)[] = [];
    for (let n = 1; n <= 12; n++) ranked.push(await playDaily(app, session(n), '203.0.113.5'));
    expect(ranked).toEqual([...Array(10).fill(true), false, false]);
  });
});
