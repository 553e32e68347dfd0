import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { assetPath } from '../assets';
import { type EncodedBody, type Exchange, precompressedBody, sendBody } from '../http/encoded-body';

/** The preview picture of each page a link is shared to, other than a shared score. */
interface PageImages {
  start: string;
  statistics: string;
  daily: string;
}
export type PreviewPage = keyof PageImages;

/** Written by build.ts into dist/client/manifest.json. */
export interface ClientManifest {
  /** Stylesheets every page links (one site-wide file). */
  css: string[];
  /**
   * Entry name → its script, the chunks it imports (for modulepreload) and those it may fetch
   * later with `import()` (`lazy`: the service worker keeps them, docs/decisions/032).
   */
  entries: Record<string, { file: string; imports: string[]; lazy?: string[] }>;
  /**
   * The share preview images (1200×630 PNG), index = score: `scores` name `artist`, the
   * catalogue built in; `generic` name no artist (another catalogue imported later). `pages`
   * (and `genericPages`, without the artist) preview the pages that are no shared score.
   */
  shareImages?: {
    artist: string;
    scores: string[];
    generic: string[];
    pages?: PageImages;
    genericPages?: PageImages;
  };
}

type Bytes = Uint8Array<ArrayBuffer>;

interface ServedFile {
  type: string;
  /** Read (with its precompressed forms) at the first request for it, then kept. */
  body: () => EncodedBody;
}

const readBytes = (path: string): Bytes => new Uint8Array(readFileSync(path));

export interface ClientAssets {
  manifest: ClientManifest;
  /** URL path (`/assets/x-hash.js`) → the file and its precompressed forms, read on first use. */
  files: Map<string, ServedFile>;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/**
 * The built client (dist/client, embedded in the binary). Its names are listed at start; a
 * file is read into memory at its first request: reading all of it (with the share images and
 * the compressed forms) slowed every start and kept images few clients ask for (docs/decisions/027).
 */
export const clientDir = assetPath('dist/client');

export const emptyAssets: ClientAssets = { manifest: { css: [], entries: {} }, files: new Map() };

export function loadClientAssets(dir = clientDir): ClientAssets | undefined {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest;
  const files = new Map<string, ServedFile>();
  for (const name of readdirSync(dir)) {
    if (name === 'manifest.json' || name.endsWith('.gz') || name.endsWith('.br')) continue;
    let body: EncodedBody | undefined;
    const read = () => {
      const raw = readBytes(join(dir, name));
      const variant = (ext: string) =>
        existsSync(join(dir, name + ext)) ? readBytes(join(dir, name + ext)) : undefined;
      return precompressedBody(raw, {
        gzip: variant('.gz'),
        brotli: variant('.br'),
        etag: `"${Bun.hash(raw).toString(36)}"`,
      });
    };
    files.set(`/assets/${name}`, {
      type: types[extname(name)] ?? 'application/octet-stream',
      body: () => {
        body ??= read();
        return body;
      },
    });
  }
  return { manifest, files };
}

/** Serves a hashed asset: immutable caching, ETag/304, the best precompressed form the client accepts. */
export function serveAsset(assets: ClientAssets, path: string, exchange: Exchange): Response | undefined {
  const file = assets.files.get(path);
  if (!file) return undefined;
  return sendBody(file.body(), exchange, {
    'content-type': file.type,
    'cache-control': 'public, max-age=31536000, immutable',
  });
}
