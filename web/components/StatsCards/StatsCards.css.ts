import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  margin: 0,
});
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xs,
});
export const label = style({ color: vars.color.muted, fontWeight: 600 });
export const value = style({ fontSize: '1.75rem', fontWeight: 800, margin: 0, whiteSpace: 'nowrap' });
export const sub = style({ display: 'block', fontSize: '1rem', fontWeight: 600, color: vars.color.muted });
