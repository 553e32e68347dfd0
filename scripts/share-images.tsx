/**
 * The social preview images of shared results (docs/decisions/015-results-and-sharing.md):
 * one 1200×630 PNG per score 0–30 with the product title, the score and its rating, rendered
 * at build time by satori (layout to SVG) and resvg (SVG to PNG) with Noto Sans (SIL Open Font
 * License 1.1, from @fontsource/noto-sans: its latin and latin-ext subsets cover č ć đ š ž).
 * A second set without the artist serves a catalogue imported after the build.
 * Renders are cached in dist/.cache/share-images by a hash of what they show, so a rebuild that
 * changes nothing here costs no rendering.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { ratingFor } from '../src/shared/rating';
import { PLAY_LENGTH, productTitle } from '../src/shared/rules';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** Bump when the picture changes: the cache key includes it. */
const TEMPLATE_VERSION = 5;

const require = createRequire(import.meta.url);
const fontDir = join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');

function loadFonts() {
  const file = (subset: string, weight: number) =>
    readFileSync(join(fontDir, `noto-sans-${subset}-${weight}-normal.woff`));
  // Satori falls back from family to family per glyph; a subset is a family of its own.
  return [400, 700, 800].flatMap((weight) => [
    {
      name: 'Noto Sans',
      data: file('latin', weight),
      weight: weight as 400 | 700 | 800,
      style: 'normal' as const,
    },
    {
      name: 'Noto Sans Ext',
      data: file('latin-ext', weight),
      weight: weight as 400 | 700 | 800,
      style: 'normal' as const,
    },
  ]);
}

const colours = {
  bg: '#0b5a8c',
  text: '#ffffff',
  soft: '#cfe6f5',
  filled: '#4ade80',
  empty: 'rgba(255,255,255,0.22)',
};

/** The picture of one score: title, score, rating band, a bar of 30 with the score filled. */
function ScoreImage({ title, score }: { title: string; score: number }) {
  const band = ratingFor(score);
  return (
    <div
      style={{
        // Satori sizes boxes without their padding (content-box).
        width: SHARE_IMAGE_WIDTH - 2 * 72,
        height: SHARE_IMAGE_HEIGHT - 2 * 56,
        display: 'flex',
        flexDirection: 'column',
        padding: '56px 72px',
        // A flat colour: a gradient triples the PNG's size.
        background: colours.bg,
        color: colours.text,
        fontFamily: 'Noto Sans, Noto Sans Ext',
      }}
    >
      <div style={{ display: 'flex', fontSize: 46, fontWeight: 700, lineHeight: 1.2 }}>{title}</div>
      <div style={{ display: 'flex', flexGrow: 1, alignItems: 'center', gap: 48 }}>
        <div style={{ display: 'flex', fontSize: 180, fontWeight: 800, lineHeight: 1, letterSpacing: -6 }}>
          {`${score}/${PLAY_LENGTH}`}
        </div>
        <div
          style={{
            display: 'flex',
            fontSize: 60,
            fontWeight: 700,
            padding: '12px 36px',
            borderRadius: 999,
            background: colours.text,
            color: colours.bg,
          }}
        >
          {band.label}
        </div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <div style={{ display: 'flex', gap: 8 }}>
          {Array.from({ length: PLAY_LENGTH }, (_, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: one square per line, in a fixed order
              key={i}
              style={{
                width: 26,
                height: 26,
                borderRadius: 6,
                background: i < score ? colours.filled : colours.empty,
              }}
            />
          ))}
        </div>
        <div style={{ display: 'flex', fontSize: 34, color: colours.soft }}>
          Prepoznaj pjesmu po jednom stihu. Možeš li bolje?
        </div>
      </div>
    </div>
  );
}

/** The picture of a page shared as a link (the start page, /statistics, the daily challenge). */
function PageImage({ title, heading, text }: { title: string; heading: string; text: string }) {
  return (
    <div
      style={{
        width: SHARE_IMAGE_WIDTH - 2 * 72,
        height: SHARE_IMAGE_HEIGHT - 2 * 56,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '56px 72px',
        background: colours.bg,
        color: colours.text,
        fontFamily: 'Noto Sans, Noto Sans Ext',
      }}
    >
      <div style={{ display: 'flex', fontSize: 46, fontWeight: 700, lineHeight: 1.2 }}>{title}</div>
      <div style={{ display: 'flex', fontSize: 120, fontWeight: 800, lineHeight: 1.05, letterSpacing: -3 }}>
        {heading}
      </div>
      <div style={{ display: 'flex', fontSize: 38, color: colours.soft }}>{text}</div>
    </div>
  );
}

/** What each page's picture says (its words are kept exact in docs/product.md's share texts). */
const PAGE_PICTURES = {
  start: { heading: 'Prepoznaj pjesmu', text: `Jedan stih, pet ponuđenih pjesama, ${PLAY_LENGTH} pitanja.` },
  statistics: {
    heading: 'Statistika kviza',
    text: 'Najlakši i najteži stihovi, pjesme i albumi svih igrača.',
  },
  daily: { heading: 'Dnevni izazov', text: `Istih ${PLAY_LENGTH} stihova za sve igrače, svaki dan.` },
} as const;
type PageName = keyof typeof PAGE_PICTURES;

export interface ShareImageSet {
  /** The artist the `scores` images name. */
  artist: string;
  /** File names in `outDir`, index = score. */
  scores: string[];
  /** The same without the artist (a catalogue imported after the build). */
  generic: string[];
  /** The pictures of the pages shared as links, with and without the artist. */
  pages: Record<PageName, string>;
  genericPages: Record<PageName, string>;
}

async function renderPng(title: string, score: number | PageName, fonts: ReturnType<typeof loadFonts>) {
  const picture =
    typeof score === 'number' ? (
      <ScoreImage title={title} score={score} />
    ) : (
      <PageImage title={title} {...PAGE_PICTURES[score]} />
    );
  const svg = await satori(picture, {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts,
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: SHARE_IMAGE_WIDTH } }).render().asPng();
}

/** Writes the 31 + 31 score images and the 3 + 3 page images to `outDir` (hashed names) and returns their names. */
export async function renderShareImages(
  outDir: string,
  artist: string,
  cacheDir: string,
): Promise<ShareImageSet> {
  mkdirSync(cacheDir, { recursive: true });
  let fonts: ReturnType<typeof loadFonts> | undefined;
  const one = async (title: string, score: number | PageName, stem: string) => {
    const what = typeof score === 'number' ? score : PAGE_PICTURES[score];
    const key = Bun.hash(JSON.stringify([TEMPLATE_VERSION, title, what])).toString(36);
    const cached = join(cacheDir, `${key}.png`);
    let png: Uint8Array;
    if (existsSync(cached)) png = readFileSync(cached);
    else {
      fonts ??= loadFonts();
      png = await renderPng(title, score, fonts);
      writeFileSync(cached, png);
    }
    const name = `${stem}-${score}-${Bun.hash(png).toString(36).slice(0, 8)}.png`;
    writeFileSync(join(outDir, name), png);
    return name;
  };
  const scores: string[] = [];
  const generic: string[] = [];
  for (let score = 0; score <= PLAY_LENGTH; score++) {
    scores.push(await one(productTitle(artist), score, 'share'));
    generic.push(await one(productTitle(''), score, 'share-generic'));
  }
  const pages = {} as Record<PageName, string>;
  const genericPages = {} as Record<PageName, string>;
  for (const name of Object.keys(PAGE_PICTURES) as PageName[]) {
    pages[name] = await one(productTitle(artist), name, 'page');
    genericPages[name] = await one(productTitle(''), name, 'page-generic');
  }
  return { artist, scores, generic, pages, genericPages };
}
