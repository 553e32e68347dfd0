import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: '2px solid transparent',
  fontWeight: 600,
  fontSize: '1rem',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 120ms ease, border-color 120ms ease',
  selectors: { '&:disabled': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.accent,
      color: vars.color.accentText,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover } },
    },
  ],
  secondary: [
    base,
    {
      background: 'transparent',
      color: vars.color.accent,
      borderColor: vars.color.accent,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceAlt } },
    },
  ],
});
