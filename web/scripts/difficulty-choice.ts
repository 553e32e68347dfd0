// The start page's difficulty choice (docs/decisions/022): 'Započni kviz' starts a play of the
// difficulty chosen. No React: the links' addresses follow the radio group.
import { isDifficulty } from '../../src/shared/difficulty';
import { newPlayHref } from '../lib/difficulty';

function follow() {
  const checked = document.querySelector<HTMLInputElement>('[data-difficulty-choice] input:checked');
  if (!checked || !isDifficulty(checked.value)) return;
  const href = newPlayHref(checked.value);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-new-play]')) link.href = href;
}

document.addEventListener('change', (event) => {
  if ((event.target as Element | null)?.closest?.('[data-difficulty-choice]')) follow();
});
follow();
// Back to this page: the browser may restore the choice made before.
addEventListener('pageshow', follow);
