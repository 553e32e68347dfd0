import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const header = style({
  padding: `${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
/** Page widths: reading pages keep a comfortable line length, the dashboard uses the screen. */
export const pageWidth = { normal: '60rem', wide: '87.5rem' } as const;
export type PageWidth = keyof typeof pageWidth;

const headerInnerBase = style({
  margin: '0 auto',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
});
export const headerInner = styleVariants(pageWidth, (maxWidth) => [headerInnerBase, { maxWidth }]);
export const brand = style({
  fontWeight: 700,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: '1.05rem',
});
const mainBase = style({
  width: '100%',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  '@media': {
    'screen and (max-width: 480px)': { padding: `${vars.space.lg} ${vars.space.sm}`, gap: vars.space.lg },
  },
});
export const main = styleVariants(pageWidth, (maxWidth) => [mainBase, { maxWidth }]);
export const skip = style({
  position: 'absolute',
  left: vars.space.md,
  top: '-3rem',
  background: vars.color.surface,
  padding: vars.space.sm,
  zIndex: 10,
  selectors: { '&:focus': { top: vars.space.md } },
});
