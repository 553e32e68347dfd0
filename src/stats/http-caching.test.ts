import { beforeAll, describe, expect, test } from 'bun:test';
import { appsClosedAfterFile, ENGINES, type EngineTestApp, openPgStores } from '../../test/support/engines';
import { seededRandom } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import { randomPlay } from '../../test/support/random-play';

/**
 * Public statistics: strong ETag per content, Cache-Control, 304; narrowed lists (docs/decisions/013).
 * On both engines (docs/decisions/023): the caches are keyed on each store's statistics version.
 */

const appOn = appsClosedAfterFile();

describe.each(ENGINES)('%s', (engine) => {
  describe('caching of public statistics', () => {
    let app: EngineTestApp;
    beforeAll(async () => {
      app = await appOn(engine, { STATS_CACHE_MAX_AGE_SECONDS: '7' });
    }, CLUSTER_START_MS);

    test.each([
      '/api/stats/overview',
      '/api/stats/lyrics',
      '/api/stats/songs',
      '/api/stats/albums',
      '/api/score-percentile/12',
    ])(
      '%s: ETag and Cache-Control; the same ETag → 304 with no body until a play is recorded',
      async (path) => {
        const first = await app.request(path);
        const etag = first.headers.get('etag')!;
        expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
        expect(first.headers.get('cache-control')).toBe('public, max-age=7');
        const again = await app.request(path, { headers: { 'if-none-match': etag } });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
        expect(again.headers.get('etag')).toBe(etag);
        // A list of tags, a weak form, or the gzip form of the same content match too (RFC 9110 weak comparison).
        for (const tag of [`"x", ${etag}`, `W/${etag}`, `${etag.slice(0, -1)}-gzip"`])
          expect((await app.request(path, { headers: { 'if-none-match': tag } })).status).toBe(304);
        await submit(app, answerQuiz(await fetchQuiz(app), 12));
        const changed = await app.request(path, { headers: { 'if-none-match': etag } });
        expect(changed.status).toBe(200);
        expect(changed.headers.get('etag')).not.toBe(etag);
      },
    );

    test('the gzip form has its own strong tag', async () => {
      const plain = await app.request('/api/stats/lyrics');
      const gzip = await app.request('/api/stats/lyrics', { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gzip.headers.get('etag')).toBe(`${plain.headers.get('etag')!.slice(0, -1)}-gzip"`);
    });

    test('admin answers carry no ETag and are never stored', async () => {
      const res = await app.request('/api/admin/stats/lyrics', {
        headers: { authorization: `Basic ${btoa('admin:test-password-123')}` },
      });
      expect(res.headers.get('etag')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store, private');
    });
  });

  describe('narrowed lyric and song lists', () => {
    let app: EngineTestApp;
    beforeAll(async () => {
      app = await appOn(engine);
      for (const correct of [30, 0, 15]) await submit(app, answerQuiz(await fetchQuiz(app), correct));
    }, CLUSTER_START_MS);
    const read = async (path: string) => (await (await app.request(path)).json()) as Record<string, number>[];
    const pct = (row: Record<string, number>) =>
      row.occurrences ? row.correctAnswers! / row.occurrences : 0;

    test('no parameter: every row, in catalogue order, as before', async () => {
      const rows = await read('/api/stats/lyrics');
      expect(rows).toHaveLength(120);
      expect(rows.map((r) => r.lyricId)).toEqual([...rows.map((r) => r.lyricId!)].sort((a, b) => a - b));
    });

    test.each(['lyrics', 'songs'])('%s: minOccurrences, sort, limit and offset', async (list) => {
      const all = await read(`/api/stats/${list}`);
      const shown = await read(`/api/stats/${list}?minOccurrences=1`);
      expect(shown).toEqual(all.filter((r) => r.occurrences! >= 1));
      const hardest = await read(`/api/stats/${list}?minOccurrences=1&sort=hardest`);
      expect(hardest.map(pct)).toEqual([...hardest.map(pct)].sort((a, b) => a - b));
      const easiest = await read(`/api/stats/${list}?minOccurrences=1&sort=easiest`);
      expect(easiest.map(pct)).toEqual([...easiest.map(pct)].sort((a, b) => b - a));
      expect(await read(`/api/stats/${list}?minOccurrences=1&sort=easiest&limit=3&offset=2`)).toEqual(
        easiest.slice(2, 5),
      );
    });

    test.each([
      'limit=0',
      'limit=1e1',
      'offset=-1',
      'offset=0x5',
      'minOccurrences=+7',
      'sort=medium',
      'limit=5.0',
    ])('%s → 422 naming the parameter', async (query) => {
      const res = await app.request(`/api/stats/lyrics?${query}`);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(query.split('=')[0]!);
    });
  });
});

describe('caching across instances (postgres)', () => {
  // The version is read from the database (docs/decisions/023): a play of another instance counts.
  test('a play recorded by another instance over the same database changes the ETag within about a second', async () => {
    const app = await appOn('postgres');
    const etag = (await app.request('/api/stats/overview')).headers.get('etag')!;
    const other = await openPgStores(app.url!);
    try {
      const play = randomPlay(other.catalogue, seededRandom(3), 'other-instance');
      expect(await other.stores.plays.recordPlays([play])).toHaveLength(1);
      const started = performance.now();
      for (;;) {
        const res = await app.request('/api/stats/overview', { headers: { 'if-none-match': etag } });
        if (res.status === 200) {
          expect(res.headers.get('etag')).not.toBe(etag);
          break;
        }
        // One second of refresh, plus slack for a loaded test machine.
        expect(performance.now() - started).toBeLessThan(3_000);
        await Bun.sleep(50);
      }
    } finally {
      await other.close();
    }
  });
});
