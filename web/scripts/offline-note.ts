// The offline page (web/pages/OfflinePage.tsx): a finished play still waiting in the outbox is
// named with its score, so the player knows it is kept (docs/decisions/032).
import { isWaiting } from '../lib/outbox';
import { currentPlay, playIdOf } from '../lib/play-store';
import { isFinished } from '../lib/quiz-state';

function showWaitingPlay() {
  const note = document.querySelector<HTMLElement>('[data-offline-play]');
  if (!note) return;
  try {
    const play = currentPlay(sessionStorage, localStorage);
    if (!play || !isFinished(play) || !isWaiting(localStorage, playIdOf(play))) return;
    note.textContent = `Vaš rezultat ${play.correctCount}/${play.questions.length}: spremljeno, poslat ćemo kad se vratite na mrežu.`;
    note.hidden = false;
  } catch {
    // storage disabled: nothing is kept
  }
}

showWaitingPlay();
