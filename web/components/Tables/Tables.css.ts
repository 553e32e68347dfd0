import { createContainer, type StyleRule, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/**
 * Tables size their columns to their content (the lyric and title columns wrap, numbers never do),
 * and become stacked cards — one card per row, 'label: value' lines — when their own box is too
 * narrow for the columns: a container query, so a table in a narrow grid cell on a wide screen
 * turns into cards as well as one on a phone, and the public page needs no script for it.
 */
const sortableBox = createContainer('sortable-table');
const topBox = createContainer('top-table');
/** A sortable table with a detail toggle per row: one column more, so cards from a wider box. */
const detailBox = createContainer('sortable-detail-table');
const asCards = (rule: StyleRule): StyleRule => ({
  '@container': {
    // Six columns (three of them numbers with long headers) need about 40rem; three or four need 24rem.
    [`${sortableBox} (max-width: 40rem)`]: rule,
    [`${topBox} (max-width: 24rem)`]: rule,
    [`${detailBox} (max-width: 48rem)`]: rule,
  },
});

const box = style({ containerType: 'inline-size', width: '100%' });
export const sortableWrapper = style([box, { containerName: sortableBox }]);
export const topWrapper = style([box, { containerName: topBox }]);
export const detailWrapper = style([box, { containerName: detailBox }]);

export const table = style([
  { width: '100%', borderCollapse: 'collapse', fontSize: '0.95rem' },
  asCards({ display: 'block' }),
]);
export const caption = style([
  { textAlign: 'left', fontWeight: 700, fontSize: '1.1rem', padding: `0 0 ${vars.space.sm}` },
  asCards({ display: 'block' }),
]);
export const body = style(asCards({ display: 'flex', flexDirection: 'column', gap: vars.space.sm }));

/** The header row of a sortable table: on cards, a wrapping row of sort buttons. */
export const sortHead = style(asCards({ display: 'block', marginBottom: vars.space.md }));
export const sortHeadRow = style(
  asCards({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' }),
);
/** The header of a top table: read by screen readers, hidden on cards (each value carries its label). */
export const topHead = style(
  asCards({
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
  }),
);

export const th = style([
  {
    textAlign: 'left',
    padding: `${vars.space.sm} ${vars.space.sm}`,
    borderBottom: `2px solid ${vars.color.border}`,
    whiteSpace: 'nowrap',
    fontWeight: 700,
    verticalAlign: 'bottom',
  },
  asCards({ display: 'block', padding: 0, border: 'none' }),
]);
/** A sortable header: the whole cell is its button, so a click anywhere in it sorts. */
export const sortTh = style([th, { padding: 0 }]);

export const td = style([
  {
    padding: `${vars.space.sm} ${vars.space.sm}`,
    borderBottom: `1px solid ${vars.color.border}`,
    verticalAlign: 'top',
    // A very long word (a URL, a made-up word in a line) breaks instead of widening the page.
    overflowWrap: 'anywhere',
    selectors: {
      // The top lists hold only titles and lines, never a URL: a word breaks only when it cannot
      // fit a line of its own ('anywhere' let the columns shrink below a word, 'sedamnaes|t').
      [`${topWrapper} &`]: { overflowWrap: 'break-word' },
    },
  },
  asCards({
    display: 'block',
    padding: `${vars.space.xs} 0`,
    border: 'none',
    textAlign: 'left',
    whiteSpace: 'normal',
    selectors: {
      // 'Label: value'; `/ ""` keeps the label out of the accessible name
      // (screen readers already hear the cell's header).
      '&[data-label]::before': {
        content: 'attr(data-label) ": " / ""',
        color: vars.color.muted,
        fontWeight: 600,
      },
    },
  }),
]);
/** A row's main text (the lyric, the title): the heading of its card, without a label. */
export const primary = style(
  asCards({
    display: 'block',
    textAlign: 'left',
    fontWeight: 600,
    paddingBottom: vars.space.xs,
    selectors: { '&[data-label]::before': { content: 'none' } },
  }),
);
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
/** The rank of a top table: on cards, a column of its own beside the rest of the row. */
export const rank = style([
  td,
  num,
  { width: '1%', color: vars.color.muted },
  asCards({
    display: 'block',
    width: 'auto',
    gridRow: '1 / span 3',
    padding: `${vars.space.xs} 0`,
    fontWeight: 600,
    whiteSpace: 'nowrap',
  }),
]);
export const row = style(
  asCards({
    display: 'block',
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    padding: `${vars.space.sm} ${vars.space.md}`,
  }),
);
/** A top-table card: the rank in a narrow column, the texts and the percentage beside it. */
export const rankedRow = style(
  asCards({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: vars.space.sm }),
);
/** A sortable-table card: the texts across, then the three numbers side by side (wrapping if need be). */
export const statRow = style(asCards({ display: 'flex', flexWrap: 'wrap', columnGap: vars.space.md }));
/**
 * A title column (song, album) of a sortable table: wide enough on a wide table that a usual title
 * stays on one line while the lyric column wraps; on a narrower one it wraps like the rest.
 */
export const title = style({
  '@container': {
    [`${sortableBox} (min-width: 50rem)`]: { minWidth: '11rem' },
    [`${detailBox} (min-width: 56rem)`]: { minWidth: '11rem' },
  },
});
/** A text cell of a sortable-table card: the whole width. */
export const across = style(asCards({ flexBasis: '100%' }));
/** A number of a sortable-table card: its label above it. */
export const stat = style(
  asCards({
    display: 'flex',
    flex: '1 1 auto',
    flexDirection: 'column',
    paddingTop: vars.space.sm,
    whiteSpace: 'nowrap',
    selectors: { '&[data-label]::before': { content: 'attr(data-label) / ""', fontSize: '0.85em' } },
  }),
);
export const totalRow = style([
  { fontWeight: 700, background: vars.color.surfaceAlt },
  asCards({
    borderRadius: vars.radius.md,
    padding: `${vars.space.sm} ${vars.space.md}`,
    marginTop: vars.space.sm,
  }),
]);
export const foot = style(asCards({ display: 'block' }));
export const totalLabel = style([td, { textAlign: 'left' }, asCards({ display: 'block' })]);

export const sortButton = style([
  {
    background: 'none',
    border: 'none',
    padding: `${vars.space.sm} ${vars.space.sm}`,
    margin: 0,
    width: '100%',
    minHeight: '44px',
    font: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    display: 'flex',
    gap: vars.space.xs,
    alignItems: 'flex-end',
    justifyContent: 'flex-start',
    textAlign: 'left',
    selectors: { '&:hover': { background: vars.color.surfaceAlt } },
  },
  asCards({
    width: 'auto',
    minHeight: '40px',
    alignItems: 'center',
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.pill,
    padding: `${vars.space.xs} 0.75rem`,
    fontSize: '0.9rem',
  }),
]);
export const sortButtonNum = style({ justifyContent: 'flex-end', textAlign: 'right' });
export const sortButtonActive = style(asCards({ borderColor: vars.color.accent, color: vars.color.accent }));

export const percent = styleVariants({
  good: { color: vars.color.correct, fontWeight: 700 },
  medium: { color: vars.color.warn, fontWeight: 700 },
  poor: { color: vars.color.wrong, fontWeight: 700 },
});
/** A never-shown row's percentage: a muted dash and why. */
export const unshown = style({ color: vars.color.muted, fontWeight: 400 });
export const unshownNote = style({ fontSize: '0.85em' });
/** 'n od m' under a top list's percentage (beside it on cards). */
export const answers = style([
  { display: 'block', color: vars.color.muted, fontSize: '0.85em', fontWeight: 400, whiteSpace: 'nowrap' },
  asCards({ display: 'inline', marginLeft: vars.space.sm }),
]);
export const empty = style([td, { color: vars.color.muted, padding: vars.space.md }]);
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

/** A row's expandable detail (the confusions of a line or song): its toggle and its row. */
export const detailHead = style([{ width: '1%' }, asCards({ display: 'none' })]);
export const detailCell = style([
  { width: '1%', whiteSpace: 'nowrap' },
  asCards({ flexBasis: '100%', padding: 0 }),
]);
export const detailButton = style({
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.accent,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});
export const detailRow = style([
  { background: vars.color.surfaceAlt },
  asCards({ display: 'block', borderRadius: vars.radius.md }),
  { selectors: { '&[hidden]': { display: 'none' } } },
]);
export const detailContent = style([
  { padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}` },
  asCards({ display: 'block', border: 'none' }),
]);
