import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const dashboard = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const tabScroller = style({
  overflowX: 'auto',
  WebkitOverflowScrolling: 'touch',
  borderBottom: `2px solid ${vars.color.border}`,
});
export const tabList = style({ display: 'flex', minWidth: '750px', gap: vars.space.xs });
export const tab = style({
  flex: '1 0 auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: 'none',
  border: 'none',
  borderBottom: '3px solid transparent',
  marginBottom: '-2px',
  color: vars.color.muted,
  fontWeight: 700,
  cursor: 'pointer',
  minHeight: '44px',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.accent },
    '&:hover': { color: vars.color.text },
  },
});
export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const topGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 26rem), 1fr))',
});
export const charts = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const chart = style({ width: '100%', minHeight: '320px' });
