import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const results = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const scoreCard = style({
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const score = style({
  fontSize: 'clamp(3rem, 12vw, 4.5rem)',
  fontWeight: 800,
  lineHeight: 1,
  color: vars.color.accent,
});
export const rating = style({ fontSize: '1.5rem', fontWeight: 700 });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const caption = style({
  textAlign: 'left',
  fontWeight: 700,
  fontSize: '1.15rem',
  marginBottom: vars.space.sm,
});
export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
});
export const currentRow = style({
  background: vars.color.surfaceAlt,
  fontWeight: 700,
  outline: `2px solid ${vars.color.accent}`,
  outlineOffset: '-2px',
});
export const position = style({
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  background: vars.color.surfaceAlt,
});
export const positionValue = style({ fontSize: '1.4rem', fontWeight: 700 });
export const actions = style({
  display: 'flex',
  justifyContent: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
export const shareButtons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: `${vars.space.md} 0`,
});
export const note = style({ color: vars.color.muted, fontSize: '0.9rem' });
export const sectionTitle = style({ fontSize: '1.15rem' });
