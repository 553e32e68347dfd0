import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The funnel: one row per step, its bar's length the step's share of the quizzes issued. */
export const funnel = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const step = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'baseline',
  gap: `${vars.space.xs} ${vars.space.md}`,
});
export const stepLabel = style({ fontWeight: 600 });
export const stepCount = style({ fontSize: '1.25rem', fontWeight: 800, textAlign: 'right' });
export const track = style({
  gridColumn: '1 / -1',
  height: '0.75rem',
  borderRadius: vars.radius.md,
  background: vars.color.border,
  overflow: 'hidden',
});
export const fill = style({ height: '100%', background: vars.color.accent, minWidth: '2px' });
export const stepNote = style({ gridColumn: '1 / -1', color: vars.color.muted, fontSize: '0.9rem' });
/** A referring host or a campaign comes from anyone: a long one wraps instead of widening the page. */
export const anyText = style({ overflowWrap: 'anywhere', wordBreak: 'break-word' });
export const notes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  color: vars.color.muted,
  fontSize: '0.9rem',
  margin: 0,
  maxWidth: '60rem',
});
