import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { card as surface } from '../Card/Card.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  // Two by two up to a small laptop (four stacked cards filled a phone's first screen), then one row.
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { 'screen and (min-width: 56rem)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
  margin: 0,
});
/** The shared card surface, laid out label-under-value (a <dt>/<dd> pair, value first on screen). */
export const card = style([
  surface,
  { display: 'flex', flexDirection: 'column-reverse', gap: vars.space.xs },
]);
export const label = style({ color: vars.color.muted, fontWeight: 600 });
export const value = style({
  fontSize: 'clamp(1.2rem, 5.5vw, 1.75rem)',
  fontWeight: 800,
  margin: 0,
  whiteSpace: 'nowrap',
});
export const sub = style({ display: 'block', fontSize: '1rem', fontWeight: 600, color: vars.color.muted });
/** The change against the previous period: a line of its own, wrapping on a phone. */
export const change = style({
  display: 'block',
  fontSize: '0.85rem',
  fontWeight: 600,
  whiteSpace: 'normal',
  marginTop: vars.space.xs,
  color: vars.color.muted,
});
/** Direction told by the arrow and the sign; colour only adds to them (text contrast ≥ 4.5:1 in both themes). */
export const changeDirection = styleVariants({
  up: { color: vars.color.correct },
  down: { color: vars.color.wrong },
  same: { color: vars.color.muted },
});
export const changeSuffix = style({ fontWeight: 400 });
export const note = style({
  display: 'block',
  fontSize: '0.8rem',
  fontWeight: 400,
  whiteSpace: 'normal',
  color: vars.color.muted,
});
