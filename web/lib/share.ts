/** Share texts and links of the results page (spec §2 "Sharing"). */
import { PLAY_LENGTH } from '../../src/shared/rules';

export const SHARE_HASHTAG = 'KvizZnanja';

export function shareText(score: number, artist: string): string {
  return `Imam ${score}/${PLAY_LENGTH} bodova u ${artist} Kvizu znanja!`;
}

/** The site URL with the cache-busting `v`: the last 5 digits of the current timestamp. */
export function shareUrl(siteUrl: string, nowMs: number): string {
  const url = new URL(siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
  url.searchParams.set('v', String(nowMs).slice(-5));
  return url.toString();
}

export function feedShareUrl(url: string, mobile: boolean): string {
  const base = mobile ? 'https://m.facebook.com/sharer.php' : 'https://www.facebook.com/sharer/sharer.php';
  return `${base}?u=${encodeURIComponent(url)}&hashtag=${encodeURIComponent(`#${SHARE_HASHTAG}`)}`;
}

export const PHOTO_APP_URL = 'instagram://camera';
export const PHOTO_WEB_URL = 'https://www.instagram.com/';

export function messageShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

export function tweetUrl(text: string, url: string): string {
  return `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`;
}
