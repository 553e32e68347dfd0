import type { ReactElement } from 'react';
import { pageScript } from '../../web/islands/registry';
import { renderPage } from '../../web/islands/render-page';
import type { PageProps } from '../shared/contracts/pages';
import { OPTIONS_PER_QUESTION, PLAY_LENGTH } from '../shared/rules';
import type { ClientAssets } from './client-assets';
import type { SharePreview } from './share-preview';

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface DocumentOptions {
  page: PageProps;
  /** The <title>; the product title when not given. */
  title?: string;
  description?: string;
  /** A shared result: its picture as a large social preview. */
  preview?: SharePreview;
  body: ReactElement;
}

const DESCRIPTION = `Kviz znanja: prepoznaj pjesmu po jednom stihu. ${PLAY_LENGTH} stihova, ${OPTIONS_PER_QUESTION} ponuđenih pjesama, ocjena i mjesto među svim igračima.`;

/**
 * The HTML document of a server-rendered page: head, site stylesheet, and the scripts of the
 * islands the page rendered (none: no React), after the one every page loads.
 */
export function renderDocument(
  assets: ClientAssets,
  { page, title = page.title, description = DESCRIPTION, preview, body }: DocumentOptions,
): string {
  const { html, islands } = renderPage(body);
  const scripts = [pageScript.name, ...islands]
    .map((name) => assets.manifest.entries[name])
    .filter((e) => e !== undefined);
  const preloads = [...new Set(scripts.flatMap((e) => e.imports))];
  const about = preview?.description ?? description;
  const site = page.siteUrl.replace(/\/$/, '');
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${escapeHtml(about)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:url" content="${escapeHtml(site)}/${preview ? `?r=${preview.score}` : ''}">`,
    `<meta name="twitter:card" content="${preview ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(about)}">`,
    ...(preview
      ? [
          `<meta property="og:image" content="${escapeHtml(preview.image)}">`,
          '<meta property="og:image:type" content="image/png">',
          '<meta property="og:image:width" content="1200">',
          '<meta property="og:image:height" content="630">',
          `<meta property="og:image:alt" content="${escapeHtml(preview.imageAlt)}">`,
          `<meta name="twitter:image" content="${escapeHtml(preview.image)}">`,
          `<meta name="twitter:image:alt" content="${escapeHtml(preview.imageAlt)}">`,
        ]
      : []),
    '<meta name="theme-color" content="#0b5a8c">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.manifest.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
  ].join('');
  const tail = scripts.map((e) => `<script type="module" src="${e.file}"></script>`).join('');
  return `<!doctype html><html lang="hr"><head>${head}</head><body>${html}${tail}</body></html>`;
}
