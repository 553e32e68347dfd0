// Installs the service worker (/sw.js, src/pages/service-worker.ts): the player's pages keep
// working without a connection (docs/decisions/032). After the page has loaded, so it never
// competes with what the page needs first.
function register() {
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn(error));
}

if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
