import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  alignItems: 'center',
  textAlign: 'center',
  padding: `${vars.space.xl} 0`,
});
export const heroTitle = style({
  fontSize: 'clamp(2rem, 7vw, 3.25rem)',
  fontWeight: 800,
  letterSpacing: '-0.02em',
});
export const tagline = style({ fontSize: '1.2rem', color: vars.color.muted, maxWidth: '36rem' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  justifyContent: 'center',
});
export const sectionTitle = style({ fontSize: '1.5rem', marginBottom: vars.space.md });
export const cards = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(13rem, 1fr))',
});
export const infoTitle = style({ fontSize: '1.1rem', marginBottom: vars.space.sm });
export const muted = style({ color: vars.color.muted });
export const center = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  textAlign: 'center',
});
export const notFoundTitle = style({ fontSize: 'clamp(1.75rem, 6vw, 2.5rem)' });
/** The score of a shared result link, above the start buttons. */
export const shared = style({
  fontSize: '1.1rem',
  fontWeight: 600,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  maxWidth: '36rem',
});
