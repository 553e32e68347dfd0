import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** A segmented control made of real radio buttons: arrow keys, a label and a legend for free. */
export const group = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.sm });
export const options = style({
  display: 'inline-flex',
  justifyContent: 'center',
  maxWidth: '100%',
  border: `2px solid ${vars.color.accent}`,
  borderRadius: vars.radius.pill,
  padding: '2px',
  gap: '2px',
  background: vars.color.surface,
});
export const option = style({ position: 'relative', display: 'inline-flex' });
/** The radio itself: invisible but focusable and clickable (it covers its label). */
export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});
export const text = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px', // a finger's target (WCAG 2.5.5)
  // Narrower on a small phone: the three choices stay on one line at 320 px.
  padding: `0 clamp(${vars.space.sm}, 3vw, ${vars.space.md})`,
  whiteSpace: 'nowrap',
  borderRadius: vars.radius.pill,
  fontWeight: 600,
  color: vars.color.accent,
  selectors: {
    [`${input}:checked + &`]: { background: vars.color.accent, color: vars.color.accentText },
    [`${input}:hover:not(:checked) + &`]: { background: vars.color.surfaceAlt },
    [`${input}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
