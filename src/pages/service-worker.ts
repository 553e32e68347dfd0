/**
 * The service worker (`/sw.js`, docs/decisions/032-play-outbox.md): the player's pages and their
 * assets kept in the browser, so that losing the connection mid-play shows the product's own
 * pages — the results page with the score and 'Spremljeno, poslat ćemo kad se vratite na
 * mrežu', or the offline page — instead of the browser's error. The API is never cached: plays
 * wait in the page's outbox (web/lib/outbox.ts), not here.
 */
import type { ClientManifest } from './client-assets';

/** Pages a player may open without a connection once the worker is installed. */
const OFFLINE_PAGES = ['/', '/quiz', '/results', '/dnevni-izazov', '/offline'] as const;
/** The page shown for any other address while offline. */
const OFFLINE_PAGE = '/offline';
/** Islands the player's pages never load (the admin area works online only). */
const ADMIN_ENTRIES = new Set(['dashboard', 'admin-login']);

/** Everything the worker stores when it is installed: the player's pages and every asset they load. */
function precacheList(manifest: ClientManifest): string[] {
  const scripts = Object.entries(manifest.entries)
    .filter(([name]) => !ADMIN_ENTRIES.has(name))
    .flatMap(([, entry]) => [entry.file, ...entry.imports, ...(entry.lazy ?? [])]);
  return [...new Set([...OFFLINE_PAGES, '/favicon.svg', ...manifest.css, ...scripts])];
}

// The worker's own global scope, as far as it is used here (the project compiles with the DOM
// library, not the worker one).
interface WorkerScope {
  addEventListener(type: string, listener: (event: never) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: { origin: string };
}
interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

/**
 * The worker's code. It runs in the browser, sent as its source text (`Function#toString`), so it
 * may use nothing from outside its body but its arguments.
 */
function worker(version: string, precache: string[], pages: string[], offlinePage: string) {
  const scope = self as unknown as WorkerScope;
  const cacheName = `kviz-${version}`;
  scope.addEventListener('install', (event: ExtendableEvent) => {
    event.waitUntil(
      caches
        .open(cacheName)
        .then((cache) => cache.addAll(precache))
        .then(() => scope.skipWaiting()),
    );
  });
  scope.addEventListener('activate', (event: ExtendableEvent) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names.filter((n) => n.startsWith('kviz-') && n !== cacheName).map((n) => caches.delete(n)),
          ),
        )
        .then(() => scope.clients.claim()),
    );
  });
  scope.addEventListener('fetch', (event: FetchEvent) => {
    const request = event.request;
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.origin !== scope.location.origin) return;
    if (url.pathname.startsWith('/assets/')) {
      // Hashed names never change: the stored copy is the file.
      event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
      return;
    }
    if (request.mode !== 'navigate') return;
    // Pages: always the network first (fresh figures); the stored copy only without one.
    const known = pages.includes(url.pathname);
    event.respondWith(
      fetch(request)
        .then((response) => {
          // Only the plain address: `/?r=25` is a shared result's variant of the start page.
          if (known && response.ok && url.search === '') {
            const copy = response.clone();
            void caches.open(cacheName).then((cache) => cache.put(url.pathname, copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .match(known ? url.pathname : offlinePage, { cacheName })
            .then((hit) => hit ?? caches.match(offlinePage))
            .then((hit) => hit ?? Response.error()),
        ),
    );
  });
}

/** The text of `/sw.js` for this build: a new build is a new version, so browsers update. */
export function serviceWorkerSource(manifest: ClientManifest): string {
  const version = new Bun.CryptoHasher('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 16);
  const args = [version, precacheList(manifest), [...OFFLINE_PAGES], OFFLINE_PAGE].map((a) =>
    JSON.stringify(a),
  );
  return `(${worker.toString()})(${args.join(', ')});\n`;
}
