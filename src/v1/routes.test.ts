import { describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../test/support/fixtures';

/** API v1 (docs/decisions/034); every answer is also checked against the document by `request`. */

interface V1Quiz {
  token: string;
  expiresAt: string;
  difficulty: string;
  mode: string;
  questions: { lyricId: number; correctSongId: number; options: { songId: number }[] }[];
  daily?: { day: string; number: number; endsAt: string };
}

const SESSION = '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11';

const answersOf = (quiz: V1Quiz, correct: number) =>
  quiz.questions.map((q, i) => ({
    lyricId: q.lyricId,
    selectedSongId:
      i < correct ? q.correctSongId : q.options.find((o) => o.songId !== q.correctSongId)!.songId,
  }));

const play = (app: TestApp, body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/v1/plays', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (iPhone)', ...headers },
    body: JSON.stringify(body),
  });

describe('GET /api/v1/meta', () => {
  test('the rules of the server', async () => {
    const app = await createTestApp({ env: { PLAY_MIN_SECONDS: '0', QUIZ_TOKEN_TTL_SECONDS: '3600' } });
    const res = await app.request('/api/v1/meta');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      apiVersion: '1',
      playLength: 30,
      minimumPlaySeconds: 0,
      tokenLifetimeSeconds: 3600,
      difficulties: ['easy', 'normal', 'hard'],
    });
  });
});

describe('a play through v1', () => {
  test.each(['normal', 'hard'])(
    'free play (%s): one quiz resource, graded by the server',
    async (difficulty) => {
      const app = await createTestApp();
      const res = await app.request(`/api/v1/quiz?difficulty=${difficulty}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-quiz-token')).toBeNull();
      const quiz = (await res.json()) as V1Quiz;
      expect(quiz).toMatchObject({ difficulty, mode: 'free' });
      expect(quiz.questions).toHaveLength(30);
      expect(Date.parse(quiz.expiresAt) - app.clock.ms).toBe(7200 * 1000);
      const first = await play(app, { token: quiz.token, sessionId: SESSION, answers: answersOf(quiz, 17) });
      expect(first.status).toBe(200);
      const result = await first.json();
      expect(result).toEqual({ playId: 1, score: 17, questionCount: 30, difficulty, mode: 'free' });
      const again = await play(app, { token: quiz.token, sessionId: SESSION, answers: answersOf(quiz, 17) });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual(result);
      const other = await play(app, { token: quiz.token, sessionId: SESSION, answers: answersOf(quiz, 16) });
      expect(other.status).toBe(409);
      // The same play is visible in the v0 overview and the v1 one.
      expect(await (await app.request('/api/v1/stats/overview')).json()).toMatchObject({
        plays: 1,
        players: 1,
      });
    },
  );

  test('the daily challenge: the same resource with `daily`; the first play of the day is ranked', async () => {
    const app = await createTestApp();
    const quiz = (await (await app.request('/api/v1/daily')).json()) as V1Quiz;
    expect(quiz).toMatchObject({ mode: 'daily', difficulty: 'normal', daily: { number: 1 } });
    const v0 = await (await app.request('/api/daily')).json();
    expect(quiz.questions.map((q) => q.lyricId)).toEqual(
      v0.questions.map((q: { lyricId: number }) => q.lyricId),
    );
    const res = await play(app, { token: quiz.token, sessionId: SESSION, answers: answersOf(quiz, 20) });
    expect(await res.json()).toMatchObject({ score: 20, mode: 'daily', ranked: true });
  });

  test('a quiz shorter than a play → 422 incomplete_play; HEAD issues nothing', async () => {
    const app = await createTestApp();
    const quiz = (await (await app.request('/api/v1/quiz?count=5')).json()) as V1Quiz;
    const res = await play(app, { token: quiz.token, sessionId: SESSION, answers: answersOf(quiz, 5) });
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('incomplete_play');
    const head = await app.request('/api/v1/quiz', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('paged lists', () => {
  test('limit default 100, total, Link rel="next" to the end', async () => {
    const app = await createTestApp();
    const first = await app.request('/api/v1/stats/lines');
    const page = await first.json();
    expect(page).toMatchObject({ total: 120, limit: 100, offset: 0 });
    expect(page.items).toHaveLength(100);
    expect(first.headers.get('link')).toBe('</api/v1/stats/lines?limit=100&offset=100>; rel="next"');
    const seen: number[] = [];
    let next: string | null = '/api/v1/stats/lines?limit=7&sort=hardest';
    let pages = 0;
    while (next) {
      const res = await app.request(next);
      expect(res.headers.get('etag')).toMatch(/^"/);
      const body = await res.json();
      seen.push(...body.items.map((i: { lyricId: number }) => i.lyricId));
      next = res.headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
      pages++;
    }
    expect(pages).toBe(Math.ceil(120 / 7));
    expect(new Set(seen).size).toBe(120);
  });

  test('limit over 1000 → 422 naming limit; ids narrow the lines', async () => {
    const app = await createTestApp();
    const res = await app.request('/api/v1/stats/lines?limit=1001');
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatchObject({ code: 'validation_failed', field: 'limit' });
    const some = await (await app.request('/api/v1/stats/lines?ids=5,3,999999')).json();
    expect(some.items.map((i: { lyricId: number }) => i.lyricId)).toEqual([5, 3]);
    expect(some.total).toBe(2);
    const songs = await (await app.request('/api/v1/stats/songs?limit=5&offset=10')).json();
    expect(songs).toMatchObject({ total: 12, limit: 5, offset: 10 });
    expect(songs.items).toHaveLength(2);
  });

  test('the percentile of a score', async () => {
    const app = await createTestApp();
    const res = await app.request('/api/v1/percentile/12?difficulty=hard');
    expect(await res.json()).toEqual({
      score: 12,
      difficulty: 'hard',
      percentile: 0,
      samePercent: 0,
      plays: 0,
    });
  });
});

describe('the daily challenge’s figures and the albums through v1', () => {
  test('a ranked play shows in the percentile, the streak and the figures, in the glossary’s words', async () => {
    const app = await createTestApp();
    const quiz = (await (await app.request('/api/v1/daily')).json()) as V1Quiz;
    await play(app, { token: quiz.token, sessionId: SESSION, answers: answersOf(quiz, 20) });
    const day = quiz.daily!.day;
    const percentile = await app.request(`/api/v1/daily/percentile/25?day=${day}`);
    expect(await percentile.json()).toEqual({ day, score: 25, percentile: 100, samePercent: 0, plays: 1 });
    const etag = percentile.headers.get('etag')!;
    expect(percentile.headers.get('cache-control')).toStartWith('public, max-age=');
    const again = await app.request(`/api/v1/daily/percentile/25?day=${day}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const streak = await app.request(`/api/v1/daily/streak?sessionId=${SESSION}`);
    expect(streak.headers.get('cache-control')).toBe('no-store');
    expect(await streak.json()).toMatchObject({ today: day, playedToday: true, current: 1, days: [day] });
    const figures = await app.request('/api/v1/daily/summary');
    expect(await figures.json()).toEqual({ day, number: 1, plays: 1, averageScore: 20 });
    // Yesterday's hardest line, the next day.
    app.clock.advance(86_400);
    const tomorrow = await (await app.request('/api/v1/daily/summary')).json();
    expect(tomorrow).toMatchObject({ number: 2, plays: 0 });
    const line = tomorrow.yesterdayHardestLine;
    expect(line).toMatchObject({ answers: 1, correctAnswers: 0, accuracy: 0 });
    expect(quiz.questions.map((q) => q.lyricId)).toContain(line.lyricId);
  });

  test('invalid day → 422 invalid_range, out-of-range score → validation_failed, bad session → validation_failed', async () => {
    const app = await createTestApp();
    const code = async (path: string) =>
      ((await (await app.request(path)).json()) as { error: { code: string; field: string } }).error;
    expect(await code('/api/v1/daily/percentile/5?day=2025-02-30')).toMatchObject({
      code: 'invalid_range',
      field: 'day',
    });
    expect(await code('/api/v1/daily/percentile/5?day=2099-01-01')).toMatchObject({
      code: 'invalid_range',
      field: 'day',
    });
    expect(await code('/api/v1/daily/percentile/31')).toMatchObject({
      code: 'validation_failed',
      field: 'score',
    });
    expect(await code('/api/v1/daily/streak?sessionId=x')).toMatchObject({
      code: 'validation_failed',
      field: 'sessionId',
    });
  });

  test('albums: paged with year, answers and accuracy', async () => {
    const app = await createTestApp();
    const first = await app.request('/api/v1/stats/albums?limit=2');
    const page = await first.json();
    expect(page).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.items[0]).toEqual({
      albumId: page.items[0].albumId,
      title: 'Album 1',
      year: 1992,
      answers: 0,
      correctAnswers: 0,
      accuracy: null,
    });
    expect(first.headers.get('link')).toBe('</api/v1/stats/albums?limit=2&offset=2>; rel="next"');
    const last = await (await app.request('/api/v1/stats/albums?limit=2&offset=2')).json();
    expect(last.items.map((a: { year: number }) => a.year)).toEqual([1998]);
  });
});

describe('the administrator’s reads through v1', () => {
  const ADMIN = { authorization: `Basic ${btoa('admin:test-password-123')}` };

  test('lines of a range, paged with the range kept in Link; hours; the old reads point at them', async () => {
    const app = await createTestApp();
    const quiz = (await (await app.request('/api/v1/quiz')).json()) as V1Quiz;
    await play(app, { token: quiz.token, sessionId: SESSION, answers: answersOf(quiz, 30) });
    const res = await app.request('/api/v1/admin/stats/lines?from=2025-04-15&limit=20&minAnswers=1', {
      headers: ADMIN,
    });
    expect(res.headers.get('cache-control')).toBe('no-store, private');
    expect(res.headers.get('link')).toBe(
      '</api/v1/admin/stats/lines?from=2025-04-15&limit=20&offset=20&minAnswers=1>; rel="next"',
    );
    const page = await res.json();
    expect(page).toMatchObject({ total: 30, limit: 20, offset: 0 });
    expect(page.items[0]).toMatchObject({ answers: 1, correctAnswers: 1, accuracy: 100 });
    // A range before any play has none.
    const before = await (
      await app.request('/api/v1/admin/stats/lines?from=2025-04-01&to=2025-04-14&minAnswers=1', {
        headers: ADMIN,
      })
    ).json();
    expect(before.total).toBe(0);
    const hours = (await (await app.request('/api/v1/admin/stats/hours', { headers: ADMIN })).json()) as {
      hours: { hour: number; plays: number; players?: number }[];
    };
    // 10:00 UTC is 12:00 in Zagreb (the test clock's summer time).
    expect(hours.hours.filter((h) => h.plays > 0)).toEqual([{ hour: 12, plays: 1, players: 1 }]);
    const ranged = await (
      await app.request('/api/v1/admin/stats/hours?from=2025-04-15', { headers: ADMIN })
    ).json();
    expect(ranged.hours[12]).toEqual({ hour: 12, plays: 1 });
    const old = await app.request('/api/admin/stats/hourly', { headers: ADMIN });
    expect(old.headers.get('link')).toBe('</api/v1/admin/stats/hours>; rel="successor-version"');
    expect(old.headers.get('deprecation')).toBe('@1795737600');
  });

  test('one lockout for both prefixes, per client address', async () => {
    const app = await createTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    const wrong = (path: string, address: string) =>
      app.request(path, {
        headers: { authorization: `Basic ${btoa('admin:wrong-password-123')}`, 'x-forwarded-for': address },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await wrong('/api/v1/admin/stats/overview', '203.0.113.5')).status);
    for (let i = 0; i < 5; i++)
      statuses.push((await wrong('/api/admin/stats/overview', '203.0.113.5')).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await wrong('/api/v1/admin/stats/lines', '203.0.113.5')).status).toBe(429);
    expect((await wrong('/api/v1/admin/stats/lines', '203.0.113.99')).status).toBe(401);
  });

  test('the same guard: 401 without credentials, invalid_range for an impossible day', async () => {
    const app = await createTestApp();
    const denied = await app.request('/api/v1/admin/stats/overview');
    expect(denied.status).toBe(401);
    expect(denied.headers.get('cache-control')).toBe('no-store, private');
    const bad = await app.request('/api/v1/admin/stats/albums?from=2025-02-30', { headers: ADMIN });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error).toMatchObject({ code: 'invalid_range', field: 'from' });
  });
});
