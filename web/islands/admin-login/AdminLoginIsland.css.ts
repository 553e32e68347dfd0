import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const wrap = style({
  maxWidth: '26rem',
  width: '100%',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontWeight: 600 });
export const input = style({
  font: 'inherit',
  fontWeight: 400,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: '44px',
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&:focus': { borderColor: vars.color.accent } },
});
export const back = style({ textAlign: 'center' });
