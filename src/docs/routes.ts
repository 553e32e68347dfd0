import { openapi } from '@elysiajs/openapi';
import { Elysia, NotFoundError } from 'elysia';
import { assetPath } from '../assets';
import { type EncodedBody, encodeBody, sendBody } from '../http/encoded-body';
import { escapeHtml } from '../pages/document';

/** Swagger UI files served by the binary itself: the docs work with no outside network. */
export const docsAssets = {
  'swagger-ui-bundle.js': {
    path: assetPath('node_modules/swagger-ui-dist/swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
  'swagger-ui.css': {
    path: assetPath('node_modules/swagger-ui-dist/swagger-ui.css'),
    type: 'text/css; charset=utf-8',
  },
  'swagger-init.js': { path: assetPath('src/docs/swagger-init.js'), type: 'text/javascript; charset=utf-8' },
} as const;

type DocsAsset = keyof typeof docsAssets;

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — API</title>
<link rel="stylesheet" href="/openapi/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/openapi/assets/swagger-ui-bundle.js"></script>
<script src="/openapi/assets/swagger-init.js"></script>
</body>
</html>`;

/** Read and compressed once, on first request; the bundle is 1.7 MB raw, ~0.5 MB gzipped. */
const bodies = new Map<DocsAsset, EncodedBody>();

async function bodyOf(name: DocsAsset): Promise<EncodedBody> {
  let body = bodies.get(name);
  if (!body) {
    body = encodeBody(new Uint8Array(await Bun.file(docsAssets[name].path).arrayBuffer()));
    bodies.set(name, body);
  }
  return body;
}

/**
 * OpenAPI 3.1 document at /openapi/json and Swagger UI at /openapi.
 * @elysiajs/openapi builds the document from the route schemas; its own UI
 * page is not used because it loads from a CDN and uses inline scripts.
 */
export const docsRoutes = (title: string, version: string) =>
  new Elysia({ name: 'docs-routes' })
    .use(
      openapi({
        path: '/openapi',
        provider: null,
        exclude: { paths: ['/openapi', '/openapi/assets/:name'] },
        documentation: {
          info: {
            title: `${title} API`,
            version,
            description:
              'The JSON API of the lyric quiz. A play: `GET /api/quiz` returns the questions and an `X-Quiz-Token` header; ' +
              '`POST /api/stats/submit-quiz` records the answers with that token. Errors always have the body `{ "error": { "code", "message", "field"? } }`.',
          },
          components: {
            securitySchemes: {
              basicAuth: {
                type: 'http',
                scheme: 'basic',
                description:
                  'ADMIN_USERNAME and the administrator password. Use only over TLS. A 401 carries `WWW-Authenticate: Basic realm=…`; ' +
                  'requests with an `X-Requested-With` header get the scheme name `KvizBasic` instead, so browsers do not open their own login dialog. ' +
                  'Lockout: after RATE_LIMIT_ADMIN_FAILURES wrong passwords (default 10) from one address (an IPv6 /64) within 15 minutes, that address gets 429 with `Retry-After`, ' +
                  'even for the right password, until the window ends or the operator runs `kviz admin unlock`. Requests without credentials are a plain 401 and do not count; ' +
                  'a successful sign-in clears the count; at most two slow password checks run at once (429 beyond).',
              },
            },
          },
          tags: [
            { name: 'Quiz', description: 'Playing the quiz.' },
            { name: 'Statistics', description: 'Public aggregate statistics.' },
            { name: 'Admin', description: 'Detailed statistics for the administrator (HTTP Basic).' },
            { name: 'Operations', description: 'Health checks.' },
          ],
        },
      }),
    )
    .get(
      '/openapi',
      ({ set }) => {
        set.headers['content-type'] = 'text/html; charset=utf-8';
        return page(title);
      },
      { detail: { hide: true } },
    )
    .get(
      '/openapi/assets/:name',
      async ({ params, request }) => {
        const name = params.name as DocsAsset;
        const asset = Object.hasOwn(docsAssets, name) ? docsAssets[name] : undefined;
        if (!asset) throw new NotFoundError();
        return sendBody(await bodyOf(name), request, {
          'content-type': asset.type,
          'cache-control': 'public, max-age=86400',
        });
      },
      { detail: { hide: true } },
    );
