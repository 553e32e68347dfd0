import type { Server } from 'bun';
import { Elysia, NotFoundError } from 'elysia';
import { createElement, type ReactElement } from 'react';
import { NEW_PLAY_PARAM } from '../../web/lib/difficulty';
import { AdminLoginPage, DashboardPage } from '../../web/pages/AdminPages';
import { DailyPage } from '../../web/pages/DailyPage';
import { LandingPage } from '../../web/pages/LandingPage';
import { NotFoundPage } from '../../web/pages/NotFoundPage';
import { OfflinePage } from '../../web/pages/OfflinePage';
import { PartyHostPage, PartyJoinPage } from '../../web/pages/PartyPages';
import { QuizPage } from '../../web/pages/QuizPage';
import { ResultsPage } from '../../web/pages/ResultsPage';
import { StatisticsPage } from '../../web/pages/StatisticsPage';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Config } from '../config';
import { AppError } from '../errors';
import { isStorageFault } from '../health/storage-health';
import { type EncodedBody, type Exchange, encodeBody, sendBody } from '../http/encoded-body';
import type { Logger } from '../logger';
import type { InlineQuiz } from '../quiz/inline';
import type { DailySummary } from '../shared/contracts/daily';
import type { DailyToday, PageProps } from '../shared/contracts/pages';
import { DEFAULT_DIFFICULTY, type Difficulty, isDifficulty } from '../shared/difficulty';
import { productTitle } from '../shared/rules';
import { shownScoreOf } from '../shared/shown-score';
import { cachedPerVersion, changingAtMostEvery } from '../stats/version-cache';
import type { StatsStore } from '../storage/contract';
import type { Clock } from '../time/clock';
import type { ClientAssets, PreviewPage } from './client-assets';
import { serveAsset } from './client-assets';
import { renderDocument } from './document';
import { getCatalogueCounts, getLandingData, getPublicStatistics } from './service';
import { serviceWorkerSource } from './service-worker';
import { pagePreview, sharedScore, shareImagePaths, sharePreview } from './share-preview';

/** /statistics' title in the browser and in a shared link's preview. */
const STATISTICS_HEADING = 'Statistika kviza';

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b5a8c"/><path d="M22 46V18h6v11l10-11h7L34 30l12 16h-7l-9-12-2 2v10z" fill="#fff"/></svg>`;

/** The /quiz page's play: the limit's count and the draw (docs/decisions/032). */
interface InlineQuizSource {
  allowed: (request: Request, server: Server<unknown> | null) => boolean | Promise<boolean>;
  create: (difficulty: Difficulty) => InlineQuiz | Promise<InlineQuiz>;
}

/**
 * The play the /quiz page carries; none over the limit, nor while plays cannot be recorded (a
 * database away, a full disk: the draw throws 503) — the page's script then asks GET /api/quiz,
 * which answers 503 with Retry-After until they can (issue 31).
 */
async function inlinePlay(
  inline: InlineQuizSource | undefined,
  request: Request,
  server: Server<unknown> | null,
  difficulty: Difficulty,
): Promise<InlineQuiz | undefined> {
  if (!inline) return undefined;
  try {
    // The limit's count is a database write when the limits are shared (docs/decisions/036).
    if (!(await inline.allowed(request, server))) return undefined;
    return await inline.create(difficulty);
  } catch (error) {
    if ((error instanceof AppError && error.status === 503) || isStorageFault(error)) return undefined;
    throw error;
  }
}

export interface PageRoutesDeps {
  catalogue: () => CatalogueIndex;
  stats: StatsStore;
  config: Pick<Config, 'siteUrl' | 'creatorName' | 'creatorUrl' | 'creatorAppUrl' | 'quizTokenTtlSeconds'>;
  assets: ClientAssets;
  log: Logger;
  /**
   * The /quiz page's inline quiz (docs/decisions/032): `allowed` counts the page view against the
   * quiz limit of its address; over it, the page is sent without one (the island fetches it).
   */
  inlineQuiz?: InlineQuizSource;
  /** Today's daily challenge and its figures (docs/decisions/021). */
  daily: { today(): DailyToday; summary(): Promise<DailySummary> };
  /** Told of each GET of a page a visitor can land on (where visits come from, docs/decisions/040). */
  onVisit?: (request: Request) => void;
  /** The time the statistics pages' renderings are kept by (PAGE_FIGURES_LAG_MS). */
  clock: Pick<Clock, 'nowMs'>;
}

/** The start and statistics pages are rendered again at most this often while plays stream in. */
export const PAGE_FIGURES_LAG_MS = 1_000;

/** The pages a visitor lands on from elsewhere (not the admin's, the offline page nor the assets). */
/**
 * A hook of the page routes only (`as: 'local'`): a request of a page a visitor lands on is
 * counted by where it came from.
 */
const landingVisits =
  (onVisit: PageRoutesDeps['onVisit']) =>
  ({ request, path }: { request: Request; path: string }) => {
    if (onVisit && LANDING_PAGES.has(path)) onVisit(request);
  };

const LANDING_PAGES = new Set([
  '/',
  '/statistics',
  '/quiz',
  '/results',
  '/dnevni-izazov',
  '/uzivo',
  '/uzivo/pridruzi',
]);

function pageProps({ catalogue, config }: Pick<PageRoutesDeps, 'catalogue' | 'config'>): PageProps {
  const artist = catalogue().artist;
  return {
    title: productTitle(artist),
    artist,
    siteUrl: config.siteUrl,
    creator: { name: config.creatorName, url: config.creatorUrl, appUrl: config.creatorAppUrl },
  };
}

const htmlHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
const RESULTS_WITH_SCORE = { ...htmlHeaders, 'cache-control': 'private, no-cache', vary: 'Cookie' };

const sendHtml = (html: Html, exchange: Exchange, headers: Record<string, string>) =>
  html instanceof Promise
    ? html.then((ready) => sendBody(ready, exchange, headers))
    : sendBody(html, exchange, headers);

/** The 404 page for unknown non-API paths (used by the error handler). */
export function renderNotFound(deps: Pick<PageRoutesDeps, 'catalogue' | 'config' | 'assets'>): string {
  const { assets } = deps;
  const page = pageProps(deps);
  return renderDocument(assets, {
    page,
    title: `404 Page Not Found - ${page.title}`,
    body: createElement(NotFoundPage, { page }),
  });
}

type Html = EncodedBody | Promise<EncodedBody>;

/**
 * Sending rendered HTML, ready or still rendering; a page with statistics falls back when they
 * cannot be read. Apart from pageRoutes so the route table and its caches fit on a screen.
 */
function htmlSender(log: PageRoutesDeps['log']) {
  const send = (html: Html, exchange: Exchange) =>
    html instanceof Promise
      ? html.then((ready) => sendBody(ready, exchange, htmlHeaders))
      : sendBody(html, exchange, htmlHeaders);
  /** A page with statistics; when they cannot be read, `fallback` is sent and the failure logged. */
  const sendOr = (page: () => Html, fallback: () => Html, failure: string, exchange: Exchange) => {
    const logged = (error: unknown) => {
      log.error(failure, { error: String(error) });
      return send(fallback(), exchange);
    };
    try {
      const html = page();
      return html instanceof Promise
        ? html.then((ready) => sendBody(ready, exchange, htmlHeaders), logged)
        : send(html, exchange);
    } catch (error) {
      return logged(error);
    }
  };
  return { send, sendOr };
}

/** The site's icon, kept a day (outside pageRoutes so the route table fits on a screen). */
const favicon = () =>
  new Response(FAVICON, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
  });

/** Rendered once per process; like the per-version caches, synchronous once ready. */
const once = (compute: () => Promise<EncodedBody>) => cachedPerVersion(() => 'once', compute);

/** `make(key)` once per key, then kept (a page's variants: at most one per score, 0–30). */
function keptPerKey<K, V>(make: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make(key);
      kept.set(key, value);
    }
    return value;
  };
}

/**
 * A page's renderer: its document with the title (`heading - product`), a shared score's preview,
 * and what a link to it previews as — a page no one shares (a quiz, a result) as the start page.
 */
const pageRenderer =
  (deps: PageRoutesDeps) =>
  (
    body: (page: PageProps) => ReactElement | Promise<ReactElement>,
    heading?: string,
    score?: number,
    [shown, path]: [PreviewPage, string] = ['start', '/'],
  ) =>
  async () => {
    const { assets } = deps;
    const page = pageProps(deps);
    const title = heading ? `${heading} - ${page.title}` : page.title;
    const preview = score === undefined ? undefined : sharePreview(assets.manifest, page, score);
    const at = pagePreview(assets.manifest, page, shown, path);
    return encodeBody(renderDocument(assets, { page, title, preview, at, body: await body(page) }));
  };

/** The start page, and its variants for shared result links (`/?r=25`: at most 31 more). */
function landingPages(deps: PageRoutesDeps, render: ReturnType<typeof pageRenderer>, version: () => string) {
  const { stats, catalogue } = deps;
  return keptPerKey((score: number | undefined) => ({
    // The play count of the folded counters: their version (PostgreSQL's moves with folds only).
    page: cachedPerVersion(
      version,
      render(
        async (page) =>
          createElement(LandingPage, {
            page,
            data: await getLandingData(catalogue(), stats),
            sharedScore: score,
            tokenTtlSeconds: deps.config.quizTokenTtlSeconds,
          }),
        undefined,
        score,
      ),
    ),
    fallback: once(
      render(
        (page) =>
          createElement(LandingPage, {
            page,
            data: { ...getCatalogueCounts(catalogue()), plays: 0 },
            sharedScore: score,
            tokenTtlSeconds: deps.config.quizTokenTtlSeconds,
          }),
        undefined,
        score,
      ),
    ),
  }));
}

/**
 * The server-rendered pages (docs/decisions/008-pages-and-islands.md) and the client assets.
 * Rendered HTML is cached: pages with statistics once per statistics version (at most once a
 * second: PAGE_FIGURES_LAG_MS), the
 * others once per process (docs/decisions/010-response-caches.md).
 */
export const pageRoutes = (deps: PageRoutesDeps) => {
  const { assets, stats, log } = deps;
  const render = pageRenderer(deps);
  const pageVersion = (version: () => string) =>
    changingAtMostEvery(version, PAGE_FIGURES_LAG_MS, deps.clock.nowMs);
  // One for all the start page's variants: each renders at most once a lag.
  const landingVersion = pageVersion(stats.countersVersion ?? stats.version);
  const { send, sendOr } = htmlSender(log);
  const landingFor = landingPages(deps, render, landingVersion);
  // Throws when the statistics cannot be read; such a failure is rendered below, never cached.
  // Keyed on the day too: the daily challenge's figures change at midnight without a play.
  const statistics = cachedPerVersion(
    pageVersion(() => `${stats.version()} ${deps.daily.today().day}`),
    render(
      async (page) =>
        createElement(StatisticsPage, {
          page,
          stats: { ...(await getPublicStatistics(stats)), daily: await deps.daily.summary() },
        }),
      STATISTICS_HEADING,
      undefined,
      ['statistics', '/statistics'],
    ),
  );
  const daily = cachedPerVersion(
    () => deps.daily.today().day,
    render(
      (page) =>
        createElement(DailyPage, {
          page,
          today: deps.daily.today(),
        }),
      'Dnevni izazov',
      undefined,
      ['daily', '/dnevni-izazov'],
    ),
  );
  const statisticsError = once(
    render((page) => createElement(StatisticsPage, { page, stats: null }), STATISTICS_HEADING, undefined, [
      'statistics',
      '/statistics',
    ]),
  );
  const quizPage = (initial?: InlineQuiz) =>
    render((page) =>
      createElement(QuizPage, { page, tokenTtlSeconds: deps.config.quizTokenTtlSeconds, initial }),
    )();
  // Without an inline quiz (over the limit): the same for everyone, rendered once.
  const quizShell = once(() => quizPage());
  /** /quiz with a new play in it: per request, never stored by anyone (it carries a token). */
  const quizWithPlay = async (request: Request, server: Server<unknown> | null, difficulty: Difficulty) => {
    const play = await inlinePlay(deps.inlineQuiz, request, server, difficulty);
    return play ? quizPage(play) : quizShell();
  };
  // One rendering per score the request's cookie names (at most 31 more), and one without.
  const results = keptPerKey((shownScore: number | undefined) =>
    once(
      render((page) =>
        createElement(ResultsPage, {
          page,
          shareImages: shareImagePaths(assets.manifest, page.artist),
          shownScore,
        }),
      ),
    ),
  );
  const offline = once(render((page) => createElement(OfflinePage, { page }), 'Niste na mreži'));
  const worker = serviceWorkerSource(assets.manifest);
  const adminLogin = once(render((page) => createElement(AdminLoginPage, { page }), 'Admin Prijava'));
  const dashboard = once(render((page) => createElement(DashboardPage, { page }), 'Admin Panel'));
  const partyHost = once(render((page) => createElement(PartyHostPage, { page }), 'Kviz uživo'));
  const partyJoin = once(
    render((page) => createElement(PartyJoinPage, { page }), 'Pridruži se – Kviz uživo'),
  );

  return (
    new Elysia({ name: 'page-routes', detail: { hide: true } })
      .onBeforeHandle({ as: 'local' }, landingVisits(deps.onVisit))
      // A failure to read the statistics is only logged: the landing page works without its counts
      // (docs/product.md#calls-and-failures).
      .get('/', ({ request, set, query }) => {
        const landing = landingFor(sharedScore(query.r));
        return sendOr(landing.page, landing.fallback, 'Greška pri dohvaćanju statistike', { request, set });
      })
      .get('/statistics', ({ request, set }) =>
        sendOr(statistics, statisticsError, 'statistics could not be read', { request, set }),
      )
      // `/quiz?nova` ('Započni kviz') asks for a new play: the page carries it. Plain `/quiz`
      // (reload, Back, 'Nastavi kviz') takes up the play the browser holds: no play is drawn for it.
      .get('/quiz', async ({ request, set, server, query }) => {
        if (!(NEW_PLAY_PARAM in query)) return send(quizShell(), { request, set });
        const difficulty = isDifficulty(query.difficulty) ? query.difficulty : DEFAULT_DIFFICULTY;
        const html = await quizWithPlay(request, server, difficulty);
        return sendBody(html, { request, set }, { ...htmlHeaders, 'cache-control': 'no-store' });
      })
      // The score the browser last finished drawn into the page (src/shared/shown-score.ts): the
      // page differs by cookie, so no shared cache may keep it.
      .get('/results', ({ request, set }) => {
        const score = shownScoreOf(request.headers.get('cookie'));
        if (score === undefined) return send(results(undefined)(), { request, set });
        return sendHtml(results(score)(), { request, set }, RESULTS_WITH_SCORE);
      })
      .get('/dnevni-izazov', ({ request, set }) => send(daily(), { request, set }))
      .get('/uzivo', ({ request, set }) => send(partyHost(), { request, set }))
      .get('/uzivo/pridruzi', ({ request, set }) => send(partyJoin(), { request, set }))
      .get('/offline', ({ request, set }) => send(offline(), { request, set }))
      .get(
        '/sw.js',
        () =>
          new Response(worker, {
            // Checked at every visit (a new build is a new worker); kept to the whole site.
            headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
          }),
      )
      .get('/admin', ({ request, set }) => send(adminLogin(), { request, set }))
      .get('/admin/dashboard', ({ request, set }) => send(dashboard(), { request, set }))
      .get('/favicon.svg', favicon)
      .get('/assets/*', ({ request, set, params }) => {
        const response = serveAsset(assets, `/assets/${params['*']}`, { request, set });
        if (!response) throw new NotFoundError(); // the error handler's (cached) 404 page
        return response;
      })
  );
};
