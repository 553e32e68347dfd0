import { describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';

/**
 * The dashboard's reads through API v1 (docs/decisions/034): the unversioned answers in the
 * glossary's words, the same figures. Every answer is also checked against the document.
 */

const ADMIN = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const read = async (app: TestApp, path: string) => {
  const res = await app.request(path, { headers: ADMIN });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store, private');
  return res;
};
const json = async (app: TestApp, path: string) => (await read(app, path)).json();

async function withPlays(count: number) {
  const app = await createTestApp();
  for (let i = 0; i < count; i++)
    expect((await submit(app, answerQuiz(await fetchQuiz(app), 12 + i))).status).toBe(200);
  return app;
}

describe('the dashboard through v1', () => {
  test('summary and trend: the unversioned figures, `correct` named `correctAnswers`', async () => {
    const app = await withPlays(2);
    const old = await json(app, '/api/admin/stats/summary');
    const v1 = await json(app, '/api/v1/admin/stats/summary');
    const { correct, ...rest } = old.current;
    expect(v1.current).toEqual({ ...rest, correctAnswers: correct });
    expect(v1.current.plays).toBe(2);
    expect(v1.current.correctAnswers).toBe(12 + 13);
    expect(v1.comparison).toBe(old.comparison);

    const oldTrend = await json(app, '/api/admin/stats/daily?group=week&compare=year');
    const trend = await json(app, '/api/v1/admin/stats/trend?group=week&compare=year');
    expect(trend.points.map((p: { correctAnswers: number }) => p.correctAnswers)).toEqual(
      oldTrend.points.map((p: { correct: number }) => p.correct),
    );
    expect(trend.points.some((p: object) => 'correct' in p)).toBe(false);
    expect(trend.previous.points.length).toBe(oldTrend.previous.points.length);
  });

  test('scores, players by hour, devices: the same answers; confusions of a line name its `line`', async () => {
    const app = await withPlays(2);
    for (const [old, v1] of [
      ['/api/admin/stats/scores?difficulty=all', '/api/v1/admin/stats/scores?difficulty=all'],
      ['/api/admin/stats/hourly-players', '/api/v1/admin/stats/players-by-hour'],
      ['/api/admin/stats/devices', '/api/v1/admin/stats/devices'],
    ])
      expect(await json(app, v1!)).toEqual(await json(app, old!));
    const all = await json(app, '/api/v1/admin/stats/confusions');
    expect(all.confusions.length).toBeGreaterThan(0);
    // A line answered wrongly: it has a wrong song picked.
    const { lyricId } = (await json(app, '/api/admin/stats/lyrics')).find(
      (l: { occurrences: number; correctAnswers: number }) => l.occurrences > l.correctAnswers,
    );
    const oldLine = await json(app, `/api/admin/stats/confusions?lyricId=${lyricId}`);
    const line = await json(app, `/api/v1/admin/stats/confusions?lyricId=${lyricId}`);
    expect(line.scope).toBe('lyric');
    expect(line.confusions.length).toBe(oldLine.confusions.length);
    expect(line.confusions[0].line).toBe(oldLine.confusions[0].lyric);
    expect('lyric' in line.confusions[0]).toBe(false);
  });

  test('a CSV export is the same file', async () => {
    const app = await withPlays(1);
    for (const table of ['songs', 'summary', 'daily']) {
      const old = await read(app, `/api/admin/export/${table}.csv`);
      const v1 = await read(app, `/api/v1/admin/exports/${table}.csv`);
      expect(v1.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(v1.headers.get('content-disposition')).toBe(old.headers.get('content-disposition'));
      expect(await v1.text()).toBe(await old.text());
    }
  });

  test('live games: paged to the end by Link; the hardest lines in the glossary’s words; a game’s CSV', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 5; i++)
      await app.deps.stores.party.recordGame({
        code: `ABCDEF${i}`,
        startedAtMs: app.clock.ms - 60_000 + i,
        endedAtMs: app.clock.ms + i,
        settings: { lines: 1, seconds: 20, difficulty: 'normal', autoNext: 0 },
        lines: [{ lyricId: 1, correctSongId: 1, skipped: false, answered: 2, correct: 1 }],
        players: [
          { rank: 1, nickname: 'Ana', points: 900, correct: 1, answers: [[0, 1_500, 900]] },
          { rank: 2, nickname: 'Ivo', points: 0, correct: 0, answers: [[1, 2_500, 0]] },
        ],
      });
    const codes: string[] = [];
    let path: string | undefined = '/api/v1/admin/live-games?limit=2';
    let pages = 0;
    while (path) {
      const res = await read(app, path);
      const page = (await res.json()) as { items: { code: string }[]; total: number; limit: number };
      expect(page.total).toBe(5);
      expect(page.limit).toBe(2);
      codes.push(...page.items.map((g) => g.code));
      pages++;
      path = res.headers.get('link')?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
    }
    expect(pages).toBe(3);
    expect(codes).toEqual(['ABCDEF4', 'ABCDEF3', 'ABCDEF2', 'ABCDEF1', 'ABCDEF0']);

    const lines = await json(app, '/api/v1/admin/live-games/lines');
    expect(lines.lines[0]).toMatchObject({
      lyricId: 1,
      games: 5,
      answers: 10,
      correctAnswers: 5,
      accuracy: 50,
    });
    const id = (await json(app, '/api/admin/uzivo/games')).games[0].id;
    const old = await (await read(app, `/api/admin/uzivo/export.csv?game=${id}`)).text();
    expect(await (await read(app, `/api/v1/admin/live-games/export.csv?game=${id}`)).text()).toBe(old);
  });

  test('notes: added, listed and deleted through v1', async () => {
    const app = await createTestApp();
    const added = await app.request('/api/v1/admin/annotations', {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ day: '2025-04-14', text: 'Radijska emisija' }),
    });
    expect(added.status).toBe(201);
    const { id } = await added.json();
    const listed = await json(app, '/api/v1/admin/annotations?from=2025-04-01');
    expect(listed).toEqual({
      from: '2025-04-01',
      to: '2025-04-15',
      items: [{ id, day: '2025-04-14', text: 'Radijska emisija' }],
      total: 1,
      limit: 100,
      offset: 0,
    });
    // A page at a time: two notes, one a page, the range kept in the next page's Link.
    await app.request('/api/v1/admin/annotations', {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ day: '2025-04-15', text: 'Novi album' }),
    });
    const first = await read(app, '/api/v1/admin/annotations?from=2025-04-01&limit=1');
    expect(first.headers.get('link')).toBe(
      '</api/v1/admin/annotations?from=2025-04-01&to=2025-04-15&limit=1&offset=1>; rel="next"',
    );
    const second = await json(
      app,
      '/api/v1/admin/annotations?from=2025-04-01&to=2025-04-15&limit=1&offset=1',
    );
    expect(second.items.map((n: { text: string }) => n.text)).toEqual(['Novi album']);
    expect(
      (await app.request(`/api/v1/admin/annotations/${id}`, { method: 'DELETE', headers: ADMIN })).status,
    ).toBe(204);
    expect((await json(app, '/api/admin/annotations?from=2025-04-01')).annotations).toHaveLength(1);
  });

  test('the live card streams its first event at once, privately, never cross-origin', async () => {
    const app = await createTestApp({ env: { CORS_ORIGINS: 'https://partner.example.org' } });
    const controller = new AbortController();
    // app.handle, not app.request: the contract check would read the endless body to its end.
    const res = await app.app.handle(
      new Request('http://localhost/api/v1/admin/activity', {
        headers: { ...ADMIN, origin: 'https://partner.example.org' },
        signal: controller.signal,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store, private');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).toContain('event: activity');
    const data = JSON.parse(text.match(/data: (.*)/)![1]!);
    expect(data).toHaveProperty('playersNow');
  });
});
