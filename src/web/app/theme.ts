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

/**
 * Mantine's orange with darker shades 8 and 9, the ones the warnings use (`orange.9` alerts, like the pending change
 * of a person's own email or mobile, and their titles in bold): Mantine's orange-9 (#d9480f) is 4.3:1 on white and
 * 4.1:1 on the body grey, under AA's 4.5:1 for text that small (axe color-contrast on the profile). Shade 9 (#a63a0a)
 * is 6.5:1 on white, 6.2:1 on #f8f9fa and 5.7:1 on its own light tint; shade 8 (#c2410c) 5.2:1 on white.
 */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#c2410c',
  '#a63a0a',
];

export const theme = createTheme({
  primaryColor: 'govBlue',
  primaryShade: 6,
  colors: { govBlue, orange },
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
