import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

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
});
export const options = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.sm,
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
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.accent, background: vars.color.surfaceAlt },
    '&:disabled': { cursor: 'default' },
  },
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
export const optionTitle = style({ flex: 1 });
export const mark = styleVariants({
  correct: { color: vars.color.correct, fontWeight: 800, fontSize: '1.2rem' },
  wrong: { color: vars.color.wrong, fontWeight: 800, fontSize: '1.2rem' },
});
export const reveal = style({
  marginTop: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  alignItems: 'flex-start',
});
export const verdict = styleVariants({
  correct: { color: vars.color.correct, fontWeight: 700 },
  wrong: { color: vars.color.wrong, fontWeight: 700 },
});
export const album = style({ color: vars.color.muted });
export const hint = style({ color: vars.color.muted, fontSize: '0.9rem' });
export const error = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  alignItems: 'flex-start',
});
