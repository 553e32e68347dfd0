import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const bar = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: `${vars.space.sm} ${vars.space.md}`,
});
/** As wide as the longest choice ('Samsung Internet' was cut at 12 rem), never wider than the screen. */
export const select = style({ maxWidth: '100%' });
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  maxWidth: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.xs} 0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  fontSize: '0.9rem',
  overflowWrap: 'anywhere',
});
export const chipRemove = style({
  flex: 'none',
  minWidth: '44px',
  minHeight: '44px',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: '1.1rem',
  cursor: 'pointer',
  borderRadius: vars.radius.pill,
  ':hover': { background: vars.color.border },
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
});
export const note = style({ color: vars.color.muted, margin: 0, fontSize: '0.9rem', maxWidth: '60rem' });
/** A name in a table that filters the dashboard when clicked: a link-looking button. */
export const filterLink = style({
  display: 'inline',
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.accent,
  font: 'inherit',
  textAlign: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  ':hover': { color: vars.color.accentHover },
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});
export const active = style({ fontWeight: 700, textDecoration: 'none' });
/**
 * '(' + a filter button + ')': a button is an atomic inline, so a line could break between the
 * bracket and it ('Tišina u avliji (' / 'Svatovi)' at 375 px), and a button that wraps is a box
 * the brackets stand beside. So the group is a small flex row at most as wide as the line: the
 * title wraps inside the button (which shrinks to leave room for the brackets), '(' stands at
 * its first line and ')' at its last.
 */
export const bracketed = style({
  display: 'inline-flex',
  maxWidth: '100%',
  verticalAlign: 'baseline',
});
globalStyle(`${bracketed} > button`, { minWidth: 0 });
export const openBracket = style({ alignSelf: 'first baseline' });
export const closeBracket = style({ alignSelf: 'last baseline' });
