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
export const back = style({ textAlign: 'center' });
