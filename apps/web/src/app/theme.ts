import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Ten shades around the spec's theme colour #14467c (shade 7). Filled buttons, links and
 * focus rings use shade 7, so white text on them is about 9.6:1 (WCAG AA needs 4.5:1);
 * hover goes one shade darker. Shades 5 and 6 also keep 4.5:1 against white for text.
 */
const frameport: MantineColorsTuple = [
  '#eaf1f9',
  '#d3e1f0',
  '#a7c2e1',
  '#779fce',
  '#4f82be',
  '#3a6eaa',
  '#285b94',
  '#14467c',
  '#0f3a68',
  '#0a2d52',
];

export const theme = createTheme({
  colors: { frameport },
  primaryColor: 'frameport',
  primaryShade: 7,
  white: '#ffffff',
  black: '#1a1b1e',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  breakpoints: { xs: '27.5em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  components: {
    Button: { defaultProps: { fw: 600 } },
    // Toasts' close button has no accessible name otherwise (axe: button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/**
 * Mantine's light-scheme "dimmed" text is gray-6 (#868e96), about 3.3:1 on white, below AA.
 * gray-7 (#495057) keeps the secondary look at about 8:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's error red (red-6, about 3.3:1 on white) is below AA for error texts; red-9 is about 5.6:1.
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
