/** Gzip bytes of the JavaScript and CSS each page loads, from the client build's manifest. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientManifest } from '../../src/pages/client-assets';

/** Which client entries each page loads (src/pages/routes.ts); every page loads creator-link. */
export const pageEntries: Record<string, string[]> = {
  '/': [],
  '/quiz': ['quiz'],
  '/results': ['results'],
  '/statistics': [],
  '/admin': ['admin-login'],
  '/admin/dashboard': ['dashboard'],
};

export interface PageWeight {
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export function pageWeights(clientDir: string): Record<string, PageWeight> & { lazyUplotGzipBytes?: number } {
  const manifest = JSON.parse(readFileSync(join(clientDir, 'manifest.json'), 'utf8')) as ClientManifest;
  const gz = (url: string) => statSync(join(clientDir, `${url.replace('/assets/', '')}.gz`)).size;
  const weights: Record<string, PageWeight> = {};
  for (const [page, entries] of Object.entries(pageEntries)) {
    const files = new Set<string>();
    for (const name of ['creator-link', ...entries]) {
      const entry = manifest.entries[name];
      if (!entry) throw new Error(`no client entry ${name}`);
      files.add(entry.file);
      for (const chunk of entry.imports) files.add(chunk);
    }
    weights[page] = {
      jsGzipBytes: [...files].reduce((sum, f) => sum + gz(f), 0),
      cssGzipBytes: manifest.css.reduce((sum, f) => sum + gz(f), 0),
    };
  }
  return weights;
}
