// The one script every page loads (no React, a few hundred bytes): the creator link and, on the
// start page, 'Nastavi kviz' and the difficulty choice.
import './creator-link';
import './resume-link';
import './difficulty-choice';
