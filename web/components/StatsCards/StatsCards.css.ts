import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { card as surface } from '../Card/Card.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  margin: 0,
});
/** The shared card surface, laid out label-under-value (a <dt>/<dd> pair, value first on screen). */
export const card = style([
  surface,
  { display: 'flex', flexDirection: 'column-reverse', gap: vars.space.xs },
]);
export const label = style({ color: vars.color.muted, fontWeight: 600 });
export const value = style({ fontSize: '1.75rem', fontWeight: 800, margin: 0, whiteSpace: 'nowrap' });
export const sub = style({ display: 'block', fontSize: '1rem', fontWeight: 600, color: vars.color.muted });
