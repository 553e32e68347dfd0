import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const region = style({
  position: 'fixed',
  bottom: vars.space.md,
  left: '50%',
  transform: 'translateX(-50%)',
  width: 'min(26rem, calc(100vw - 2rem))',
  zIndex: 50,
});
const base = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.border}`,
  // Vertical scrolling stays the browser's; a sideways swipe is the toast's (swipe to dismiss).
  touchAction: 'pan-y',
  userSelect: 'none',
  transition: 'transform 150ms ease, opacity 150ms ease',
});
export const toast = styleVariants({
  default: [base, { background: vars.color.surface, color: vars.color.text }],
  destructive: [
    base,
    { background: vars.color.wrongBg, color: vars.color.text, borderColor: vars.color.wrong },
  ],
});
export const body = style({ flex: 1, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const title = style({ fontWeight: 700 });
export const close = style({
  background: 'transparent',
  border: 'none',
  color: 'inherit',
  cursor: 'pointer',
  fontSize: '1.25rem',
  lineHeight: 1,
  padding: vars.space.xs,
  minWidth: '44px',
  minHeight: '44px',
});
