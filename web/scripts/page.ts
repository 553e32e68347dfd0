// The one script every page loads (no React, a few KB): the creator link, the outbox of
// finished plays, the service worker and, on the start page, 'Nastavi kviz' and the difficulty
// choice; on the offline page, the play still waiting.
import './creator-link';
import './outbox';
import './service-worker';
import './resume-link';
import './difficulty-choice';
import './offline-note';
