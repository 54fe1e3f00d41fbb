import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The portal's look: a sober government blue. Mantine's default filled blue (#228be6) gives 3.5:1 with white
 * text and fails WCAG 2.1 AA, so the primary palette is darker: shade 6 (#1d5ca8) is 6.7:1 with white and
 * shade 7 (#184e8f, hover) 8.3:1. Contrast figures are in the comments so a palette change can be re-checked.
 */
const govBlue: MantineColorsTuple = [
  '#e7f0fa',
  '#cddff3',
  '#9cbfe6',
  '#6a9dd8',
  '#417fcb',
  '#2a6cbc',
  '#1d5ca8',
  '#184e8f',
  '#134076',
  '#0d305a',
];

export const theme = createTheme({
  primaryColor: 'govBlue',
  primaryShade: 6,
  colors: { govBlue },
  autoContrast: true,
  // Someone who asked their system for less motion gets dialogs and menus without their fade and slide.
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  // Keyboard users always see where focus is (WCAG 2.4.7); mouse clicks do not draw the ring.
  focusRing: 'auto',
});

/**
 * Mantine's light-scheme greys for secondary text (gray-6, 3.3:1), placeholders (gray-5) and errors
 * (red-6, 4.5:1 only on pure white) fall short of 4.5:1 on tinted panels; these stay above it everywhere.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#495057', // 8.2:1 on white, 7.1:1 on govBlue-0
    '--mantine-color-placeholder': '#5c636a', // 6.1:1 on white
    '--mantine-color-error': '#c92a2a', // 5.5:1 on white
    '--mantine-color-anchor': govBlue[7], // 8.3:1 on white
  },
  dark: {},
});
