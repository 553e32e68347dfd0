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
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.md,
  textAlign: 'center',
});
export const fact = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const factLabel = style({ color: vars.color.muted, fontSize: '0.9rem' });
export const factValue = style({
  fontSize: '1.35rem',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});
export const shareText = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: vars.font.mono,
  fontSize: '0.9rem',
  lineHeight: 1.4,
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'center' });
