/**
 * Issue 37, finding 9: a full disk answered submissions 500, failed the reads that flush the
 * deferred counters first, and left /healthz at 200. SQLite's max_page_count makes the same
 * SQLITE_FULL ("database or disk is full") a full disk gives, in process.
 */
import { describe, expect, test } from 'bun:test';
import { createTestAppOver, createTestDb } from '../support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../support/play';

describe('a full disk', () => {
  test('plays → 503 storage_unavailable with Retry-After, reads answer, /healthz 503 with the reason; all well once space is freed', async () => {
    const db = createTestDb();
    const app = await createTestAppOver(db);
    const sqlite = db.$client;
    const pages = () => sqlite.query<{ page_count: number }, []>('PRAGMA page_count').get()!.page_count;
    for (let i = 0; i < 3; i++)
      expect((await submit(app, answerQuiz(await fetchQuiz(app), 12))).status).toBe(200);
    expect((await app.request('/healthz')).status).toBe(200);

    // The disk fills up: not one more page.
    sqlite.exec(`PRAGMA max_page_count = ${pages()}`);
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 60 && !refused; i++) {
      const res = await submit(app, answerQuiz(await fetchQuiz(app), 7));
      statuses.push(res.status);
      if (res.status !== 200) refused = res;
    }
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(refused?.status).toBe(503);
    expect(refused!.headers.get('retry-after')).toBe('30');
    expect(((await refused!.json()) as { error: { code: string } }).error.code).toBe('storage_unavailable');

    const health = await app.request('/healthz');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', reason: 'storage_unavailable' });
    // Reads answer from what the counters hold.
    for (const path of ['/api/stats/lyrics', '/api/stats/songs', '/api/stats/overview'])
      expect((await app.request(path)).status, path).toBe(200);
    // No play is handed out while none can be recorded (issue 31): 503 with the same Retry-After.
    for (const path of ['/api/quiz?difficulty=hard', '/api/daily', '/api/v1/quiz', '/api/v1/daily']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('30');
    }
    const page = await app.request('/quiz?nova');
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('"token"');

    // Space is freed: /healthz sees it (its probe write goes through) before any play does.
    sqlite.exec('PRAGMA max_page_count = 1073741823');
    const healed = await app.request('/healthz');
    expect(healed.status).toBe(200);
    expect(await healed.json()).toEqual({ status: 'ok' });
    expect((await submit(app, answerQuiz(await fetchQuiz(app), 9))).status).toBe(200);
    expect(await (await app.request('/quiz?nova')).text()).toContain('"token"');
    // Nothing half-written: the counters agree with the raw record.
    await app.request('/api/stats/lyrics');
    expect(await app.stores.plays.verifyCounters()).toEqual([]);
  });
});
