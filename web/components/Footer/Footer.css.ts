import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const footer = style({
  marginTop: 'auto',
  padding: `${vars.space.lg} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: '0.95rem',
});
export const inner = style({
  maxWidth: '60rem',
  margin: '0 auto',
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  justifyContent: 'space-between',
  alignItems: 'center',
});
export const links = style({ display: 'flex', gap: vars.space.lg, flexWrap: 'wrap', alignItems: 'center' });
