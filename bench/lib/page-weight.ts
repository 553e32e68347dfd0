/** Gzip bytes of the JavaScript and CSS each page loads, from the client build's manifest. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientManifest } from '../../src/pages/client-assets';

/** The pages whose weight is reported. */
export const weighedPages = ['/', '/quiz', '/results', '/statistics', '/admin', '/admin/dashboard'] as const;

/** The script and preload URLs a served page loads: what a browser downloads, read from its HTML. */
function scriptsOf(html: string): string[] {
  const urls = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)];
  return [...new Set(urls.map((m) => m[1]!))];
}

export interface PageWeight {
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/** Gzip bytes per page, from the HTML each page was served with (`page → html`). */
export function pageWeights(clientDir: string, html: Record<string, string>): Record<string, PageWeight> {
  const manifest = JSON.parse(readFileSync(join(clientDir, 'manifest.json'), 'utf8')) as ClientManifest;
  const gz = (url: string) => statSync(join(clientDir, `${url.replace('/assets/', '')}.gz`)).size;
  const weights: Record<string, PageWeight> = {};
  for (const [page, body] of Object.entries(html)) {
    weights[page] = {
      jsGzipBytes: scriptsOf(body).reduce((sum, f) => sum + gz(f), 0),
      cssGzipBytes: manifest.css.reduce((sum, f) => sum + gz(f), 0),
    };
  }
  return weights;
}
