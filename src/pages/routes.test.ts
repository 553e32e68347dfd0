import { beforeAll, describe, expect, test } from 'bun:test';
import { appsClosedAfterFile, ENGINES, warmEngine } from '../../test/support/engines';
import { createTestApp } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import { PAGE_FIGURES_LAG_MS } from './routes';

/** The page's HTML without React's `<!-- -->` separators between adjacent text nodes. */
const html = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '');

const appOn = appsClosedAfterFile();

/** The preview pictures of the pages that are not a shared score (scripts/share-images.tsx). */
const PAGE_IMAGES = {
  start: '/assets/page-start-abc.png',
  statistics: '/assets/page-statistics-abc.png',
  daily: '/assets/page-daily-abc.png',
};
const NO_SCORES = { artist: 'Testni Izvođač', scores: [], generic: [] };

/** The pages that read statistics, over both engines (docs/decisions/023). */
describe.each(ENGINES)('server-rendered pages reading statistics (%s)', (engine) => {
  beforeAll(() => warmEngine(engine), CLUSTER_START_MS);

  test('/ shows the catalogue counts and the number of plays, refreshed after a play', async () => {
    const app = await appOn(engine);
    const first = await html(await app.request('/'));
    expect(first).toContain('120 stihova iz 12 pjesama sa sva 3 albuma, od 1992. do 1998.');
    expect(first).toContain('href="/quiz?nova"');
    expect(first).not.toContain('Dosad odigran');
    await submit(app, answerQuiz(await fetchQuiz(app), 10));
    // Rendered again at most once a second while plays stream in (PAGE_FIGURES_LAG_MS): within
    // the second the page already rendered is sent, a second later the new count.
    expect(await html(await app.request('/'))).not.toContain('Dosad odigran');
    app.clock.advance(PAGE_FIGURES_LAG_MS / 1000);
    expect(await html(await app.request('/'))).toContain('Dosad odigran 1 kviz.');
    await submit(app, answerQuiz(await fetchQuiz(app), 12));
    app.clock.advance(0.5);
    expect(await html(await app.request('/'))).toContain('Dosad odigran 1 kviz.');
    app.clock.advance(0.5);
    expect(await html(await app.request('/'))).toContain('Dosad odigrana 2 kviza.');
  });

  test('when the statistics cannot be read, / still renders (no count) and /statistics shows the notice', async () => {
    const app = await appOn(engine);
    await app.all('DROP TABLE totals');
    const landing = await app.request('/');
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('Kako igrati');
    const statistics = await app.request('/statistics');
    expect(statistics.status).toBe(200);
    const notice = await html(statistics);
    expect(notice).toContain('Greška pri dohvaćanju statistike');
    expect(notice).toContain('Dogodila se greška prilikom dohvaćanja podataka statistike.');
  });
});

describe('server-rendered pages', () => {
  test('a shared result link /?r=N previews with the picture of its score; anything else is the plain page', async () => {
    const shareImages = {
      artist: 'Testni Izvođač',
      scores: Array.from({ length: 31 }, (_, s) => `/assets/share-${s}-abc.png`),
      generic: Array.from({ length: 31 }, (_, s) => `/assets/share-generic-${s}-abc.png`),
      pages: PAGE_IMAGES,
      genericPages: PAGE_IMAGES,
    };
    const assets = { manifest: { css: [], entries: {}, shareImages }, files: new Map() };
    const app = await createTestApp({ assets, env: { SITE_URL: 'https://kviz.example.hr' } });
    const shared = await html(await app.request('/?r=25&v=12345'));
    expect(shared).toContain(
      '<meta property="og:image" content="https://kviz.example.hr/assets/share-25-abc.png">',
    );
    expect(shared).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(shared).toContain(
      '<meta name="twitter:image" content="https://kviz.example.hr/assets/share-25-abc.png">',
    );
    expect(shared).toContain('<meta property="og:image:width" content="1200">');
    expect(shared).toContain('Netko vam je poslao svoj rezultat: 25/30 (Vrlo dobro).');
    for (const r of ['31', '-1', 'abc', '2.5', '007']) {
      const plain = await html(await app.request(`/?r=${r}`));
      expect(plain).not.toContain('share-');
      expect(plain).toContain('<meta property="og:url" content="https://kviz.example.hr/">');
      expect(plain).toContain(
        '<meta property="og:image" content="https://kviz.example.hr/assets/page-start-abc.png">',
      );
    }
    // Another catalogue than the one the images were rendered for: the pictures without the artist.
    const other = await createTestApp({
      assets: {
        ...assets,
        manifest: { ...assets.manifest, shareImages: { ...shareImages, artist: 'Netko' } },
      },
    });
    expect(await html(await other.request('/?r=3'))).toContain('/assets/share-generic-3-abc.png');
  });

  test('the daily link and /statistics preview as themselves: their own address, words and picture (issue 33, defect 5)', async () => {
    const manifest = {
      css: [],
      entries: {},
      shareImages: { ...NO_SCORES, pages: PAGE_IMAGES, genericPages: PAGE_IMAGES },
    };
    const app = await createTestApp({
      assets: { manifest, files: new Map() },
      env: { SITE_URL: 'https://kviz.example.hr' },
    });
    for (const [path, image, words] of [
      ['/statistics', 'page-statistics-abc.png', 'Statistika'],
      ['/dnevni-izazov', 'page-daily-abc.png', 'Dnevni izazov'],
    ] as const) {
      const page = await html(await app.request(path));
      expect(page).toContain(`<meta property="og:url" content="https://kviz.example.hr${path}">`);
      expect(page).toContain(`<meta property="og:image" content="https://kviz.example.hr/assets/${image}">`);
      expect(page).toContain(`<meta name="twitter:image" content="https://kviz.example.hr/assets/${image}">`);
      expect(page).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(page).toMatch(new RegExp(`<meta property="og:title" content="${words}[^"]*">`));
    }
  });

  test('pages are sent gzipped to clients that accept it', async () => {
    const app = await createTestApp();
    const res = await app.request('/statistics', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });

  test('/results renders the score the browser finished with on the server: score, rating, the scale with its band (issue 33)', async () => {
    const app = await createTestApp();
    const shown = await html(await app.request('/results', { headers: { cookie: 'kviz_score=23' } }));
    expect(shown).toMatch(/<p[^>]*data-score=""[^>]*>23\/30<\/p>/);
    expect(shown).toMatch(/data-rating=""[^>]*>Vrlo dobro</);
    // The rating scale as a table, the player's band marked, not folded away (docs/product.md#results).
    expect(shown).not.toContain('<details');
    expect(shown).toMatch(/<tr[^>]*aria-current="true"[^>]*><td[^>]*>21–25<\/td>/);
    expect(shown).not.toContain('Učitavanje rezultata');
    // No score, or not a score: the loading screen, as before.
    for (const cookie of ['', 'kviz_score=31', 'kviz_score=abc', 'other=5']) {
      const plain = await html(await app.request('/results', { headers: cookie ? { cookie } : {} }));
      expect(plain, cookie).toContain('Učitavanje rezultata…');
      expect(plain, cookie).not.toContain('data-score=""');
    }
  });

  test('/quiz?nova carries a new play (first line rendered, token in the props, no-store); plain /quiz and a client over the quiz limit get the shell', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_QUIZ_PER_MINUTE: '2' } });
    const propsOf = (page: string) =>
      JSON.parse(/<script[^>]*data-island-props="quiz"[^>]*>([^<]*)<\/script>/.exec(page)?.[1] ?? '{}') as {
        initial?: {
          questions: { lyric: string; lyricId: number; correctSongId: number; options: { id: number }[] }[];
          token: string;
          difficulty: string;
        };
      };
    const res = await app.request('/quiz?nova&difficulty=hard');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await html(res);
    const initial = propsOf(page).initial!;
    expect(initial.questions).toHaveLength(30);
    expect(initial.difficulty).toBe('hard');
    expect(initial.token.split('.')).toHaveLength(2);
    // The first line and its five options are in the HTML: on screen at first paint.
    expect(page).toContain(initial.questions[0]!.lyric);
    expect(page.match(/data-option="[A-E]"/g)).toHaveLength(5);
    // A token of this page is one the API accepts: a play of it is recorded, as hard.
    const recorded = await submit(app, answerQuiz(initial, 7));
    expect(await recorded.json()).toMatchObject({ score: 7, difficulty: 'hard' });
    const plain = await html(await app.request('/quiz'));
    expect(propsOf(plain).initial).toBeUndefined();
    expect(plain).toContain('Učitavanje pitanja...');
    // The page counts against the address's quiz limit like GET /api/quiz: over it, no play inside.
    expect(propsOf(await html(await app.request('/quiz?nova'))).initial).toBeDefined();
    expect(propsOf(await html(await app.request('/quiz?nova'))).initial).toBeUndefined();
    expect((await app.request('/api/quiz')).status).toBe(429);
  });
});
