import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const phone = 'screen and (max-width: 480px)';

export const quiz = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const progressRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  fontWeight: 600,
  flexWrap: 'wrap',
});
export const progressTrack = style({
  height: '0.6rem',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
});
export const progressFill = style({
  height: '100%',
  background: vars.color.accent,
  transition: 'width 200ms ease',
});
export const heading = style({
  fontSize: '1.1rem',
  color: vars.color.muted,
  fontWeight: 600,
  selectors: { '&:focus': { outline: 'none' } },
});
export const lyric = style({
  fontSize: 'clamp(1.3rem, 4vw, 1.75rem)',
  lineHeight: 1.35,
  fontWeight: 600,
  margin: `${vars.space.md} 0 ${vars.space.lg}`,
  overflowWrap: 'anywhere',
  '@media': { [phone]: { fontSize: '1.2rem', margin: `${vars.space.sm} 0 ${vars.space.md}` } },
});
export const options = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [phone]: { gap: '0.4rem' } },
});
const optionBase = style({
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '52px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'left',
  fontSize: '1.05rem',
  cursor: 'pointer',
  '@media': {
    [phone]: { minHeight: '48px', gap: vars.space.sm, fontSize: '1rem' },
    // Only where a pointer hovers: on a touch screen the next line's option under the finger
    // that answered would otherwise light up as if chosen.
    '(hover: hover)': {
      selectors: {
        '&:hover:not(:disabled)': { borderColor: vars.color.accent, background: vars.color.surfaceAlt },
      },
    },
  },
  selectors: { '&:disabled': { cursor: 'default' } },
});
export const option = styleVariants({
  idle: [optionBase],
  correct: [optionBase, { borderColor: vars.color.correct, background: vars.color.correctBg }],
  wrong: [optionBase, { borderColor: vars.color.wrong, background: vars.color.wrongBg }],
  dimmed: [optionBase, { opacity: 0.7 }],
});
export const letter = style({
  flex: '0 0 auto',
  width: '2rem',
  height: '2rem',
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.surfaceAlt,
  fontWeight: 700,
});
/** A long word breaks inside the button instead of widening the page. */
export const optionTitle = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere', hyphens: 'auto' });
export const mark = styleVariants({
  correct: { color: vars.color.correct, fontWeight: 800, fontSize: '1.2rem' },
  wrong: { color: vars.color.wrong, fontWeight: 800, fontSize: '1.2rem' },
});
export const card = style({ display: 'flex', flexDirection: 'column' });
/**
 * After an answer: the verdict, the album line and the next button stick to the bottom of the
 * screen while the question is taller than it, so the thumb reaches 'Sljedeći stih' and the
 * album line stays in view (docs/decisions/015).
 */
export const bar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  alignItems: 'flex-start',
  margin: `${vars.space.lg} calc(-1 * ${vars.space.lg}) calc(-1 * ${vars.space.lg})`,
  padding: `${vars.space.md} ${vars.space.lg}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  borderRadius: `0 0 ${vars.radius.lg} ${vars.radius.lg}`,
  boxShadow: '0 -8px 16px -8px rgb(16 24 40 / 18%)',
  '@media': {
    [phone]: {
      margin: `${vars.space.md} calc(-1 * ${vars.space.md}) calc(-1 * ${vars.space.md})`,
      padding: `${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
      gap: vars.space.sm,
      alignItems: 'stretch',
    },
  },
});
export const reveal = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const next = style({ '@media': { [phone]: { width: '100%' } } });
export const verdict = styleVariants({
  correct: { color: vars.color.correct, fontWeight: 700 },
  wrong: { color: vars.color.wrong, fontWeight: 700 },
});
export const album = style({ color: vars.color.muted });
export const hint = style({
  color: vars.color.muted,
  fontSize: '0.9rem',
  marginTop: vars.space.md,
  // No keyboard hint where there is no keyboard: touch-only screens.
  '@media': { '(hover: none) and (pointer: coarse)': { display: 'none' } },
});
export const error = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  alignItems: 'flex-start',
});
export const errorTitle = style({ fontSize: '1.25rem' });
export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
/** The difficulty of an easy or hard play, after the line count. */
export const level = style({ color: vars.color.muted, fontWeight: 500 });
