import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** A text, number or select field: 44 px high (a touch target), the theme's border and surface. */
export const input = style({
  font: 'inherit',
  fontWeight: 400,
  // 16 px: smaller text makes phones zoom into the field on focus.
  fontSize: '1rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: '44px',
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&:focus': { borderColor: vars.color.accent } },
});
