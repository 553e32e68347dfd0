import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const phone = 'screen and (max-width: 480px)';
const reduced = '(prefers-reduced-motion: reduce)';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' });
/** A heading may carry a nickname of 24 letters and no space: it wraps rather than run off a phone. */
export const title = style({ fontSize: 'clamp(1.6rem, 4vw, 2.6rem)', margin: 0, overflowWrap: 'anywhere' });
export const lead = style({ color: vars.color.muted, margin: 0 });
export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.warnBg,
  color: vars.color.warn,
  fontWeight: 600,
});

// --- the setup form -------------------------------------------------------------------------------
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
export const legend = style({ fontWeight: 700, padding: `0 ${vars.space.xs}` });
export const choice = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.accent, background: vars.color.surfaceAlt },
  },
});
export const label = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontWeight: 600 });

// --- the host screen: read from the back of a room ---------------------------------------------
export const screen = style({ display: 'flex', flexDirection: 'column', gap: 'clamp(1rem, 2.5vh, 2rem)' });
export const lobbyGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 800px)': { gridTemplateColumns: '1fr' } },
});
export const codeLabel = style({
  fontSize: 'clamp(1.1rem, 2vw, 1.8rem)',
  color: vars.color.muted,
  margin: 0,
  overflowWrap: 'anywhere',
});
export const code = style({
  fontFamily: vars.font.mono,
  fontWeight: 800,
  fontSize: 'clamp(3rem, 9vw, 8rem)',
  letterSpacing: '0.08em',
  lineHeight: 1,
  margin: 0,
});
/** The link breaks where it must, but never inside `?kod=CODE` (a code read across two lines is misread). */
export const joinLink = style({
  fontSize: 'clamp(1rem, 1.8vw, 1.6rem)',
  overflowWrap: 'anywhere',
  margin: 0,
});
export const nowrap = style({ whiteSpace: 'nowrap' });
export const qr = style({
  width: 'clamp(12rem, 24vw, 22rem)',
  height: 'auto',
  background: '#fff',
  padding: '0.75rem',
  borderRadius: vars.radius.md,
});
export const count = style({ fontSize: 'clamp(1.5rem, 3vw, 2.8rem)', fontWeight: 700, margin: 0 });
export const names = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  maxHeight: '40vh',
  overflowY: 'auto',
});
export const name = style({
  display: 'inline-flex',
  alignItems: 'center',
  maxWidth: '100%',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  fontSize: 'clamp(1rem, 1.6vw, 1.4rem)',
  fontWeight: 600,
});
export const nameText = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const removeButton = style({
  flex: 'none',
  minWidth: '44px',
  minHeight: '44px',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.muted,
  fontSize: '1.2rem',
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.wrong } },
});
export const bar = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  fontSize: 'clamp(1rem, 1.8vw, 1.6rem)',
  fontWeight: 600,
});
export const lyric = style({
  fontSize: 'clamp(1.8rem, 4.2vw, 4rem)',
  lineHeight: 1.2,
  fontWeight: 700,
  margin: 0,
  textWrap: 'balance',
});
/** A line's bar keeps the countdown on its row: the title and the answer count wrap beside it instead. */
export const lineBar = style([bar, { flexWrap: 'nowrap' }]);
export const lineFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  minWidth: 0,
});
export const timer = style({
  flex: 'none',
  fontFamily: vars.font.mono,
  fontSize: 'clamp(2rem, 5vw, 4.5rem)',
  fontWeight: 800,
  minWidth: '3ch',
  textAlign: 'right',
});
export const hostOptions = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  // Two wide columns (A B / C D / E) rather than four narrow ones: a title such as "Do posljednjeg
  // takta" stays on one line at a projector's type size, and the count beside it stays clear.
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 26rem), 1fr))',
  gap: vars.space.md,
});
export const hostOption = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: 'clamp(1.1rem, 2.2vw, 2rem)',
  fontWeight: 600,
  overflow: 'hidden',
});
export const hostOptionState = styleVariants({
  neutral: {},
  right: { borderColor: vars.color.correct, background: vars.color.correctBg },
  faded: { color: vars.color.muted, borderStyle: 'dashed' },
});
export const letter = style({
  flex: 'none',
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.8em',
  height: '1.8em',
  borderRadius: vars.radius.sm,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontWeight: 800,
});
/** A title never runs under the count or out of its card, however long its longest word. */
export const optionTitle = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const optionCount = style({ marginLeft: 'auto', fontFamily: vars.font.mono, fontWeight: 800 });
/** A bar behind an option's text at the reveal: its width is the option's share of the answers. */
export const optionBar = style({
  position: 'absolute',
  insetBlock: 0,
  left: 0,
  // A tint of the accent: the bars must read from the back of a room, over either scheme.
  background: `color-mix(in srgb, ${vars.color.accent} 18%, transparent)`,
  zIndex: 0,
  transition: 'width 600ms ease-out',
  '@media': { [reduced]: { transition: 'none' } },
});
globalStyle(`${hostOption} > :not(${optionBar})`, { position: 'relative', zIndex: 1 });
export const answer = style({ fontSize: 'clamp(1.4rem, 3vw, 2.6rem)', margin: 0 });
export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

// --- boards ----------------------------------------------------------------------------------
export const board = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const boardRow = style({
  display: 'grid',
  gridTemplateColumns: '3ch minmax(0, 1fr) auto auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontSize: 'clamp(1.1rem, 2.4vw, 2.2rem)',
});
export const boardName = style({
  fontWeight: 700,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const boardPoints = style({ fontFamily: vars.font.mono, fontWeight: 800 });
export const change = styleVariants({
  up: { color: vars.color.correct, fontWeight: 700 },
  down: { color: vars.color.wrong, fontWeight: 700 },
  same: { color: vars.color.muted },
});
// Three equal steps, however long a name: `minmax(0, 1fr)` lets a step be narrower than its text.
export const podium = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  alignItems: 'end',
  gap: vars.space.md,
  textAlign: 'center',
  '@media': { [phone]: { gap: vars.space.xs } },
});
/** A place: the name and points stand on a block as high as the place is good, whatever the name's length. */
export const step = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
  minWidth: 0,
  fontSize: 'clamp(1.1rem, 2.4vw, 2.2rem)',
  overflowWrap: 'anywhere',
  '@media': { [phone]: { fontSize: '1rem' } },
});
export const stepBlock = style({
  display: 'grid',
  placeItems: 'center',
  marginTop: vars.space.xs,
  borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
  background: vars.color.surfaceAlt,
  border: `2px solid ${vars.color.border}`,
  fontSize: '1.6em',
  fontWeight: 800,
});
/** A winner's name on two lines at most, then an ellipsis (the whole name is its title). */
export const podiumName = style({
  fontWeight: 700,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
});
export const stepHeight = styleVariants({
  1: { height: 'clamp(4.5rem, 20vh, 11rem)' },
  2: { height: 'clamp(3.25rem, 14vh, 8rem)' },
  3: { height: 'clamp(2.5rem, 10vh, 6rem)' },
});
export const ranking = style({ maxHeight: '50vh', overflowY: 'auto' });

// --- the phone ---------------------------------------------------------------------------------
export const phoneScreen = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const buttons = style({ display: 'grid', gap: vars.space.sm });
export const answerButton = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '56px',
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: '1.1rem',
  fontWeight: 600,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:disabled': { cursor: 'default' },
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, background: vars.color.surfaceAlt },
    // Paused: greyed and dashed, so that nobody presses in vain.
    '&[aria-disabled="true"]': {
      cursor: 'not-allowed',
      borderStyle: 'dashed',
      background: vars.color.surfaceAlt,
      color: vars.color.muted,
    },
  },
  '@media': {
    [phone]: { fontSize: '1rem' },
    // As the quiz's options: no hover look left under a finger on a touch screen.
    '(hover: hover)': {
      selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { borderColor: vars.color.accent } },
    },
  },
});
globalStyle(`${answerButton}[aria-disabled="true"] ${letter}`, {
  background: vars.color.border,
  color: vars.color.muted,
});
export const verdict = styleVariants({
  right: { background: vars.color.correctBg, color: vars.color.correct },
  wrong: { background: vars.color.wrongBg, color: vars.color.wrong },
});
globalStyle(`${verdict.right}, ${verdict.wrong}`, {
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  textAlign: 'center',
  fontSize: '1.6rem',
  fontWeight: 800,
});
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 1fr)',
  gap: vars.space.sm,
  textAlign: 'center',
});
export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const figureValue = style({ fontSize: '1.5rem', fontWeight: 800 });
export const figureLabel = style({ color: vars.color.muted, fontSize: '0.9rem' });
// No pulsing: a fading text drops below the contrast a reader needs.
export const waiting = style({ textAlign: 'center', color: vars.color.muted });
export const status = style({ fontSize: '0.9rem', color: vars.color.muted, overflowWrap: 'anywhere' });
export const srOnly = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
