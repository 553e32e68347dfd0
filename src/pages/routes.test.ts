import { describe, expect, test } from 'bun:test';
import { createTestApp } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';

/** The page's HTML without React's `<!-- -->` separators between adjacent text nodes. */
const html = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '');

describe('server-rendered pages', () => {
  test('/ shows the catalogue counts and the number of plays, refreshed after a play', async () => {
    const app = await createTestApp();
    const first = await html(await app.request('/'));
    expect(first).toContain('120 stihova iz 12 pjesama sa svih 3 albuma, od 1992. do 1998.');
    expect(first).not.toContain('Dosad odigrano');
    await submit(app, answerQuiz(await fetchQuiz(app), 10));
    expect(await html(await app.request('/'))).toContain('Dosad odigrano 1 kviz.');
  });

  test('when the statistics cannot be read, / still renders (no count) and /statistics shows the notice', async () => {
    const app = await createTestApp();
    app.db.$client.run('DROP TABLE totals');
    const landing = await app.request('/');
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('Kako igrati');
    const statistics = await app.request('/statistics');
    expect(statistics.status).toBe(200);
    const notice = await html(statistics);
    expect(notice).toContain('Greška pri dohvaćanju statistike');
    expect(notice).toContain('Dogodila se greška prilikom dohvaćanja podataka statistike.');
  });

  test('pages are sent gzipped to clients that accept it', async () => {
    const app = await createTestApp();
    const res = await app.request('/statistics', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });
});
