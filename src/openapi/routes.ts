import { Elysia, NotFoundError } from 'elysia';
import { assetPath } from '../assets';
import { type EncodedBody, encodeBody, encodeJson, sendBody } from '../http/encoded-body';
import { escapeHtml } from '../pages/document';
import { buildOpenApiDocument, type DocumentInfo, type RouteInfo } from './document';

/** Swagger UI files served by the binary itself: the docs work with no outside network. */
const docsAssets = {
  'swagger-ui-bundle.js': {
    path: assetPath('node_modules/swagger-ui-dist/swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
  'swagger-ui.css': {
    path: assetPath('node_modules/swagger-ui-dist/swagger-ui.css'),
    type: 'text/css; charset=utf-8',
  },
  'swagger-init.js': {
    path: assetPath('src/openapi/swagger-init.js'),
    type: 'text/javascript; charset=utf-8',
  },
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
 * OpenAPI 3.1 document at /openapi/json and Swagger UI at /openapi. The document is built
 * from the contracts the routes carry (src/openapi/document.ts, docs/decisions/013) once the
 * app's routes are known, then served from memory with an ETag.
 */
export const docsRoutes = (routes: () => readonly RouteInfo[], info: DocumentInfo) => {
  let document: EncodedBody | undefined;
  return new Elysia({ name: 'docs-routes' })
    .get(
      '/openapi/json',
      ({ request, set }) => {
        document ??= encodeJson(buildOpenApiDocument(routes(), info));
        return sendBody(
          document,
          { request, set },
          {
            'content-type': 'application/json; charset=utf-8',
            'cache-control': 'no-cache',
          },
        );
      },
      { detail: { hide: true } },
    )
    .get(
      '/openapi',
      ({ set }) => {
        set.headers['content-type'] = 'text/html; charset=utf-8';
        return page(info.title);
      },
      { detail: { hide: true } },
    )
    .get(
      '/openapi/assets/:name',
      async ({ params, request, set }) => {
        const name = params.name as DocsAsset;
        const asset = Object.hasOwn(docsAssets, name) ? docsAssets[name] : undefined;
        if (!asset) throw new NotFoundError();
        return sendBody(
          await bodyOf(name),
          { request, set },
          {
            'content-type': asset.type,
            'cache-control': 'public, max-age=86400',
          },
        );
      },
      { detail: { hide: true } },
    );
};
