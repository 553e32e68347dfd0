// The footer's creator credit (docs/product.md#landing-page): on a phone the profile's app link is
// tried first and the web page opened after 500 ms; on a desktop the web page
// opens in a new tab (the link's own target="_blank"). No React: every page loads this.
import { isMobileUserAgent } from '../lib/user-agent';

const APP_FALLBACK_MS = 500;
const mobile = isMobileUserAgent(navigator.userAgent);

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.(
    'a[data-creator-link]',
  ) as HTMLAnchorElement | null;
  if (!link || !mobile) return;
  const appUrl = link.dataset.appUrl;
  if (!appUrl) return;
  event.preventDefault();
  const webUrl = link.href;
  location.href = appUrl;
  setTimeout(() => {
    if (!document.hidden) location.href = webUrl;
  }, APP_FALLBACK_MS);
});
