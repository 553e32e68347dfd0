// The start page's difficulty choice (docs/decisions/022): 'Započni kviz' starts a play of the
// difficulty chosen. No React: the links' addresses follow the radio group. The address's
// difficulty (`/?difficulty=hard`) or the one last chosen in this browser is preselected.
import { isDifficulty } from '../../src/shared/difficulty';
import { newPlayHref, preselectedDifficulty } from '../lib/difficulty';
import { DIFFICULTY_KEY } from '../lib/storage';

function remembered(): string | null {
  try {
    return localStorage.getItem(DIFFICULTY_KEY);
  } catch {
    return null; // storage disabled
  }
}

function follow() {
  const checked = document.querySelector<HTMLInputElement>('[data-difficulty-choice] input:checked');
  if (!checked || !isDifficulty(checked.value)) return;
  const href = newPlayHref(checked.value);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-new-play]')) link.href = href;
}

function preselect() {
  const wanted = preselectedDifficulty(location.search, remembered());
  const input = document.querySelector<HTMLInputElement>(`[data-difficulty-choice] input[value="${wanted}"]`);
  if (input) input.checked = true;
  follow();
}

document.addEventListener('change', (event) => {
  const input = event.target as HTMLInputElement | null;
  if (!input?.closest?.('[data-difficulty-choice]')) return;
  follow();
  try {
    if (isDifficulty(input.value)) localStorage.setItem(DIFFICULTY_KEY, input.value);
  } catch {
    // storage disabled: the choice holds for this page only
  }
});
preselect();
// Back to this page: the browser may restore the choice made before.
addEventListener('pageshow', (event: PageTransitionEvent) => {
  if (event.persisted) follow();
});
