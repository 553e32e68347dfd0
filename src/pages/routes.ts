import { Elysia } from 'elysia';
import { createElement, type ReactElement } from 'react';
import type { PageProps } from '../../web/lib/page-props';
import { AdminLoginPage, DashboardPage } from '../../web/pages/AdminPages';
import { LandingPage } from '../../web/pages/LandingPage';
import { NotFoundPage } from '../../web/pages/NotFoundPage';
import { QuizPage } from '../../web/pages/QuizPage';
import { ResultsPage } from '../../web/pages/ResultsPage';
import { StatisticsPage } from '../../web/pages/StatisticsPage';
import type { AppServices } from '../app';
import { type EncodedBody, encodeBody, sendBody } from '../http/encoded-body';
import { cachedPerVersion } from '../stats/version';
import type { ClientAssets } from './client-assets';
import { serveAsset } from './client-assets';
import { renderDocument } from './document';
import { getLandingData, getPublicStatistics } from './service';

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b5a8c"/><path d="M22 46V18h6v11l10-11h7L34 30l12 16h-7l-9-12-2 2v10z" fill="#fff"/></svg>`;

export function pageProps({ catalogue, config }: AppServices): PageProps {
  const artist = catalogue().artist;
  return {
    title: `${artist} Kviz znanja`.trim(),
    artist,
    siteUrl: config.siteUrl,
    creator: { name: config.creatorName, url: config.creatorUrl, appUrl: config.creatorAppUrl },
  };
}

const htmlHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };

export const htmlResponse = (html: string, status = 200) =>
  new Response(html, { status, headers: htmlHeaders });

/** The 404 page for unknown non-API paths (used by the error handler). */
export function renderNotFound(services: AppServices, assets: ClientAssets): string {
  const page = pageProps(services);
  return renderDocument(assets, {
    page,
    title: `404 Page Not Found - ${page.title}`,
    body: createElement(NotFoundPage, { page }),
  });
}

/**
 * The server-rendered pages (docs/decisions/008-pages-and-islands.md) and the client assets.
 * Rendered HTML is cached: pages with statistics once per statistics version, the
 * others once per process (docs/decisions/010-response-caches.md).
 */
export const pageRoutes = (services: AppServices, assets: ClientAssets) => {
  const render = (entries: string[], body: (page: PageProps) => ReactElement, heading?: string) => () => {
    const page = pageProps(services);
    const title = heading ? `${heading} - ${page.title}` : page.title;
    return encodeBody(renderDocument(assets, { page, entries, title, body: body(page) }));
  };
  const once = (compute: () => EncodedBody) => {
    let html: EncodedBody | undefined;
    return () => (html ??= compute());
  };
  const send = (html: EncodedBody, request: Request) => sendBody(html, request, htmlHeaders);
  const { statsVersion } = services;
  const landing = cachedPerVersion(
    statsVersion,
    render([], (page) =>
      createElement(LandingPage, { page, data: getLandingData(services.catalogue(), services.stats) }),
    ),
  );
  // Throws when the statistics cannot be read; such a failure is rendered below, never cached.
  const statistics = cachedPerVersion(
    statsVersion,
    render([], (page) => createElement(StatisticsPage, { page, stats: getPublicStatistics(services.stats) })),
  );
  const statisticsError = render([], (page) => createElement(StatisticsPage, { page, stats: null }));
  const quiz = once(render(['quiz'], (page) => createElement(QuizPage, { page })));
  const results = once(render(['results'], (page) => createElement(ResultsPage, { page })));
  const adminLogin = once(
    render(['admin-login'], (page) => createElement(AdminLoginPage, { page }), 'Admin Prijava'),
  );
  const dashboard = once(
    render(['dashboard'], (page) => createElement(DashboardPage, { page }), 'Admin Panel'),
  );

  return new Elysia({ name: 'page-routes', detail: { hide: true } })
    .get('/', ({ request }) => send(landing(), request))
    .get('/statistics', ({ request }) => {
      try {
        return send(statistics(), request);
      } catch (error) {
        services.log.error('statistics could not be read', { error: String(error) });
        return send(statisticsError(), request);
      }
    })
    .get('/quiz', ({ request }) => send(quiz(), request))
    .get('/results', ({ request }) => send(results(), request))
    .get('/admin', ({ request }) => send(adminLogin(), request))
    .get('/admin/dashboard', ({ request }) => send(dashboard(), request))
    .get(
      '/favicon.svg',
      () =>
        new Response(FAVICON, {
          headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
        }),
    )
    .get(
      '/assets/*',
      ({ request, params }) =>
        serveAsset(assets, `/assets/${params['*']}`, request) ??
        htmlResponse(renderNotFound(services, assets), 404),
    );
};
