import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { WebkitTextSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: '1rem',
  lineHeight: 1.5,
});
globalStyle('h1, h2, h3', { fontFamily: vars.font.heading, lineHeight: 1.2, margin: 0 });
globalStyle('p', { margin: 0 });
globalStyle('a', { color: vars.color.accent });
globalStyle('button', { font: 'inherit' });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
// The `hidden` attribute wins over a component's display (a hidden link styled as a button).
globalStyle('[hidden]', { display: 'none !important' });
globalStyle('.visually-hidden', {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
globalStyle('*', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
