import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const wrapper = style({ overflowX: 'auto', WebkitOverflowScrolling: 'touch' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '0.95rem' });
export const caption = style({
  textAlign: 'left',
  fontWeight: 700,
  fontSize: '1.1rem',
  padding: `0 0 ${vars.space.sm}`,
});
export const th = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `2px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  fontWeight: 700,
});
export const td = style({
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const row = style({ contentVisibility: 'auto', containIntrinsicSize: 'auto 2.5rem' });
/**
 * Large sortable tables: a fixed layout takes the column widths from the <col>s instead of
 * measuring every row, so re-ordering 2,000 rows does not re-measure the whole table.
 */
export const fixedTable = style({ tableLayout: 'fixed', minWidth: '44rem' });
export const totalRow = style({ fontWeight: 700, background: vars.color.surfaceAlt });
export const sortButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  display: 'inline-flex',
  gap: vars.space.xs,
  alignItems: 'center',
  minHeight: '32px',
});
export const percent = styleVariants({
  good: { color: vars.color.correct, fontWeight: 700 },
  medium: { color: vars.color.warn, fontWeight: 700 },
  poor: { color: vars.color.wrong, fontWeight: 700 },
  plain: {},
});
export const empty = style({ color: vars.color.muted, padding: vars.space.md });
export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
});
export const pageButton = style({
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.accent}`,
  background: 'transparent',
  color: vars.color.accent,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.45, cursor: 'not-allowed' } },
});
