import { assignVars, createGlobalThemeContract, globalStyle } from '@vanilla-extract/css';

/** The one set of design tokens. Light by default, dark when the system asks for it. */
export const vars = createGlobalThemeContract(
  {
    color: {
      bg: 'bg',
      surface: 'surface',
      surfaceAlt: 'surface-alt',
      text: 'text',
      muted: 'muted',
      border: 'border',
      accent: 'accent',
      accentText: 'accent-text',
      accentHover: 'accent-hover',
      focus: 'focus',
      correct: 'correct',
      correctBg: 'correct-bg',
      wrong: 'wrong',
      wrongBg: 'wrong-bg',
      warn: 'warn',
      warnBg: 'warn-bg',
    },
    space: {
      xs: 'space-xs',
      sm: 'space-sm',
      md: 'space-md',
      lg: 'space-lg',
      xl: 'space-xl',
      xxl: 'space-xxl',
    },
    radius: { sm: 'radius-sm', md: 'radius-md', lg: 'radius-lg', pill: 'radius-pill' },
    font: { body: 'font-body', heading: 'font-heading', mono: 'font-mono' },
    shadow: { card: 'shadow-card' },
  },
  (name) => `kz-${name}`,
);

const light = {
  color: {
    bg: '#f5f3ee',
    surface: '#ffffff',
    surfaceAlt: '#eef2f6',
    text: '#1c2430',
    muted: '#566173',
    border: '#d6dbe2',
    accent: '#0b5a8c',
    accentText: '#ffffff',
    accentHover: '#094a73',
    focus: '#c2410c',
    correct: '#166534',
    correctBg: '#dcfce7',
    wrong: '#b91c1c',
    wrongBg: '#fee2e2',
    warn: '#854d0e',
    warnBg: '#fef9c3',
  },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem' },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  font: {
    // System fonts: full Croatian glyph coverage everywhere, nothing to download.
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
  shadow: { card: '0 1px 2px rgb(16 24 40 / 6%), 0 4px 16px rgb(16 24 40 / 8%)' },
};

const dark: typeof light = {
  ...light,
  color: {
    bg: '#0f141b',
    surface: '#171e28',
    surfaceAlt: '#1e2734',
    text: '#e7ebf0',
    muted: '#a3adbb',
    border: '#2f3a4a',
    accent: '#5fb3e8',
    accentText: '#0b1520',
    accentHover: '#86c6ef',
    focus: '#fb923c',
    correct: '#4ade80',
    correctBg: '#12351f',
    wrong: '#f87171',
    wrongBg: '#3b1416',
    warn: '#facc15',
    warnBg: '#3a3210',
  },
  shadow: { card: '0 1px 2px rgb(0 0 0 / 40%), 0 4px 16px rgb(0 0 0 / 35%)' },
};

globalStyle(':root', {
  vars: assignVars(vars, light),
  colorScheme: 'light dark',
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, dark) } },
});
