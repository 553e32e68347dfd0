import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const wrapper = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.xl,
  color: vars.color.muted,
});
export const spinner = style({
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '50%',
  border: `4px solid ${vars.color.border}`,
  borderTopColor: vars.color.accent,
  animation: `${spin} 0.8s linear infinite`,
});
/** A loading screen's heading reads like the plain label. */
export const label = style({ fontSize: '1rem', fontWeight: 400, fontFamily: 'inherit' });
/** A small spinner inside a line of text ('Učitavanje…' beside the dashboard's heading). */
export const inline = style([
  spinner,
  { display: 'inline-block', width: '1rem', height: '1rem', borderWidth: '2px', flex: 'none' },
]);
