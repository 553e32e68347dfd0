// The one script every page loads (no React, a few KB): the creator link, the service worker
// and, on the start page, 'Nastavi kviz' and the difficulty choice. The outbox's sender and the
// offline page's note are chunks of their own, fetched only where they have work to do.
import { OUTBOX_KEY } from '../lib/outbox-key';
import './creator-link';
import './service-worker';
import './resume-link';
import './difficulty-choice';

function playsWaiting(): boolean {
  try {
    const raw = localStorage.getItem(OUTBOX_KEY);
    return raw !== null && raw !== '[]';
  } catch {
    return false; // storage disabled: there is no outbox
  }
}

// Pages with a play (quiz, results, daily) load the sender themselves.
if (playsWaiting()) void import('./outbox');
if (document.querySelector('[data-offline-play]')) void import('./offline-note');
