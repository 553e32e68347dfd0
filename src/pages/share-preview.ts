import { ratingFor } from '../shared/rating';
import { PLAY_LENGTH } from '../shared/rules';
import type { ClientManifest, PreviewPage } from './client-assets';

/** What a shared result link (`/?r=25`) previews with: its picture and words (docs/decisions/015). */
export interface SharePreview {
  score: number;
  /** Absolute URL of the 1200×630 PNG (social sites fetch it from elsewhere). */
  image: string;
  imageAlt: string;
  description: string;
}

/** The score a shared link carries (`r`, 0–30), or undefined for anything else. */
export function sharedScore(r: unknown): number | undefined {
  if (typeof r !== 'string' || !/^\d{1,2}$/.test(r)) return undefined;
  const score = Number(r);
  return score <= PLAY_LENGTH ? score : undefined;
}

/**
 * The image of a score: the one naming the artist when the build rendered it for the catalogue
 * served now, else the one without the artist (a catalogue imported after the build).
 */
function shareImagePath(manifest: ClientManifest, artist: string, score: number): string | undefined {
  return shareImagePaths(manifest, artist)[score];
}

/** The 31 images (index = score) for the catalogue served now; none when the build made none. */
export function shareImagePaths(manifest: ClientManifest, artist: string): string[] {
  const set = manifest.shareImages;
  if (!set) return [];
  return set.artist === artist ? set.scores : set.generic;
}

/**
 * What a link to a page previews with (issue 33: the daily link and /statistics previewed as the
 * start page): its own address and picture. No picture when the build made none.
 */
export interface PagePreview {
  path: string;
  image?: string;
  imageAlt: string;
}

export function pagePreview(
  manifest: ClientManifest,
  { artist, siteUrl }: { artist: string; siteUrl: string },
  page: PreviewPage,
  path: string,
): PagePreview {
  const set = manifest.shareImages;
  const images = set && (set.artist === artist ? set.pages : set.genericPages);
  const image = images?.[page];
  return {
    path,
    ...(image ? { image: `${siteUrl.replace(/\/$/, '')}${image}` } : {}),
    imageAlt: PAGE_IMAGE_ALT[page],
  };
}

const PAGE_IMAGE_ALT: Record<PreviewPage, string> = {
  start: 'Kviz znanja: prepoznaj pjesmu po jednom stihu',
  statistics: 'Statistika kviza: rezultati svih igrača',
  daily: 'Dnevni izazov: isti stihovi za sve igrače',
};

export function sharePreview(
  manifest: ClientManifest,
  { artist, siteUrl }: { artist: string; siteUrl: string },
  score: number,
): SharePreview | undefined {
  const path = shareImagePath(manifest, artist, score);
  if (!path) return undefined;
  const label = ratingFor(score).label;
  return {
    score,
    image: `${siteUrl.replace(/\/$/, '')}${path}`,
    imageAlt: `Rezultat ${score}/${PLAY_LENGTH} – ${label}`,
    description: `Rezultat: ${score}/${PLAY_LENGTH} (${label}). Prepoznaj pjesmu po jednom stihu – možeš li bolje?`,
  };
}
