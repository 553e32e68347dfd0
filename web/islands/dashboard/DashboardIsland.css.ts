import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const dashboard = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const heading = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const headerActions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
/** 'Zadnje ažurirano …' and the reload indicator. */
export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.muted,
  fontSize: '0.9rem',
  minHeight: '1.5rem',
});

// Edges of the tab row with more tabs get a shadow: covers in the page's colour scroll with the
// tabs (`local`) and hide the shadows (`scroll`) at an end that has nothing more.
const shade = `color-mix(in srgb, ${vars.color.text} 30%, transparent)`;
export const tabScroller = style({
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'thin',
  borderBottom: `2px solid ${vars.color.border}`,
  backgroundColor: vars.color.bg,
  backgroundImage: [
    `linear-gradient(to right, ${vars.color.bg} 40%, transparent)`,
    `linear-gradient(to left, ${vars.color.bg} 40%, transparent)`,
    `radial-gradient(farthest-side at 0 50%, ${shade}, transparent)`,
    `radial-gradient(farthest-side at 100% 50%, ${shade}, transparent)`,
  ].join(', '),
  backgroundPosition: 'left center, right center, left center, right center',
  backgroundSize: '3rem 100%, 3rem 100%, 1.25rem 100%, 1.25rem 100%',
  backgroundRepeat: 'no-repeat',
  backgroundAttachment: 'local, local, scroll, scroll',
});
/**
 * The tab row's minimum width of 750 px (docs/product.md#admin-dashboard); wider screens share the
 * width out between the tabs.
 */
export const tabList = style({ display: 'flex', minWidth: '750px' });
export const tab = style({
  flex: '1 0 auto',
  // Eight tabs (with 'Izvori', docs/decisions/040) fit a 1024 px window side by side.
  padding: `${vars.space.sm} 0.25rem`,
  background: 'none',
  border: 'none',
  borderBottom: '3px solid transparent',
  marginBottom: '-2px',
  color: vars.color.muted,
  fontSize: '0.95rem',
  fontWeight: 700,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  minHeight: '44px',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.accent },
    '&:hover': { color: vars.color.text },
  },
});
export const welcome = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const topGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 26rem), 1fr))',
});

/** The lyric table's search and filters: one row on a wide screen, wrapping on narrow ones. */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: `${vars.space.sm} ${vars.space.md}`,
  marginBottom: vars.space.md,
});
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontWeight: 600,
  fontSize: '0.9rem',
});
export const searchField = style({ flex: '1 1 16rem', minWidth: 0 });
export const modeInput = style({ width: 'min(100%, 14rem)' });
export const wideInput = style({ width: '100%' });
export const narrowInput = style({ width: '7rem' });
export const checkbox = style({
  width: '1.25rem',
  height: '1.25rem',
  margin: 0,
  accentColor: vars.color.accent,
});
export const check = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  fontSize: '0.9rem',
  fontWeight: 600,
  cursor: 'pointer',
});
export const matched = style({ color: vars.color.muted, fontSize: '0.9rem', flexBasis: '100%' });

export const charts = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const chartBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const chart = style({ width: '100%', minHeight: '320px' });
export const chartNote = style({ color: vars.color.muted, fontSize: '0.9rem', maxWidth: '60rem' });
export const chartData = style({ fontSize: '0.95rem' });
export const chartDataSummary = style({
  cursor: 'pointer',
  fontWeight: 600,
  color: vars.color.accent,
  minHeight: '44px',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  selectors: { '&::before': { content: '"▸"' }, 'details[open] > &::before': { content: '"▾"' } },
});
export const chartTable = style({ maxWidth: '36rem' });
export const chartTh = style({
  textAlign: 'left',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `2px solid ${vars.color.border}`,
  verticalAlign: 'bottom',
});
/** A number column's header: right-aligned like its numbers, but free to wrap on a phone. */
export const chartNumber = style({ textAlign: 'right' });
export const chartTd = style({
  textAlign: 'left',
  fontWeight: 400,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** The date range: preset toggles, then the custom from–to, then what is shown. */
export const range = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: `${vars.space.sm} ${vars.space.lg}`,
});
export const presets = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
});
export const presetsLegend = style({
  fontWeight: 600,
  fontSize: '0.9rem',
  padding: 0,
  marginBottom: vars.space.xs,
});
export const preset = style({
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.accent },
    '&[aria-pressed="true"]': {
      background: vars.color.accent,
      borderColor: vars.color.accent,
      color: vars.color.accentText,
    },
  },
});
export const customRange = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});
export const rangeError = style({ color: vars.color.wrong, fontWeight: 600, flexBasis: '100%', margin: 0 });
export const rangeShown = style({
  color: vars.color.muted,
  fontSize: '0.9rem',
  flexBasis: '100%',
  margin: 0,
});

/** A view of the range (trend, scores, devices, confusions): a card with a heading and its export. */
export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const sectionHeading = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const sectionTitle = style({ margin: 0, fontSize: '1.25rem' });
export const muted = style({ color: vars.color.muted, margin: 0 });
/** A table's own 'Preuzmi CSV' above it, at the right. */
export const tableTools = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});
export const viewGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
});

/** The score histogram: 31 bars in the accent colour (3:1 or more against the card in both themes). */
export const histogram = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(31, minmax(0, 1fr))',
  alignItems: 'end',
  gap: '2px',
  height: '12rem',
  paddingBottom: '1.5rem',
  borderBottom: `1px solid ${vars.color.border}`,
});
export const barSlot = style({
  position: 'relative',
  height: '100%',
  display: 'flex',
  alignItems: 'flex-end',
});
export const bar = style({
  width: '100%',
  minHeight: '1px',
  background: vars.color.accent,
  borderRadius: '2px 2px 0 0',
});
export const barLabel = style({
  position: 'absolute',
  top: '100%',
  left: '50%',
  transform: 'translateX(-50%)',
  fontSize: '0.75rem',
  color: vars.color.muted,
  paddingTop: '0.25rem',
});

/** Single figures of a range (completion rate, new players). */
export const figures = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  margin: 0,
});
export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
globalStyle(`${figure} dt`, { color: vars.color.muted, fontWeight: 600 });
globalStyle(`${figure} dd`, { margin: 0, fontSize: '1.5rem', fontWeight: 800 });
export const figureNote = style({
  selectors: { [`${figure} &`]: { fontSize: '0.85rem', fontWeight: 400, color: vars.color.muted } },
});

/** A row's confusions, opened under it. */
export const detail = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0 });
export const detailTitle = style({ fontWeight: 600, margin: 0 });
export const detailList = style({ margin: 0, paddingLeft: '1.5rem' });

/** 'Bilješke' under the trend: the list, then the form (wraps to one field a line on a phone). */
export const notes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});
export const notesTitle = style({ margin: 0, fontSize: '1.05rem' });
export const notesList = style({
  margin: 0,
  paddingLeft: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const note = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  overflowWrap: 'anywhere',
  minWidth: 0,
});
/** 'Obriši' keeps its word whole: the note's text wraps instead. */
export const noteDelete = style({ flex: 'none', whiteSpace: 'nowrap' });
export const noteForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});
export const noteText = style({ flex: '1 1 14rem', minWidth: 0 });
