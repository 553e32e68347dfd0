/** Share texts and links of the results page (docs/product.md#sharing, docs/decisions/015). */
import { PLAY_LENGTH } from '../../src/shared/rules';

const SHARE_HASHTAG = 'KvizZnanja';

/** The share sentence, kept exact (docs/product.md#texts-that-must-stay-exact). */
export function shareText(score: number, artist: string): string {
  return `Imam ${score}/${PLAY_LENGTH} bodova u ${artist} Kvizu znanja!`;
}

export const RIGHT_SQUARE = '🟩';
const WRONG_SQUARE = '🟥';

/** One square per line in the order asked: 🟩 right, 🟥 wrong (or not answered). */
export function answerSquares(
  questions: readonly { id: number }[],
  answers: readonly { questionId: number; isCorrect: boolean }[],
): string {
  const right = new Set(answers.filter((a) => a.isCorrect).map((a) => a.questionId));
  return questions.map((q) => (right.has(q.id) ? RIGHT_SQUARE : WRONG_SQUARE)).join('');
}

/** What is posted and copied: the share sentence with the row of squares under it. */
export function shareMessage(score: number, artist: string, squares: string): string {
  return `${shareText(score, artist)}\n${squares}`;
}

/**
 * The site URL with the score (`r`, so the link previews with its picture) and the
 * cache-busting `v`: the last 5 digits of the current timestamp (docs/product.md#sharing).
 */
export function shareUrl(siteUrl: string, nowMs: number, score?: number): string {
  const url = new URL(siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
  if (score !== undefined) url.searchParams.set('r', String(score));
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
