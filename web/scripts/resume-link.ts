// The start page's 'Nastavi kviz' (docs/decisions/015): shown when the browser holds a play in
// progress, with the line it stopped at. No React: the start page loads only the page script.
import { playInProgress } from '../lib/play-store';

function showResumeLink() {
  const link = document.querySelector<HTMLAnchorElement>('a[data-resume-link]');
  if (!link) return;
  let play: ReturnType<typeof playInProgress>;
  try {
    const ttlSeconds = Number(link.dataset.tokenTtl);
    play = playInProgress(
      localStorage,
      sessionStorage,
      ttlSeconds > 0 ? { ttlSeconds, now: Date.now() } : undefined,
    );
  } catch {
    play = undefined; // storage disabled
  }
  link.hidden = !play;
  if (play) link.textContent = `Nastavi kviz (stih ${play.currentIndex + 1}/${play.questions.length})`;
}

showResumeLink();
// Back to this page from the browser's memory: the play may have moved on since.
addEventListener('pageshow', (event: PageTransitionEvent) => {
  if (event.persisted) showResumeLink();
});
