import { Elysia } from 'elysia';
import { createElement, type ReactElement } from 'react';
import type { PageProps } from '../../web/lib/page-props';
import { AdminLoginPage, DashboardPage } from '../../web/pages/AdminPages';
import { LandingPage } from '../../web/pages/LandingPage';
import { NotFoundPage } from '../../web/pages/NotFoundPage';
import { QuizPage } from '../../web/pages/QuizPage';
import { ResultsPage } from '../../web/pages/ResultsPage';
import { type PublicStatistics, StatisticsPage } from '../../web/pages/StatisticsPage';
import type { AppServices } from '../app';
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

export const htmlResponse = (html: string, status = 200) =>
  new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });

/** The 404 page for unknown non-API paths (used by the error handler). */
export function renderNotFound(services: AppServices, assets: ClientAssets): string {
  const page = pageProps(services);
  return renderDocument(assets, {
    page,
    title: `404 Page Not Found - ${page.title}`,
    body: createElement(NotFoundPage, { page }),
  });
}

/** The server-rendered pages (docs/decisions/008-pages-and-islands.md) and the client assets. */
export const pageRoutes = (services: AppServices, assets: ClientAssets) => {
  const render = (entries: string[], body: (page: PageProps) => ReactElement, heading?: string) => {
    const page = pageProps(services);
    const title = heading ? `${heading} - ${page.title}` : page.title;
    return htmlResponse(renderDocument(assets, { page, entries, title, body: body(page) }));
  };
  return new Elysia({ name: 'page-routes', detail: { hide: true } })
    .get('/', () =>
      render([], (page) =>
        createElement(LandingPage, { page, data: getLandingData(services.catalogue(), services.stats) }),
      ),
    )
    .get('/statistics', () => {
      let stats: PublicStatistics | null = null;
      try {
        stats = getPublicStatistics(services.stats);
      } catch (error) {
        services.log.error('statistics could not be read', { error: String(error) });
      }
      return render([], (page) => createElement(StatisticsPage, { page, stats }));
    })
    .get('/quiz', () => render(['quiz'], (page) => createElement(QuizPage, { page })))
    .get('/admin', () =>
      render(['admin-login'], (page) => createElement(AdminLoginPage, { page }), 'Admin Prijava'),
    )
    .get('/admin/dashboard', () =>
      render(['dashboard'], (page) => createElement(DashboardPage, { page }), 'Admin Panel'),
    )
    .get('/results', () => render(['results'], (page) => createElement(ResultsPage, { page })))
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
