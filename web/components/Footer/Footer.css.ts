import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { pageWidth } from '../Layout/Layout.css';

export const footer = style({
  marginTop: 'auto',
  padding: `${vars.space.lg} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: '0.95rem',
});
const innerBase = style({
  margin: '0 auto',
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  justifyContent: 'space-between',
  alignItems: 'center',
});
export const inner = styleVariants(pageWidth, (maxWidth) => [innerBase, { maxWidth }]);
export const links = style({ display: 'flex', gap: vars.space.lg, flexWrap: 'wrap', alignItems: 'center' });
