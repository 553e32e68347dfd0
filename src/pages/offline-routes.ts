import { Elysia } from 'elysia';
import { createElement } from 'react';
import { OfflinePage } from '../../web/pages/OfflinePage';
import { type EncodedBody, encodeBody, sendBody } from '../http/encoded-body';
import type { PageProps } from '../shared/contracts/pages';
import type { ClientAssets } from './client-assets';
import { renderDocument } from './document';
import { serviceWorkerRoute } from './service-worker';

/**
 * What the browser keeps for playing without a connection (docs/decisions/032): `/sw.js`, the
 * service worker, and `/offline`, the page it shows for an address it has not kept.
 */
export function offlineRoutes(assets: ClientAssets, page: () => PageProps) {
  let offline: EncodedBody | undefined; // the same page for everyone, rendered at the first request
  const offlinePage = () => {
    const props = page();
    offline ??= encodeBody(
      renderDocument(assets, {
        page: props,
        title: `Niste na mreži - ${props.title}`,
        body: createElement(OfflinePage, { page: props }),
      }),
    );
    return offline;
  };
  return new Elysia({ name: 'offline-routes', detail: { hide: true } })
    .get('/offline', ({ request, set }) =>
      sendBody(
        offlinePage(),
        { request, set },
        { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
      ),
    )
    .get('/sw.js', serviceWorkerRoute(assets.manifest));
}
