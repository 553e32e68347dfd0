import { type RefObject, useEffect, useRef } from 'react';
import { productTitle } from '../../../src/shared/rules';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import type { ToastMessage } from '../../components/Toast/Toast';
import { CORRECT_ANSWERS, countOf } from '../../lib/plural';
import {
  feedShareUrl,
  messageShareUrl,
  PHOTO_APP_URL,
  PHOTO_WEB_URL,
  RIGHT_SQUARE,
  shareMessage,
  shareUrl,
  tweetUrl,
} from '../../lib/share';
import { sendShareBeacon } from '../../lib/share-beacon';
import { isMobileUserAgent } from '../../lib/user-agent';
import * as styles from './ResultsIsland.css';

/**
 * The toasts of a copy to the clipboard, texts kept exact
 * (docs/product.md#texts-that-must-stay-exact); the daily page copies its share text too.
 */
export const copyFailed: ToastMessage = {
  title: 'Greška!',
  description: 'Nije moguće kopirati u međuspremnik.',
  variant: 'destructive',
};

export async function copy(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
  await navigator.clipboard.writeText(text);
}

const canShareSheet = () =>
  typeof navigator !== 'undefined' && 'share' in navigator && isMobileUserAgent(navigator.userAgent);

/**
 * The score's preview picture as a file for the share sheet, fetched ahead: a share must start
 * within the tap that asked for it, so there is no time to fetch then.
 */
function useShareFile(image: string | undefined): RefObject<File | null> {
  const file = useRef<File | null>(null);
  useEffect(() => {
    if (!image || !canShareSheet() || typeof navigator.canShare !== 'function') return;
    let cancelled = false;
    fetch(image)
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`${r.status}`))))
      .then((blob) => {
        const candidate = new File([blob], 'kviz-rezultat.png', { type: 'image/png' });
        if (!cancelled && navigator.canShare({ files: [candidate] })) file.current = candidate;
      })
      .catch(() => {
        // No picture: the share sheet gets the text and the link.
      });
    return () => {
      cancelled = true;
    };
  }, [image]);
  return file;
}

/**
 * "Podijelite svoj rezultat": the five targets of docs/product.md#sharing, plus the system share
 * sheet on phones. The text is the share sentence with a row of 30 squares; the link carries the
 * score, so it previews with the score's picture (docs/decisions/015).
 */
export function SharePanel({
  score,
  artist,
  siteUrl,
  squares,
  image,
  toast,
}: {
  score: number;
  artist: string;
  siteUrl: string;
  /** 🟩/🟥 per line, in the order asked. */
  squares: string;
  /** The score's preview picture (a same-origin path), when the build made one. */
  image: string | undefined;
  toast: (t: ToastMessage) => void;
}) {
  const text = shareMessage(score, artist, squares);
  const mobile = () => isMobileUserAgent(navigator.userAgent);
  const url = () => shareUrl(siteUrl, Date.now(), score);
  const file = useShareFile(image);

  const copyThen = async (success: ToastMessage) => {
    try {
      await copy(`${text}\n${url()}`);
      toast(success);
    } catch (error) {
      console.error(error);
      toast(copyFailed);
    }
  };

  const shareToFeed = async () => {
    sendShareBeacon('facebook');
    await copyThen({ title: 'Rezultat kopiran!', description: 'Zalijepite ga u svoju objavu.' });
    const link = feedShareUrl(url(), mobile());
    if (mobile()) window.open(link, '_blank', 'noopener');
    else window.open(link, 'kviz-share', 'popup,width=626,height=436,noopener');
  };
  const shareToPhotoApp = async () => {
    sendShareBeacon('instagram');
    await copyThen({ title: 'Spremno za Instagram!', description: 'Zalijepite tekst u priču ili objavu.' });
    if (mobile()) location.href = PHOTO_APP_URL;
    else window.open(PHOTO_WEB_URL, '_blank', 'noopener');
  };
  const systemShare = async () => {
    sendShareBeacon('native');
    const data: ShareData = { title: productTitle(artist), text, url: url() };
    if (file.current) data.files = [file.current];
    try {
      await navigator.share(data);
    } catch (error) {
      console.error(error); // cancelled by the player, or refused
    }
  };

  const cells = [...squares];
  const right = cells.filter((c) => c === RIGHT_SQUARE).length;
  return (
    <Card aria-labelledby="share-title" className={styles.sharePanel}>
      <h2 id="share-title" className={styles.sectionTitle}>
        Podijelite svoj rezultat
      </h2>
      <div className={styles.shareButtons}>
        {canShareSheet() && (
          <Button onClick={systemShare} className={styles.shareSheet}>
            Podijeli…
          </Button>
        )}
        <Button variant="secondary" onClick={shareToFeed} className={styles.shareButton}>
          Facebook
        </Button>
        <Button variant="secondary" onClick={shareToPhotoApp} className={styles.shareButton}>
          Instagram
        </Button>
        <Button
          variant="secondary"
          className={styles.shareButton}
          onClick={() => {
            sendShareBeacon('whatsapp');
            window.open(messageShareUrl(text, url()), '_blank', 'noopener');
          }}
        >
          WhatsApp
        </Button>
        <Button
          variant="secondary"
          className={styles.shareButton}
          onClick={() => {
            sendShareBeacon('x');
            window.open(tweetUrl(text, url()), '_blank', 'noopener');
          }}
        >
          X (Twitter)
        </Button>
        <Button
          variant="secondary"
          className={styles.shareButton}
          onClick={() => {
            sendShareBeacon('copy');
            return copyThen({ title: 'Kopirano!', description: 'Rezultat kopiran u međuspremnik.' });
          }}
        >
          Kopiraj tekst
        </Button>
      </div>
      <div
        className={styles.squares}
        role="img"
        aria-label={`Vaši odgovori redom: ${countOf(right, CORRECT_ANSWERS)} od ${cells.length}`}
        data-squares={squares}
      >
        {cells.map((cell, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: one square per line, in a fixed order
            key={i}
            className={cell === RIGHT_SQUARE ? styles.square.right : styles.square.wrong}
          />
        ))}
      </div>
      <p className={styles.note}>
        Napomena: Facebook i Instagram ne dopuštaju unaprijed upisan tekst, zato se rezultat kopira u
        međuspremnik — samo ga zalijepite.
      </p>
    </Card>
  );
}
