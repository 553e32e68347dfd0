import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const phone = 'screen and (max-width: 480px)';

export const results = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': { [phone]: { gap: vars.space.md } },
});
export const scoreCard = style({
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  alignItems: 'stretch',
});
export const resultTitle = style({ fontSize: '1.25rem' });
export const scoreRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
});
const scoreBase = style({
  fontSize: 'clamp(3rem, 12vw, 4.5rem)',
  fontWeight: 800,
  lineHeight: 1,
  color: vars.color.accent,
});
const pop = keyframes({
  '0%': { transform: 'scale(0.6)', opacity: 0 },
  '60%': { transform: 'scale(1.12)', opacity: 1 },
  '100%': { transform: 'scale(1)' },
});
export const score = styleVariants({
  normal: [scoreBase],
  perfect: [scoreBase, { color: vars.color.correct, animation: `${pop} 600ms ease-out` }],
});
export const rating = style({ fontSize: '1.5rem', fontWeight: 700 });
export const scoreNote = style({ color: vars.color.muted, fontSize: '0.95rem' });
export const celebration = style({
  fontWeight: 700,
  color: vars.color.correct,
  background: vars.color.correctBg,
  borderRadius: vars.radius.md,
  padding: `${vars.space.xs} ${vars.space.sm}`,
});
/**
 * The position box keeps its height from the first paint (a placeholder stands in until the
 * percentile arrives): the page does not shift under the player's thumb.
 */
export const position = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: '0.15rem',
  // Title, value, the same-score line and the total: the usual content's height.
  minHeight: '7.5rem',
  marginTop: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const positionTitle = style({ fontSize: '1rem', color: vars.color.muted });
export const positionValue = style({
  fontSize: '1.3rem',
  fontWeight: 700,
  '@media': { [phone]: { fontSize: '1.15rem' } },
});
export const positionNote = style({ fontSize: '0.9rem', color: vars.color.muted });
export const pending = style({ color: vars.color.muted });
export const actions = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
export const credit = style({ textAlign: 'center' });

export const sharePanel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
/** The answers as a grid of squares (CSS boxes: no emoji font needed to see them). */
export const squares = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(15, 1fr)',
  gap: '3px',
  maxWidth: '18rem',
  width: '100%',
  alignSelf: 'center',
});
const squareBase = style({ aspectRatio: '1', borderRadius: '3px' });
export const square = styleVariants({
  right: [squareBase, { background: vars.color.correct }],
  wrong: [squareBase, { background: vars.color.wrong }],
});
export const shareButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const shareButton = style({
  '@media': { [phone]: { padding: `${vars.space.xs} 0.6rem`, fontSize: '0.9rem', flexGrow: 1 } },
});
/** The phone's own share sheet: the first and widest button where there is one. */
export const shareSheet = style({ flexBasis: '100%' });
export const note = style({ color: vars.color.muted, fontSize: '0.9rem' });
export const sectionTitle = style({ fontSize: '1.15rem' });

export const review = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.md} 0 0`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
const reviewBase = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.15rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: '4px solid',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  overflowWrap: 'anywhere',
});
export const reviewItem = styleVariants({
  right: [reviewBase, { borderLeftColor: vars.color.correct }],
  wrong: [reviewBase, { borderLeftColor: vars.color.wrong }],
});
export const reviewLyric = style({ fontWeight: 600 });
export const reviewMeta = style({ color: vars.color.muted, fontSize: '0.9rem' });
export const mark = styleVariants({
  right: { color: vars.color.correct, fontWeight: 800 },
  wrong: { color: vars.color.wrong, fontWeight: 800 },
});

export const recordBest = style({
  fontSize: '1.1rem',
  fontWeight: 700,
  margin: `${vars.space.sm} 0`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const badge = style({
  fontSize: '0.85rem',
  padding: `0.1rem ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.correctBg,
  color: vars.color.correct,
});
export const recordList = style({ margin: `${vars.space.xs} 0 0`, paddingLeft: vars.space.lg });
export const muted = style({ color: vars.color.muted });

export const table = style({ width: '100%', borderCollapse: 'collapse', marginTop: vars.space.sm });
export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
});
export const yourBand = style({ fontWeight: 400 });
export const currentRow = style({
  background: vars.color.surfaceAlt,
  fontWeight: 700,
  outline: `2px solid ${vars.color.accent}`,
  outlineOffset: '-2px',
});
