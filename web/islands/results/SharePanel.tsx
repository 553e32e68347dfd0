import { productTitle } from '../../../src/shared/rules';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import type { ToastMessage } from '../../components/Toast/Toast';
import {
  feedShareUrl,
  messageShareUrl,
  PHOTO_APP_URL,
  PHOTO_WEB_URL,
  shareText,
  shareUrl,
  tweetUrl,
} from '../../lib/share';
import { isMobileUserAgent } from '../../lib/user-agent';
import * as styles from './ResultsIsland.css';

const copyFailed: ToastMessage = {
  title: 'Greška!',
  description: 'Nije moguće kopirati u međuspremnik.',
  variant: 'destructive',
};

async function copy(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
  await navigator.clipboard.writeText(text);
}

/** "Podijelite svoj rezultat": the spec's five targets, plus the system share sheet on phones. */
export function SharePanel({
  score,
  artist,
  siteUrl,
  toast,
}: {
  score: number;
  artist: string;
  siteUrl: string;
  toast: (t: ToastMessage) => void;
}) {
  const text = shareText(score, artist);
  const mobile = () => isMobileUserAgent(navigator.userAgent);
  const url = () => shareUrl(siteUrl, Date.now());

  const copyThen = async (success: ToastMessage) => {
    try {
      await copy(text);
      toast(success);
    } catch (error) {
      console.error(error);
      toast(copyFailed);
    }
  };

  const shareToFeed = async () => {
    await copyThen({ title: 'Rezultat kopiran!', description: 'Zalijepite ga u svoju objavu.' });
    const link = feedShareUrl(url(), mobile());
    if (mobile()) window.open(link, '_blank', 'noopener');
    else window.open(link, 'kviz-share', 'popup,width=626,height=436,noopener');
  };
  const shareToPhotoApp = async () => {
    await copyThen({ title: 'Spremno za Instagram!', description: 'Zalijepite tekst u priču ili objavu.' });
    if (mobile()) location.href = PHOTO_APP_URL;
    else window.open(PHOTO_WEB_URL, '_blank', 'noopener');
  };
  const systemShare = async () => {
    try {
      await navigator.share({ title: productTitle(artist), text, url: url() });
    } catch (error) {
      console.error(error); // cancelled by the player, or refused
    }
  };

  return (
    <Card aria-labelledby="share-title">
      <h2 id="share-title" className={styles.sectionTitle}>
        Podijelite svoj rezultat
      </h2>
      <div className={styles.shareButtons}>
        <Button variant="secondary" onClick={shareToFeed}>
          Facebook
        </Button>
        <Button variant="secondary" onClick={shareToPhotoApp}>
          Instagram
        </Button>
        <Button
          variant="secondary"
          onClick={() => window.open(messageShareUrl(text, url()), '_blank', 'noopener')}
        >
          WhatsApp
        </Button>
        <Button variant="secondary" onClick={() => window.open(tweetUrl(text, url()), '_blank', 'noopener')}>
          X (Twitter)
        </Button>
        <Button
          variant="secondary"
          onClick={() => copyThen({ title: 'Kopirano!', description: 'Rezultat kopiran u međuspremnik.' })}
        >
          Kopiraj tekst
        </Button>
        {typeof navigator !== 'undefined' &&
          'share' in navigator &&
          isMobileUserAgent(navigator.userAgent) && (
            <Button variant="secondary" onClick={systemShare}>
              Podijeli…
            </Button>
          )}
      </div>
      <p className={styles.note}>
        Napomena: Facebook i Instagram ne dopuštaju unaprijed upisan tekst, zato se rezultat kopira u
        međuspremnik — samo ga zalijepite.
      </p>
    </Card>
  );
}
