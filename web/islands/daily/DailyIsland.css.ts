import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const daily = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const intro = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});
export const number = style({ color: vars.color.muted, fontWeight: 600 });
export const title = style({ fontSize: 'clamp(1.6rem, 6vw, 2.2rem)' });
export const lead = style({ maxWidth: '36rem' });
const phone = 'screen and (max-width: 480px)';

/** Three facts in a row; on a phone the countdown above the two streaks. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.md,
  textAlign: 'center',
  '@media': { [phone]: { gridTemplateColumns: 'repeat(2, 1fr)', gap: vars.space.sm } },
});
export const fact = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  '@media': {
    [phone]: { padding: vars.space.sm, selectors: { '&:first-child': { gridColumn: '1 / -1' } } },
  },
});
export const factLabel = style({ color: vars.color.muted, fontSize: '0.9rem' });
export const factValue = style({
  fontSize: '1.35rem',
  '@media': { [phone]: { fontSize: '1.1rem' } },
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});
/** The share text's first and last lines around the squares (the squares are drawn, not typed). */
export const shareLine = style({ textAlign: 'center', fontWeight: 600, overflowWrap: 'anywhere' });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'center' });
