import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createEngineTestApp, ENGINES, type EngineTestApp, openPgStores } from '../../test/support/engines';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import {
  type AdminSources,
  OTHER_SOURCE,
  SOURCE_KEYS_PER_DAY,
  SOURCE_ROWS,
} from '../shared/contracts/admin-sources';

/**
 * Where players come from and what they do (issue 34; docs/decisions/040), on both engines: the
 * landing visits, the share beacon and the funnel, each checked against the rows in the database.
 */
const auth = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const DAY = '2025-10-27';

describe.each(ENGINES)('%s', (engine) => {
  let app: EngineTestApp;
  beforeAll(async () => {
    app = await createEngineTestApp(engine);
    app.clock.ms = Date.parse(`${DAY}T12:00:00Z`);
  }, CLUSTER_START_MS);
  afterAll(() => app.close(), 30_000);

  const visit = (path: string, referer?: string, agent = browser) =>
    app.request(path, { headers: { 'user-agent': agent, ...(referer ? { referer } : {}) } });
  const share = (target: string) =>
    app.request('/api/share', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target }),
    });
  const sources = async (query = `?from=${DAY}&to=${DAY}`) => {
    const res = await app.request(`/api/admin/stats/sources${query}`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store, private');
    return (await res.json()) as AdminSources;
  };
  /** The source rows of the day once the in-memory counts are written (the next turn in tests). */
  const stored = async (kind: string, settle = true) => {
    if (settle) await Bun.sleep(30);
    const rows = await app.all(
      `SELECT key, count FROM source_days WHERE day = '${DAY}' AND kind = '${kind}' ORDER BY key`,
    );
    return Object.fromEntries(rows.map((r) => [String(r.key), Number(r.count)]));
  };

  test('landing visits: the referring host only, normalised; none from our own host, crawlers or prefetches', async () => {
    await visit('/', 'https://www.Facebook.com/groups/secret-group/posts/1?fbclid=PRIVATE');
    await visit('/statistics', 'https://m.facebook.com/story.php?id=7');
    await visit('/quiz', 'https://facebook.com/');
    await visit(
      '/?utm_source=Radio%20Sljeme&utm_medium=QR&utm_campaign=Jesen(2025)|x',
      'android-app://com.google.android.gm/',
    );
    await visit('/');
    await visit('/dnevni-izazov', 'not a url');
    // A navigation inside the site, a crawler, a prefetch, the admin pages: nothing.
    await visit('/results', 'http://localhost:3000/quiz?secret=1');
    await visit('/', 'https://google.com/', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await app.request('/', {
      headers: { 'user-agent': browser, referer: 'https://x.com/', 'sec-purpose': 'prefetch' },
    });
    await visit('/admin', 'https://evil.example/');

    expect(await stored('referrer')).toEqual({
      '': 2,
      'com.google.android.gm': 1,
      'facebook.com': 2,
      'm.facebook.com': 1,
    });
    expect(await stored('campaign', false)).toEqual({ 'radio sljeme|qr|jesen2025x': 1 });
    // Neither a path nor a query of a referring page is anywhere in the table.
    const all = JSON.stringify(await app.all('SELECT * FROM source_days'));
    for (const secret of ['secret', 'PRIVATE', 'groups', 'story']) expect(all).not.toContain(secret);

    const read = await sources();
    expect(read.referrers.rows).toEqual([
      { host: '', visits: 2 },
      { host: 'facebook.com', visits: 2 },
      { host: 'com.google.android.gm', visits: 1 },
      { host: 'm.facebook.com', visits: 1 },
    ]);
    expect(read.referrers.total).toBe(6);
    expect(read.campaigns.rows).toEqual([
      { source: 'radio sljeme', medium: 'qr', campaign: 'jesen2025x', visits: 1 },
    ]);
  });

  test('the share beacon: 204 and counted per button; a wrong target 422, a flood 429 and not counted', async () => {
    expect((await share('myspace')).status).toBe(422);
    const malformed = await app.request('/api/share', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"target":',
    });
    expect(malformed.status).toBe(400);
    // A new minute: RATE_LIMIT_SHARE_PER_MINUTE (30) presses from one address, the 31st refused.
    app.clock.ms += 61_000;
    for (const target of ['whatsapp', 'whatsapp', 'copy', 'native'])
      expect((await share(target)).status).toBe(204);
    const statuses: number[] = [];
    for (let i = 0; i < 27; i++) statuses.push((await share('x')).status);
    expect(statuses.slice(0, 26).every((s) => s === 204)).toBe(true);
    expect(statuses[26]).toBe(429);
    const over = await share('x');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).not.toBeNull();
    expect(await stored('share')).toEqual({ copy: 1, native: 1, whatsapp: 2, x: 26 });
  });

  test('a flood of made-up referrers keeps the day bounded, the total exact, the busiest hosts named', async () => {
    // A real referrer with many visits, then 300 made-up ones once each.
    for (let i = 0; i < 5; i++) await visit('/', 'https://radio.example/');
    for (let i = 0; i < 300; i++) await visit('/', `https://spam-${i}.example/`);
    const rows = await stored('referrer');
    const named = Object.keys(rows).filter((k) => k !== OTHER_SOURCE);
    expect(named.length).toBeLessThanOrEqual(SOURCE_KEYS_PER_DAY);
    expect(rows['radio.example']).toBe(5);
    expect(rows['facebook.com']).toBe(2);
    const total = Object.values(rows).reduce((s, n) => s + n, 0);
    expect(total).toBe(6 + 5 + 300);
    const read = await sources();
    expect(read.referrers.rows.length).toBe(SOURCE_ROWS);
    expect(read.referrers.rows[0]).toEqual({ host: 'radio.example', visits: 5 });
    expect(read.referrers.total).toBe(total);
    expect(read.referrers.rows.reduce((s, r) => s + r.visits, 0) + read.referrers.other).toBe(total);
  });

  test.if(engine === 'postgres')(
    'two instances adding at once keep the day bounded and the total exact',
    async () => {
      const day = '2025-10-20';
      const other = await openPgStores(app.url!);
      try {
        const batch = (from: number) =>
          Array.from({ length: 120 }, (_, i) => ({
            day,
            kind: 'referrer' as const,
            key: `h${from + i}.example`,
            count: 1,
          }));
        await Promise.all([
          app.stores.sources.add(batch(0)),
          other.stores.sources.add(batch(1000)),
          app.stores.sources.add(batch(2000)),
        ]);
        const rows = await app.all(
          `SELECT key, count FROM source_days WHERE day = '${day}' AND kind = 'referrer'`,
        );
        expect(rows.length).toBe(SOURCE_KEYS_PER_DAY + 1);
        expect(rows.reduce((s, r) => s + Number(r.count), 0)).toBe(360);
      } finally {
        await other.close();
      }
    },
  );

  test('the funnel equals the recorded events: quizzes, plays, shares, plays of a player who had played that day', async () => {
    const day = '2025-10-28';
    app.clock.ms = Date.parse(`${day}T09:00:00Z`);
    const quizzes = await Promise.all(Array.from({ length: 7 }, () => fetchQuiz(app)));
    // Player a plays three times, b twice, c once: six plays, three of them "again".
    const players = ['a', 'a', 'b', 'a', 'b', 'c'].map((p) => `00000000-0000-4000-8000-00000000000${p}`);
    for (const [i, sessionId] of players.entries())
      expect((await submit(app, answerQuiz(quizzes[i]!, 10 + i, sessionId))).status).toBe(200);
    for (const target of ['facebook', 'whatsapp', 'copy']) expect((await share(target)).status).toBe(204);
    await Bun.sleep(30);

    const read = await sources(`?from=${day}&to=${day}`);
    const [{ n: plays }] = (await app.all(`SELECT count(*) AS n FROM plays WHERE day = '${day}'`)) as [
      { n: unknown },
    ];
    const [{ n: again }] = (await app.all(
      `SELECT count(*) AS n FROM plays p WHERE p.day = '${day}' AND EXISTS (SELECT 1 FROM plays q WHERE q.player_id = p.player_id AND q.day = p.day AND q.id < p.id)`,
    )) as [{ n: unknown }];
    const [{ n: shared }] = (await app.all(
      `SELECT sum(count) AS n FROM source_days WHERE day = '${day}' AND kind = 'share'`,
    )) as [{ n: unknown }];
    expect(read.funnel).toEqual({
      quizzesIssued: quizzes.length,
      playsFinished: Number(plays),
      shared: Number(shared),
      playedAgain: Number(again),
    });
    expect(read.funnel).toEqual({ quizzesIssued: 7, playsFinished: 6, shared: 3, playedAgain: 3 });
  });

  test('the CSV files: Croatian headers, the rows of the JSON, formula cells neutralised', async () => {
    app.clock.ms = Date.parse(`${DAY}T15:00:00Z`);
    await visit('/?utm_source=-2%2B3&utm_campaign=%3Dcmd', 'https://radio.example/');
    await Bun.sleep(30);
    const csv = async (table: string) => {
      const res = await app.request(`/api/admin/export/${table}.csv?from=${DAY}&to=${DAY}`, {
        headers: auth,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="kviz-${table}-${DAY}_${DAY}.csv"`,
      );
      return (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    };
    const referrers = await csv('referrers');
    expect(referrers[0]).toBe('Izvor (stranica);Posjeti;Udio (%)');
    expect(referrers[1]).toMatch(/^radio\.example;6;\d+,\d$/);
    const read = await sources();
    expect(referrers.filter(Boolean).length).toBe(
      1 + read.referrers.rows.length + (read.referrers.other > 0 ? 1 : 0),
    );
    const campaigns = await csv('campaigns');
    expect(campaigns[0]).toBe(
      'Izvor (utm_source);Medij (utm_medium);Kampanja (utm_campaign);Posjeti;Udio (%)',
    );
    // `-2+3` would be a formula in a spreadsheet: it is written as text.
    expect(campaigns).toContain("'-2+3;;cmd;1;50");
    expect((await csv('shares')).slice(0, 2)).toEqual([
      'Gumb za dijeljenje;Pritisci;Udio (%)',
      'X (Twitter);26;86,7',
    ]);
    const funnel = await csv('funnel');
    expect(funnel[0]).toBe('Korak;Broj;Od izdanih kvizova (%);Na 100 završenih igara (%)');
    expect(funnel[1]).toBe('Izdani kvizovi;0;;');
  });

  test('API v1: POST /api/v1/shares counts in the same budget; the read and its files answer as the unversioned ones, which point at them', async () => {
    app.clock.ms += 61_000;
    const before = (await stored('share', false)).facebook ?? 0;
    const v1 = await app.request('/api/v1/shares', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'facebook' }),
    });
    expect(v1.status).toBe(204);
    expect(v1.headers.get('deprecation')).toBeNull();
    const v0 = await share('facebook');
    expect(v0.headers.get('link')).toBe('</api/v1/shares>; rel="successor-version"');
    // One budget per client for both paths: the v0 press saw the v1 press counted.
    expect(Number(/r=(\d+)/.exec(v1.headers.get('ratelimit') ?? '')?.[1])).toBe(
      Number(/r=(\d+)/.exec(v0.headers.get('ratelimit') ?? '')?.[1]) + 1,
    );
    expect((await stored('share')).facebook).toBe(before + 2);
    const range = `?from=${DAY}&to=${DAY}`;
    const read = async (path: string) => {
      const res = await app.request(path, { headers: auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store, private');
      return res;
    };
    const old = await read(`/api/admin/stats/sources${range}`);
    expect(old.headers.get('link')).toBe('</api/v1/admin/stats/sources>; rel="successor-version"');
    expect(await (await read(`/api/v1/admin/stats/sources${range}`)).json()).toEqual(await old.json());
    for (const table of ['referrers', 'campaigns', 'shares', 'funnel'])
      expect(await (await read(`/api/v1/admin/exports/${table}.csv${range}`)).text()).toBe(
        await (await read(`/api/admin/export/${table}.csv${range}`)).text(),
      );
  });
});
