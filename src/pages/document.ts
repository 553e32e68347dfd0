import type { ReactElement } from 'react';
import { pageScript } from '../../web/islands/registry';
import { renderPage } from '../../web/islands/render-page';
import type { PageProps } from '../shared/contracts/pages';
import { OPTIONS_PER_QUESTION, PLAY_LENGTH } from '../shared/rules';
import type { ClientAssets } from './client-assets';
import type { PagePreview, SharePreview } from './share-preview';

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface DocumentOptions {
  page: PageProps;
  /** The <title>; the product title when not given. */
  title?: string;
  description?: string;
  /** A shared result: its picture as a large social preview. */
  preview?: SharePreview;
  /** Any other page: its own address and picture in a link's preview (the start page's when absent). */
  at?: PagePreview;
  body: ReactElement;
}

/** The social preview tags: a shared score's picture, else the page's own address and picture. */
function previewTags(
  site: string,
  title: string,
  about: string,
  preview: SharePreview | undefined,
  at: PagePreview | undefined,
): string[] {
  const url = preview ? `${site}/?r=${preview.score}` : `${site}${at?.path ?? '/'}`;
  const image = preview
    ? { src: preview.image, alt: preview.imageAlt }
    : at?.image
      ? { src: at.image, alt: at.imageAlt }
      : undefined;
  return [
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(about)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(about)}">`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image.src)}">`,
          '<meta property="og:image:type" content="image/png">',
          '<meta property="og:image:width" content="1200">',
          '<meta property="og:image:height" content="630">',
          `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`,
          `<meta name="twitter:image" content="${escapeHtml(image.src)}">`,
          `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}">`,
        ]
      : []),
  ];
}

const DESCRIPTION = `Kviz znanja: prepoznaj pjesmu po jednom stihu. ${PLAY_LENGTH} stihova, ${OPTIONS_PER_QUESTION} ponuđenih pjesama, ocjena i mjesto među svim igračima.`;

/**
 * The HTML document of a server-rendered page: head, site stylesheet, and the scripts of the
 * islands the page rendered (none: no React), after the one every page loads.
 */
export function renderDocument(
  assets: ClientAssets,
  { page, title = page.title, description = DESCRIPTION, preview, at, body }: DocumentOptions,
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
    // A shared score is titled as the product (docs/product.md#results); other pages as themselves.
    ...previewTags(site, preview ? page.title : title, about, preview, at),
    '<meta name="theme-color" content="#0b5a8c">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.manifest.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
  ].join('');
  const tail = scripts.map((e) => `<script type="module" src="${e.file}"></script>`).join('');
  return `<!doctype html><html lang="hr"><head>${head}</head><body>${html}${tail}</body></html>`;
}
