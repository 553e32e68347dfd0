import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const title = style({ margin: 0, fontSize: '1.25rem' });
const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } });
export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: '0.9rem',
  fontWeight: 600,
  color: vars.color.muted,
});
const dot = style({ width: '0.6rem', height: '0.6rem', borderRadius: vars.radius.pill, flex: 'none' });
export const dotState = styleVariants({
  live: [
    dot,
    {
      backgroundColor: vars.color.correct,
      '@media': {
        '(prefers-reduced-motion: no-preference)': { animation: `${pulse} 2s ease-in-out infinite` },
      },
    },
  ],
  waiting: [dot, { backgroundColor: vars.color.warn }],
});
export const figures = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  margin: 0,
});
// The label above its number (all three numbers on one line on a wide screen).
export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});
export const label = style({ color: vars.color.muted, fontWeight: 600 });
export const value = style({ margin: 0, fontSize: 'clamp(1.4rem, 6vw, 2rem)', fontWeight: 800 });
export const note = style({
  display: 'block',
  fontSize: '0.9rem',
  fontWeight: 600,
  color: vars.color.muted,
  overflowWrap: 'anywhere',
});
export const spark = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0 });
export const sparkSvg = style({ width: '100%', height: '3rem', display: 'block', color: vars.color.accent });
export const sparkCaption = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: '0.85rem',
  color: vars.color.muted,
  flexWrap: 'wrap',
});
