import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageProps } from '../../web/lib/page-props';
import type { ClientAssets } from './client-assets';

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface DocumentOptions {
  page: PageProps;
  /** The <title>; the product title when not given. */
  title?: string;
  description?: string;
  /** Client entries (islands) this page hydrates, by name. */
  entries?: string[];
  body: ReactElement;
}

const DESCRIPTION =
  'Kviz znanja: prepoznaj pjesmu po jednom stihu. 30 stihova, 5 ponuđenih pjesama, ocjena i mjesto među svim igračima.';

/** The HTML document of a server-rendered page: head, site stylesheet, the page's island scripts. */
export function renderDocument(
  assets: ClientAssets,
  { page, title = page.title, description = DESCRIPTION, entries = [], body }: DocumentOptions,
): string {
  const scripts = ['creator-link', ...entries]
    .map((name) => assets.manifest.entries[name])
    .filter((e) => e !== undefined);
  const preloads = [...new Set(scripts.flatMap((e) => e.imports))];
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:url" content="${escapeHtml(page.siteUrl)}/">`,
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${escapeHtml(page.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    '<meta name="theme-color" content="#0b5a8c">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.manifest.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
  ].join('');
  const tail = scripts.map((e) => `<script type="module" src="${e.file}"></script>`).join('');
  return `<!doctype html><html lang="hr"><head>${head}</head><body>${renderToString(body)}${tail}</body></html>`;
}
