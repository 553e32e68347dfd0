import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const head = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  alignItems: 'flex-start',
});
export const title = style({ fontSize: 'clamp(1.75rem, 5vw, 2.5rem)' });
export const intro = style({ color: vars.color.muted, maxWidth: '44rem' });
export const tabList = style({
  display: 'flex',
  gap: vars.space.sm,
  borderBottom: `2px solid ${vars.color.border}`,
});
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontWeight: 700,
  borderBottom: `3px solid ${vars.color.accent}`,
  marginBottom: '-2px',
  color: vars.color.text,
});
export const tables = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 26rem), 1fr))',
  marginTop: vars.space.lg,
});
export const small = style({ color: vars.color.muted, fontSize: '0.85rem' });
export const daily = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const dailyTitle = style({ fontSize: '1.25rem' });
